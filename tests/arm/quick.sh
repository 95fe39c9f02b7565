#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera — the core tests on aarch64 under qemu, quick: check-arm.sh
# --quick (every core test, the first tenth of its random cases, two at a
# time) as one TAP test per core test, then same-bytes.sh (tessera-bench
# on aarch64 against the x86 build's at every level) where the x86
# tessera-bench is built.  Skips where the cross compiler,
# qemu-user-static or the arm64 GLib is missing (setup.sh check installs
# them), so that make check stays green elsewhere.
set -u
top=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
for tool in aarch64-linux-gnu-gcc qemu-aarch64-static; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "1..0 # SKIP $tool not found"
    exit 0
  fi
done
if [ ! -e /usr/lib/aarch64-linux-gnu/libglib-2.0.so ]; then
  echo "1..0 # SKIP no arm64 GLib (libglib2.0-dev:arm64)"
  exit 0
fi
out=arm-quick
mkdir -p "$out"
log="$out/check-arm.log"
JOBS=${JOBS:-2} sh "$top/tests/arm/check-arm.sh" --quick "$out" >"$log" 2>&1
status=$?
n=$(grep -c -E '^(PASS|FAIL): ' "$log")
if [ "$n" -eq 0 ]; then
  echo "1..1"
  echo "not ok 1 - check-arm.sh built and ran the core tests (status $status)"
  sed 's/^/# /' "$log" | tail -n 40
  exit 0
fi
# aarch64's outputs against x86's, when the build has the x86 bench.
bench=${abs_top_builddir:-..}/bench/tessera-bench
same=
if [ -x "$bench" ]; then
  same=$(sh "$top/tests/arm/same-bytes.sh" "$out" "$bench" 2>&1)
fi
n_same=$(echo "$same" | grep -c -E '^(not )?ok ')
echo "1..$((n + n_same))"
i=0
grep -E '^(PASS|FAIL): ' "$log" | while read -r result rest; do
  i=$((i + 1))
  if [ "$result" = PASS: ]; then
    echo "ok $i - aarch64 $rest"
  else
    echo "not ok $i - aarch64 $rest"
    test=${rest%% *}
    sed 's/^/# /' "$out/tests/$test.log" | grep -v '^# ok ' | tail -n 20
  fi
done
grep '^check-arm: ' "$log" | sed 's/^/# /'
# same-bytes.sh's own TAP, numbered after the core tests.
echo "$same" | awk -v n="$n" '
  /^(not )?ok [0-9]+ / { sub(/ok [0-9]+ /, "ok " (n + ++k) " "); print; next }
  /^#/ { print }'
