#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# On the GPU machine: builds without autotools, runs the GPU parity program,
# then times the box blur (methods and kernel shapes, then tessera-bench)
# next to its GPU peers (CuPy uniform_filter, a device-to-device copy) on
# the same 7680x4320 RGBA input.  Logs go to $OUT (default out/device/).
#
#   bash tests/gpu/run-box-blur.sh [--cases N] [--no-sweep] [--no-parity]
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${OUT:-out/device}
mkdir -p "$out"
sweep=--sweep
cases=200
parity=yes
while [ $# -gt 0 ]; do
  case "$1" in
    --no-sweep) sweep= ;;
    --no-parity) parity= ;;
    --cases) cases=$2; shift ;;
    *) echo "usage: $0 [--cases N] [--no-sweep] [--no-parity]" >&2; exit 2 ;;
  esac
  shift
done

nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem \
  --format=csv 2>&1 | tee "$out/gpu.txt"
SECONDS=0
bash bench/build-device.sh >"$out/build.log" 2>&1 \
  || { tail -40 "$out/build.log"; exit 1; }
echo "build: ok (${SECONDS}s)"

# The main kernel's machine code, for counting instructions offline.
cuobjdump -sass build-device/obj/cuda_box-blur.o 2>/dev/null \
  | awk '/Function : .*fused_kernelILb1EhLi4EjE/ { on = 1 } on { print }
         on && /^[[:space:]]*\.{10}/ { exit }' >"$out/fused-u8x4.sass"

if [ -n "$parity" ]; then
  SECONDS=0
  build-device/gpu-parity --cases "$cases" --only box-blur >"$out/parity.log" 2>&1
  echo "gpu-parity exit $? (${SECONDS}s): $(tail -1 "$out/parity.log")"
  grep -A1 '^not ok' "$out/parity.log" | head -30
fi

build-device/box-blur-timing $sweep 2>&1 | tee "$out/timing.log"

bench=build-device/tessera-bench
input=/tmp/box-blur-8k.pam
if [ -x "$bench" ]; then
  for method in auto sat-tiles fused; do
    $bench box-blur --width 7680 --height 4320 --backend cuda --rx 25 \
      --ry 25 --method $method --repeat 20 --save-input "$input" 2>&1 \
      | tee -a "$out/bench.log"
  done
  $bench box-blur --width 7680 --height 4320 --backend cuda --rx 25 --ry 25 \
    --type f32 --repeat 20 2>&1 | tee -a "$out/bench.log"
  for type in stored f32; do
    python3 bench/peers/box_blur_peers.py --input "$input" --gpu --no-gegl \
      --threads "$(nproc)" --repeat 20 --type $type 2>&1 \
      | tee -a "$out/peers.log"
  done
fi
