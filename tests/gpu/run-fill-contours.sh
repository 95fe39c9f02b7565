#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# On the GPU machine: builds without autotools, runs the GPU parity program
# for Fill Closed Contours, then times every method on the 7680x4320
# synthetic contour map (device-resident and end to end, one image and
# batches) next to its peers (OpenCV, SciPy, CuPy binary_fill_holes and
# label) on the same map.  Logs go to $OUT (default out/device/).
#
#   bash tests/gpu/run-fill-contours.sh [--cases N] [--no-parity]
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${OUT:-out/device}
mkdir -p "$out"
cases=40
parity=yes
while [ $# -gt 0 ]; do
  case "$1" in
    --no-parity) parity= ;;
    --cases) cases=$2; shift ;;
    *) echo "usage: $0 [--cases N] [--no-parity]" >&2; exit 2 ;;
  esac
  shift
done

nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv,noheader \
  2>&1 | tee "$out/gpu.txt"
SECONDS=0
bash bench/build-device.sh >"$out/build.log" 2>&1 \
  || { tail -40 "$out/build.log"; exit 1; }
echo "build: ok (${SECONDS}s)"

if [ -n "$parity" ]; then
  SECONDS=0
  build-device/gpu-parity --cases "$cases" --only fill-contours \
    >"$out/parity.log" 2>&1
  echo "gpu-parity exit $? (${SECONDS}s): $(tail -1 "$out/parity.log")"
  grep -A1 '^not ok' "$out/parity.log" | head -20
fi

bench=build-device/tessera-bench
map=/tmp/fill-contours-8k.pgm
run () { "$bench" fill-contours "$@" 2>&1 | tee -a "$out/bench.log"; }
run --backend cuda --method fast --repeat 200 --save-input "$map" \
  --output /tmp/fill-fast.pgm
run --input "$map" --backend cuda --method fast --repeat 200 \
  --connectivity 8 --output /tmp/fill-fast8.pgm
run --backend cuda --method fast --repeat 200 --shapes 1
run --input "$map" --backend cuda --method paper-gpu --repeat 10
run --input "$map" --backend cuda --method paper --repeat 10
# Batches: e2e_ms is that of the whole batch.
run --input "$map" --backend cuda --method fast --batch 1 --repeat 20
run --input "$map" --backend cuda --method fast --batch 100 --repeat 3
run --input "$map" --backend cuda --method paper --batch 1 --repeat 5
run --input "$map" --backend cuda --method paper --batch 30 --repeat 2
for method in fast serial; do
  run --input "$map" --backend cpu --threads 2 --method $method --repeat 10
done
for connectivity in 4 8; do
  expect=/tmp/fill-fast.pgm
  [ $connectivity = 8 ] && expect=/tmp/fill-fast8.pgm
  python3 bench/peers/fill_contours_peers.py --input "$map" --expect "$expect" \
    --threads 2 --gpu --repeat 20 --scipy-repeat 1 \
    --connectivity $connectivity 2>&1 | tee -a "$out/peers.log"
done
