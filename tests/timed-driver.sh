#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Automake test driver wrapper: runs the driver command that follows (the
# TAP driver with its arguments) and writes what the test took into
# NAME.time beside its NAME.trs, for the time tables of tests/times.sh (and
# .ci/run): wall-clock milliseconds, then the CPU milliseconds (user and
# system) of every process it waited for, GIMP's and the roots' included,
# which a busy machine changes less.  Automake's logs carry no duration.
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
# This shell's children's CPU time, in clock ticks: fields 16 and 17 of
# /proc/PID/stat, counted after the process name's parenthesis.
cpu_ms=$(sed 's/.*) //' "/proc/$$/stat" 2>/dev/null \
  | awk -v hz="$(getconf CLK_TCK 2>/dev/null || echo 100)" \
      '{ printf "%d", ($14 + $15) * 1000 / hz }')
[ -z "$trs" ] \
  || echo "$(( (end - start) / 1000000 )) ${cpu_ms:-0}" >"${trs%.trs}.time"
exit "$status"
