#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# aarch64 gives x86's bytes (TAP): tessera-bench cross-built on the aarch64
# core that check-arm.sh built (NEON where GCC vectorises the portable
# loops) runs each operation under qemu on the same random input as the x86
# build's tessera-bench at each of its instruction-set levels
# (TESSERA_SIMD=plain, avx2, avx512: the levels the CPU lacks run the best
# it has), and the outputs must be equal byte for byte.
#
#   sh tests/arm/same-bytes.sh ARM-OUT X86-TESSERA-BENCH
#
# ARM-OUT is check-arm.sh's output folder (libcore.a, libref.a, lib/).
set -u
arm=$(cd "$1" && pwd)
x86=$2
src=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-aarch64-linux-gnu-gcc}
QEMU=${QEMU:-qemu-aarch64-static}
SYSROOT_LIB=/usr/lib/aarch64-linux-gnu
export QEMU_LD_PREFIX=${QEMU_LD_PREFIX:-/} LD_LIBRARY_PATH="$arm/lib"
work=$arm/same-bytes
mkdir -p "$work"

# Each case: a name, then tessera-bench's arguments (small random inputs,
# the x86 suite's shapes: u8, u16 and float blurs, fill, reconstruction and
# segmentation).
cases='box-blur-rgba-u8|box-blur --width 640 --height 480 --channels 4 --type u8 --rx 7 --ry 3
box-blur-rgb-u16|box-blur --width 333 --height 211 --channels 3 --type u16 --rx 40 --ry 2 --iterations 3
box-blur-rgba-f32|box-blur --width 320 --height 240 --channels 4 --type f32 --rx 5 --ry 5
fill-contours|fill-contours --width 640 --height 480
reconstruct|reconstruct --width 512 --height 512
mst-segment|mst-segment --width 256 --height 256 --classes 8'
n_cases=$(echo "$cases" | wc -l)
echo "1..$((n_cases + 1))"

if ! $CC -std=c11 -O2 -fopenmp -ffp-contract=off -I"$arm" -DHAVE_CONFIG_H \
      -I"$src/core" -I"$src/tests/reference" -I"$src/bench" \
      "$src"/bench/*.c -o "$work/tessera-bench" "$arm/libref.a" "$arm/libcore.a" \
      -lglib-2.0 -lm >"$work/build.log" 2>&1; then
  echo "not ok 1 - tessera-bench cross-built for aarch64"
  sed 's/^/# /' "$work/build.log" | tail -n 20
  exit 0
fi
echo "ok 1 - tessera-bench cross-built for aarch64"

i=1
echo "$cases" | while IFS='|' read -r name args; do
  i=$((i + 1))
  # shellcheck disable=SC2086
  "$QEMU" "$work/tessera-bench" $args --threads 2 --repeat 1 --backend cpu \
    --output "$work/$name.arm.pam" >"$work/$name.arm.log" 2>&1
  differ=
  for level in plain avx2 avx512; do
    # shellcheck disable=SC2086
    TESSERA_SIMD=$level "$x86" $args --threads 2 --repeat 1 --backend cpu \
      --output "$work/$name.$level.pam" >"$work/$name.$level.log" 2>&1
    ran=$(sed -n 's/.* simd=\([a-z0-9]*\).*/\1/p' "$work/$name.$level.log")
    cmp -s "$work/$name.arm.pam" "$work/$name.$level.pam" \
      || differ="$differ $level${ran:+ (ran $ran)}"
  done
  if [ -s "$work/$name.arm.pam" ] && [ -z "$differ" ]; then
    echo "ok $i - $name: aarch64's output is x86's at every level"
  else
    echo "not ok $i - $name: aarch64's output differs from x86's:${differ:- (none written)}"
    tail -n 3 "$work/$name.arm.log" | sed 's/^/# /'
  fi
done
