#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Make-free build for machines without autotools or GLib (the GPU machine):
#
#   bash bench/build-device.sh [OUTPUT_FOLDER]      (default: build-device)
#
# Compiles core/*.c, cuda/*.cu, tests/reference/*.c, tests/gpu/*.c and
# bench/*.c with plain gcc and nvcc, in parallel, and links
#   OUTPUT_FOLDER/tessera-bench   from bench/*.c (skipped while bench/ has no main)
#   OUTPUT_FOLDER/gpu-parity      from tests/gpu/parity*.c
#   OUTPUT_FOLDER/NAME            from every other tests/gpu/NAME.c (own main)
# The folders are globbed, so new operations are picked up without edits
# here.  CC, NVCC, CFLAGS_EXTRA, NVCCFLAGS_EXTRA and JOBS override the
# defaults.  cudart is linked statically, as in the Autotools build.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-build-device}
CC=${CC:-gcc}
NVCC=${NVCC:-nvcc}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 4)}

if ! command -v "$NVCC" >/dev/null 2>&1; then
  for candidate in /usr/local/cuda/bin/nvcc /usr/bin/nvcc; do
    [ -x "$candidate" ] && NVCC=$candidate && break
  done
fi
command -v "$NVCC" >/dev/null 2>&1 || { echo "build-device: nvcc not found" >&2; exit 1; }
cuda_home=$(cd "$(dirname "$(command -v "$NVCC")")/.." && pwd)

includes="-Icore -Icuda -Itests/reference -Ibench"
cflags="-std=c11 -O2 -fopenmp -ffp-contract=off -DTESSERA_HAVE_CUDA $includes -Wall -Wno-unused-parameter ${CFLAGS_EXTRA:-}"
nvccflags="-O3 -std=c++17 -gencode arch=compute_90,code=sm_90 -gencode arch=compute_75,code=compute_75 --threads 2 -DTESSERA_HAVE_CUDA -Icore -Icuda ${NVCCFLAGS_EXTRA:-}"
libs="-L$cuda_home/lib64 -L$cuda_home/targets/x86_64-linux/lib -lcudart_static -ldl -lrt -lpthread -lstdc++ -lm -fopenmp"

mkdir -p "$out/obj"

# One compile command per line; the .cu files first, since they take longest.
object_of () { echo "$out/obj/$(echo "${1%.*}" | tr '/' '_').o"; }
commands=$(mktemp)
trap 'rm -f "$commands"' EXIT
for src in cuda/*.cu; do
  [ -e "$src" ] || continue
  echo "$NVCC $nvccflags -c $src -o $(object_of "$src")" >>"$commands"
done
for src in core/*.c tests/reference/*.c tests/gpu/*.c bench/*.c; do
  [ -e "$src" ] || continue
  echo "$CC $cflags -c $src -o $(object_of "$src")" >>"$commands"
done

echo "build-device: compiling $(wc -l <"$commands") files with $JOBS jobs into $out/"
xargs -P "$JOBS" -d '\n' -n 1 sh -c 'echo "  ${0%% *} ${0##* -c }"; eval "$0"' <"$commands"

archive () {  # NAME SOURCES…
  local name=$1; shift
  local objects=()
  for src in "$@"; do
    [ -e "$src" ] && objects+=("$(object_of "$src")")
  done
  rm -f "$out/$name"
  if [ ${#objects[@]} -gt 0 ]; then
    ar rcs "$out/$name" "${objects[@]}"
  else
    ar rcs "$out/$name"
  fi
}
archive libtessera-core.a core/*.c
archive libtessera-cuda.a cuda/*.cu
archive libtessera-reference.a tests/reference/*.c
archives="-Wl,--start-group $out/libtessera-reference.a $out/libtessera-core.a $out/libtessera-cuda.a -Wl,--end-group"

link () {  # PROGRAM SOURCES…
  local program=$1; shift
  local objects=()
  for src in "$@"; do objects+=("$(object_of "$src")"); done
  echo "  LINK $out/$program"
  $CC -o "$out/$program" "${objects[@]}" $archives $libs
}

has_main () { grep -l -E '^main[[:space:]]*\(|[[:space:]]main[[:space:]]*\(' "$@" >/dev/null 2>&1; }

bench_sources=$(ls bench/*.c 2>/dev/null || true)
if [ -n "$bench_sources" ] && has_main $bench_sources; then
  link tessera-bench $bench_sources
else
  echo "build-device: bench/ has no main yet; tessera-bench skipped"
fi

parity_sources=$(ls tests/gpu/parity*.c 2>/dev/null || true)
[ -n "$parity_sources" ] && link gpu-parity $parity_sources
for src in tests/gpu/*.c; do
  [ -e "$src" ] || continue
  case "$(basename "$src")" in parity*) continue ;; esac
  has_main "$src" && link "$(basename "${src%.c}")" "$src"
done
echo "build-device: done"
