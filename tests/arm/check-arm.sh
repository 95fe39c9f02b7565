#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The core and its tests on aarch64: builds core/ and every core test
# (tests/core/test-*.c) with Debian's cross compiler and runs each under
# qemu-aarch64-static, with the same flags and seeds as the x86 build, so
# the references the tests compare with are the same.  No GIMP and no
# autotools: the core is plain C11 + OpenMP, the tests need GLib (arm64).
#
#   sh tests/arm/check-arm.sh [--quick | --scale S] [OUT-DIR] [TEST-NAME...]
#
# OUT-DIR (default build-arm) gets the objects, the test programs and one
# log per test; TEST-NAMEs (e.g. test-box-blur) pick tests, all by default.
# --scale S runs S times each test's random cases (TESSERA_TEST_SCALE,
# tests/reference/random.h; default: whatever the environment says, else
# all of them); --quick is --scale 0.1, the first tenth of each test's
# random cases, for CI.  JOBS (default 2) tests run at a time.
# Needs (Debian 12, as root):
#   dpkg --add-architecture arm64 && apt-get update
#   apt-get install gcc-aarch64-linux-gnu qemu-user-static libglib2.0-dev:arm64
# Exit status: 0 when every test passed.
set -eu
case ${1:-} in
  --quick) export TESSERA_TEST_SCALE=0.1; shift ;;
  --scale) export TESSERA_TEST_SCALE=$2; shift 2 ;;
esac
src=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-build-arm}
[ $# -gt 0 ] && shift
mkdir -p "$out/core" "$out/ref" "$out/tests"
out=$(cd "$out" && pwd)

CC=${CC:-aarch64-linux-gnu-gcc}
AR=${AR:-aarch64-linux-gnu-ar}
QEMU=${QEMU:-qemu-aarch64-static}
SYSROOT_LIB=/usr/lib/aarch64-linux-gnu
for tool in "$CC" "$AR" "$QEMU"; do
  command -v "$tool" >/dev/null 2>&1 \
    || { echo "check-arm: $tool missing (see the header of $0)" >&2; exit 2; }
done
[ -e "$SYSROOT_LIB/libglib-2.0.so" ] \
  || { echo "check-arm: no arm64 GLib: apt-get install libglib2.0-dev:arm64" >&2
       exit 2; }

# The x86 build's flags (configure.ac's TESSERA_CFLAGS, automake's -g -O2).
CFLAGS="-g -O2 -fopenmp -ffp-contract=off -Wall -Wextra -Wno-unused-parameter"
GLIB_CFLAGS="-I/usr/include/glib-2.0 -I$SYSROOT_LIB/glib-2.0/include"
: >"$out/config.h"
jobs=${JOBS:-2}

# compile OBJ-DIR FLAGS... -- SOURCES: one object per source, JOBS at once.
compile ()
{
  dir=$1; shift
  flags=""
  while [ "$1" != "--" ]; do flags="$flags $1"; shift; done
  shift
  printf '%s\n' "$@" | xargs -P "$jobs" -I{} sh -c \
    'o="$0/$(basename "{}" .c).o"; [ "$o" -nt "{}" ] || exec $1 $2 -c "{}" -o "$o"' \
    "$dir" "$CC" "$flags -I$out -DHAVE_CONFIG_H"
}

echo "check-arm: compiling the core ($CC)"
compile "$out/core" $CFLAGS -I"$src/core" -- "$src"/core/*.c
rm -f "$out/libcore.a"
$AR rcs "$out/libcore.a" "$out"/core/*.o
echo "check-arm: compiling the references"
compile "$out/ref" $CFLAGS $GLIB_CFLAGS -I"$src/core" -I"$src/tests/reference" \
  -I"$src/bench" -- "$src"/tests/reference/*.c "$src/bench/pnm.c" \
  "$src/tests/core/test-trace-bay-relay.c"
rm -f "$out/libref.a"
$AR rcs "$out/libref.a" "$out"/ref/*.o

if [ $# -eq 0 ]; then
  set -- $(cd "$src/tests/core" && ls test-*.c | sed 's/\.c$//' \
           | grep -v '^test-trace-bay-relay$')
fi
echo "check-arm: building $# tests"
printf '%s\n' "$@" | xargs -P "$jobs" -I{} sh -c \
  'exec $0 $1 -I$2/core -I$2/tests/reference -I$2/tests/core -I$2/bench \
     $2/tests/core/{}.c -o $3/tests/{} $3/libref.a $3/libcore.a \
     -lglib-2.0 -lm' \
  "$CC" "$CFLAGS $GLIB_CFLAGS -I$out -DHAVE_CONFIG_H" "$src" "$out"

# The programs run on the arm64 loader and libc that libglib2.0-dev:arm64
# brought (libc6:arm64, /lib/aarch64-linux-gnu).  Not the cross sysroot's
# (/usr/aarch64-linux-gnu, libc6-arm64-cross): its ld.so finds libraries
# through the host's /etc/ld.so.cache, so it loads the multiarch libc.so.6,
# a different glibc build, and that pair deadlocks in the first
# pthread_create (a bare pthread program hangs the same way).  libgomp comes
# from the cross sysroot unless libgomp1:arm64 is installed.
export QEMU_LD_PREFIX=${QEMU_LD_PREFIX:-/}
mkdir -p "$out/lib"
if [ ! -e "$SYSROOT_LIB/libgomp.so.1" ]; then
  cp "$($CC -print-file-name=libgomp.so.1)" "$out/lib/"
fi
export LD_LIBRARY_PATH="$out/lib"

# JOBS tests at a time, each under its own qemu.
echo "check-arm: running $# tests, scale ${TESSERA_TEST_SCALE:-1}, $jobs at a time"
begin=$(date +%s)
rm -f "$out"/tests/*.result
printf '%s\n' "$@" | xargs -P "$jobs" -I{} sh -c '
  test=$1 out=$2 qemu=$3
  start=$(date +%s)
  # GLib test subprocesses re-execute the aarch64 program, which needs
  # qemu registered with binfmt_misc (not in containers, as here):
  # TESSERA_SIMD parsing is checked on x86 only.
  skip=
  [ "$test" = test-simd ] && skip="-s /simd/environment"
  if "$qemu" "$out/tests/$test" --tap $skip >"$out/tests/$test.log" 2>&1; then
    result=PASS
  else
    result=FAIL
  fi
  passed=$(grep -c "^ok " "$out/tests/$test.log" || true)
  echo "$result: $test ($passed ok, $(( $(date +%s) - start )) s)" \
    | tee "$out/tests/$test.result"
' sh {} "$out" "$QEMU" || true
failed=0
for test in "$@"; do
  grep -q '^PASS' "$out/tests/$test.result" 2>/dev/null || failed=$((failed + 1))
done
echo "check-arm: $# tests, $failed failed, $(( $(date +%s) - begin )) s"
[ "$failed" -eq 0 ]
