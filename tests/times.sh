#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The time table of the last test run in a build tree's tests folder: each
# tier's tests, their summed seconds and its slowest test, then the slowest
# tests of all.  The seconds are those tests/timed-driver.sh wrote (NAME.time
# beside NAME.log, in milliseconds); the tiers are tests/Makefile.am's
# (make print-tiers).  Tests that did not run this time are left out.  Under
# make -j2 two tests run at once, so the tiers' sums add up to about twice
# the wall-clock time.
#
#   sh tests/times.sh BUILD/tests [HOW-MANY-SLOWEST]
set -u
dir=$1
slowest=${2:-15}
make -s -C "$dir" print-tiers 2>/dev/null | while read -r tier test; do
  base=$(echo "$test" | sed 's/\.\(batch\|dialog\|sh\)$//')
  [ -f "$dir/$base.time" ] && echo "$tier $test $(cat "$dir/$base.time")"
done >"$dir/times.txt"
[ -s "$dir/times.txt" ] || { echo "times: no timed test in $dir"; exit 0; }
awk '
  { n[$1]++; ms[$1] += $3; all += $3
    if ($3 > top[$1]) { top[$1] = $3; name[$1] = $2 }
    if (!($1 in seen)) { seen[$1] = 1; order[++tiers] = $1 } }
  END {
    printf "%-7s %6s %9s  %s\n", "tier", "tests", "seconds", "slowest test"
    for (i = 1; i <= tiers; i++) {
      t = order[i]
      printf "%-7s %6d %9.1f  %s (%.1f s)\n", t, n[t], ms[t] / 1000, name[t], top[t] / 1000
    }
    printf "%-7s %6d %9.1f\n", "all", NR, all / 1000
  }' "$dir/times.txt"
echo "slowest tests (seconds):"
sort -k3,3nr "$dir/times.txt" | head -n "$slowest" \
  | awk '{ printf "  %8.1f  %-6s %s\n", $3 / 1000, $1, $2 }'
