#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# On the GPU machine: the GPU figures of bench/RESULTS.md's opening table in
# one call.  Builds without autotools, runs the parity program for every
# operation and the out-of-memory fallbacks, then times each operation on
# the device and end to end next to its GPU peer (CuPy) on the same input,
# what the automatic backend picks for host images, and what a process's
# first GPU call costs (the CUDA context).  Logs go to $OUT (default
# out/device/); the last lines are a short summary.
#
#   bash tests/gpu/run-table.sh [--cases N] [--quick]
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${OUT:-out/device}
mkdir -p "$out"
cases=40
quick=
while [ $# -gt 0 ]; do
  case "$1" in
    --cases) cases=$2; shift ;;
    --quick) quick=yes ;;
    *) echo "usage: $0 [--cases N] [--quick]" >&2; exit 2 ;;
  esac
  shift
done

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader \
  2>&1 | tee "$out/gpu.txt"
SECONDS=0
JOBS=${JOBS:-16} bash bench/build-device.sh bd >"$out/build.log" 2>&1 \
  || { tail -40 "$out/build.log"; exit 1; }
echo "build: ok (${SECONDS}s)"

SECONDS=0
bd/gpu-parity --cases "$cases" >"$out/parity.log" 2>&1
echo "gpu-parity exit $? (${SECONDS}s): $(tail -1 "$out/parity.log")" \
  | tee "$out/summary.txt"
grep -A1 '^not ok' "$out/parity.log" | head -20
bd/gpu-out-of-memory >"$out/oom.log" 2>&1
echo "gpu-out-of-memory exit $?: $(tail -1 "$out/oom.log")" \
  | tee -a "$out/summary.txt"
[ -n "$quick" ] && exit 0

T=bd/tessera-bench
log=$out/table.log
run () { echo "\$ $*" >>"$log"; "$@" 2>&1 | tee -a "$log"; }

# A process's first GPU call: a tiny blur, the whole process timed.
for backend in cpu cuda cpu cuda; do
  start=$EPOCHREALTIME
  $T box-blur --width 64 --height 64 --backend $backend --repeat 1 >/dev/null 2>&1
  awk -v a="$start" -v b="$EPOCHREALTIME" -v k=$backend \
    'BEGIN { printf "first-call %s %.3f s\n", k, b - a }' | tee -a "$log"
done

run $T box-blur --width 7680 --height 4320 --rx 25 --ry 25 --backend cuda \
  --repeat 100 --save-input /tmp/bb.pam
run $T box-blur --width 7680 --height 4320 --rx 25 --ry 25 --backend cuda \
  --repeat 100 --type f32
for backend in cpu auto; do
  run $T box-blur --input /tmp/bb.pam --rx 25 --ry 25 --backend $backend \
    --threads 2 --repeat 10
done
run python3 bench/peers/box_blur_peers.py --input /tmp/bb.pam --gpu --no-gegl \
  --threads 2 --repeat 20
run python3 bench/peers/box_blur_peers.py --input /tmp/bb.pam --gpu --no-gegl \
  --threads 2 --repeat 20 --type f32

run $T fill-contours --backend cuda --method fast --repeat 200 \
  --save-input /tmp/c8k.pgm --output /tmp/fill.pgm
for backend in cpu auto; do
  run $T fill-contours --input /tmp/c8k.pgm --backend $backend --threads 2 \
    --method fast --repeat 10
done
run python3 bench/peers/fill_contours_peers.py --input /tmp/c8k.pgm \
  --expect /tmp/fill.pgm --threads 2 --gpu --repeat 20 --scipy-repeat 1

run $T reconstruct --backend cuda --repeat 30 --save-input /tmp/m.pgm \
  --save-marker /tmp/k.pgm --output /tmp/rg.pgm
for backend in cpu auto; do
  run $T reconstruct --input /tmp/m.pgm --marker /tmp/k.pgm \
    --backend $backend --threads 2 --repeat 5
done
run python3 bench/peers/reconstruct_peers.py --input /tmp/m.pgm \
  --marker /tmp/k.pgm --expect /tmp/rg.pgm --gpu --repeat 3

for points in 100000 1000000; do
  run $T emst --points $points --backend cuda --repeat 20
done
run $T emst --points 100000 --backend auto --threads 2 --repeat 3

for points in 256 1024; do
  run $T trace --nodes 8 --points $points --backend cuda --repeat 10
  run $T trace --nodes 8 --points $points --backend auto --threads 2 --repeat 5
done

echo "--- summary"
cat "$out/summary.txt"
grep -E '^(first-call|box-blur|fill-contours|reconstruct|emst|trace) ' "$log" \
  | cut -c1-150
