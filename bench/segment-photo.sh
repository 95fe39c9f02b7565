#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Segment Colours against PIL's median cut on the 24-Mpix photo (issue 22's
# CPU target: ours at most half of PIL's time), alternated ROUNDS times, on
# 2 threads, with each program's CPU time (perf task-clock) and the load.
#   bench/segment-photo.sh BUILD/bench/tessera-bench PHOTO.ppm [ROUNDS [BASELINE-BENCH]]
# PHOTO.ppm: /usr/bin/python3 bench/peers/emst_photo.py PHOTO.ppm.  With
# BASELINE-BENCH (another build's tessera-bench) it runs in each round too.
set -e
bench=$1
photo=$2
rounds=${3:-3}
baseline=$4
peers=$(dirname "$0")/peers/mst_segment_peers.py
ours () {
  perf stat -e task-clock -x, -o /tmp/segment-photo.$$ "$1" mst-segment \
    --input "$photo" --classes 8 --threads 2 --repeat 1 \
    | tr ' ' '\n' | grep -E '^[a-z_]+_ms=|^delta_e=' \
    | tr '\n' ' '
  echo "cpu_ms=$(grep task-clock /tmp/segment-photo.$$ | cut -d, -f1)"
}
for r in $(seq "$rounds"); do
  echo "round $r: load $(cut -d' ' -f1 /proc/loadavg)"
  printf '  ours      '; ours "$bench"
  if [ -n "$baseline" ]; then printf '  baseline  '; ours "$baseline"; fi
  printf '  PIL       '
  perf stat -e task-clock -x, -o /tmp/segment-photo.$$ /usr/bin/python3 \
    "$peers" --input "$photo" --classes 8 --repeat 1 --no-kmeans \
    | grep -i median | tr '\n' ' '
  echo "cpu_ms=$(grep task-clock /tmp/segment-photo.$$ | cut -d, -f1) (whole script)"
done
rm -f /tmp/segment-photo.$$
