#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Automake test driver wrapper: runs the driver command that follows (the
# TAP driver with its arguments) and writes the wall-clock seconds the test
# took into NAME.time beside its NAME.trs, for the time tables of
# tests/times.sh (and .ci/run).  Automake's logs carry no duration.
#
#   LOG_DRIVER = $(SHELL) timed-driver.sh DRIVER [DRIVER-ARG...]
set -u
trs=
previous=
for arg in "$@"; do
  [ "$previous" = --trs-file ] && trs=$arg
  previous=$arg
done
start=$(date +%s%N)
"$@"
status=$?
end=$(date +%s%N)
[ -z "$trs" ] || echo "$(( (end - start) / 1000000 ))" >"${trs%.trs}.time"
exit "$status"
