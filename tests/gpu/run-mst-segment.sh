#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# On the GPU machine: builds without autotools, runs the GPU parity of
# Segment Colours (the whole-image pipeline, the device classes, the
# segmentation, the EMST) and the out-of-memory fallbacks, then times the
# 24-Mpix photo of bench/peers/emst_photo.py: the CUDA pipeline with the
# image on the device and end to end, each step's time
# (TESSERA_STAGE_TIMES), the CPU on 2 threads and PIL's median cut (8 and
# 16 classes), in one run.  Logs go to $OUT (default out/device/).
#
#   bash tests/gpu/run-mst-segment.sh [--cases N] [--repeat R] [--no-parity]
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${OUT:-out/device}
mkdir -p "$out"
cases=10
repeat=20
parity=yes
while [ $# -gt 0 ]; do
  case "$1" in
    --no-parity) parity= ;;
    --cases) cases=$2; shift ;;
    --repeat) repeat=$2; shift ;;
    *) echo "usage: $0 [--cases N] [--repeat R] [--no-parity]" >&2; exit 2 ;;
  esac
  shift
done
PY=${PY:-python3}
T=build-device/tessera-bench

nvidia-smi --query-gpu=name,driver_version --format=csv 2>&1 | tee "$out/gpu.txt"
SECONDS=0
bash bench/build-device.sh >"$out/build.log" 2>&1 \
  || { tail -40 "$out/build.log"; exit 1; }
echo "build: ok (${SECONDS}s)"

if [ -n "$parity" ]; then
  for op in mst-segment-image mst-segment-bands mst-weighted mst-segment emst; do
    SECONDS=0
    build-device/gpu-parity --cases "$cases" --only $op >"$out/parity-$op.log" 2>&1
    echo "gpu-parity $op exit $? (${SECONDS}s): $(tail -1 "$out/parity-$op.log")"
    grep -A1 "^not ok" "$out/parity-$op.log" | head -20
  done
  SECONDS=0
  build-device/gpu-out-of-memory >"$out/out-of-memory.log" 2>&1
  echo "gpu-out-of-memory exit $? (${SECONDS}s): $(grep -c '^ok' "$out/out-of-memory.log") ok, $(grep -c '^not ok' "$out/out-of-memory.log") not ok"
  grep '^not ok' "$out/out-of-memory.log"
fi

[ -s photo24.ppm ] || $PY bench/peers/emst_photo.py photo24.ppm || exit 1
for run in "8 weighted" "16 weighted" "0 weighted" "8 single"; do
  set -- $run
  $T mst-segment --input photo24.ppm --classes $1 --method $2 \
    --backend cuda --repeat "$repeat" 2>&1 | tee -a "$out/bench.log"
done
TESSERA_STAGE_TIMES=1 $T mst-segment --input photo24.ppm --classes 8 \
  --backend cuda --repeat 3 >"$out/stages.log" 2>&1
# The last run's steps (a device-resident one).
echo "stages (weighted, 8 classes, last run):"; grep '^stage' "$out/stages.log" | tail -11
for k in 8 16; do
  $T mst-segment --input photo24.ppm --classes $k --backend cpu --threads 2 \
    --repeat 1 2>&1 | tee -a "$out/bench.log"
  $PY bench/peers/mst_segment_peers.py --input photo24.ppm --classes $k \
    --repeat 1 --no-kmeans 2>&1 | tee -a "$out/bench.log"
done
