#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The time table of the last test run in a build tree's tests folder: each
# tier's tests, their summed wall-clock and CPU seconds and its slowest
# test, then the slowest tests of all.  The figures are those
# tests/timed-driver.sh wrote (NAME.time beside NAME.log: wall-clock and
# CPU milliseconds); the tiers are tests/Makefile.am's (make print-tiers).
# Tests that did not run this time are left out.  Under make -j2 two tests
# run at once, so the wall-clock sums add up to about twice the run's time;
# the CPU seconds, GIMP's included, change less on a busy machine.
#
#   sh tests/times.sh BUILD/tests [HOW-MANY-SLOWEST]
set -u
dir=$1
slowest=${2:-15}
make -s -C "$dir" print-tiers 2>/dev/null | while read -r tier test; do
  base=$(echo "$test" | sed 's/\.\(batch\|dialog\|sh\)$//')
  [ -f "$dir/$base.time" ] || continue
  read -r wall cpu <"$dir/$base.time"
  echo "$tier $test $wall ${cpu:-0}"
done >"$dir/times.txt"
[ -s "$dir/times.txt" ] || { echo "times: no timed test in $dir"; exit 0; }
awk '
  { n[$1]++; wall[$1] += $3; cpu[$1] += $4; all += $3; allcpu += $4
    if ($3 > top[$1]) { top[$1] = $3; name[$1] = $2 }
    if (!($1 in seen)) { seen[$1] = 1; order[++tiers] = $1 } }
  END {
    printf "%-7s %6s %9s %9s  %s\n", "tier", "tests", "wall s", "CPU s", "slowest test (wall s)"
    for (i = 1; i <= tiers; i++) {
      t = order[i]
      printf "%-7s %6d %9.1f %9.1f  %s (%.1f)\n", t, n[t], wall[t] / 1000, \
        cpu[t] / 1000, name[t], top[t] / 1000
    }
    printf "%-7s %6d %9.1f %9.1f\n", "all", NR, all / 1000, allcpu / 1000
  }' "$dir/times.txt"
echo "slowest tests (wall s, CPU s):"
sort -k3,3nr "$dir/times.txt" | head -n "$slowest" \
  | awk '{ printf "  %8.1f %8.1f  %-6s %s\n", $3 / 1000, $4 / 1000, $1, $2 }'
