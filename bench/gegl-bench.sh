#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Times the GEGL operations (gegl/) with GIMP 3.2's GEGL, in the forky root
# (tests/gimp3/build.sh's build there): tessera:box-blur against GEGL's own
# gegl:box-blur at the same radius, alternating, on a W x H R'G'B'A u8
# buffer, and the peak memory of each operation in layers (each in a
# process of its own, since the peak only grows):
#   sh bench/gegl-bench.sh [W H RADIUS ROUNDS MEMORY-SIDE]
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
root=${TESSERA_GIMP32_ROOT:-/var/tmp/tessera-gimp3-root-forky}
w=${1:-16000} h=${2:-16000} radius=${3:-10} rounds=${4:-3} side=${5:-4000}
build=/var/tmp/tessera-gimp3-build-$(echo "$top" | cksum | cut -d' ' -f1)
sh "$top/tests/gimp3/in-root.sh" "$root" sh -c "
  cd $build && make -s -C tests libtessera-testref.a gegl/test-gegl-ops || exit 1
  echo \"# \$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), \$(nproc) threads, load \$(cut -d' ' -f1 /proc/loadavg), GEGL \$(pkg-config --modversion gegl-0.4)\"
  tests/gegl/test-gegl-ops --bench $w $h tessera:box-blur $radius $rounds
  for op in tessera:box-blur tessera:reconstruct-preset tessera:segment-colours tessera:fill-contours; do
    tests/gegl/test-gegl-ops --bench $side $side \$op 10 1 | grep \"^# \$op\"
  done"

# The same inside GIMP 3.2, as a user applies them (gegl-gimp-bench.py).
[ -n "${TESSERA_BENCH_GIMP:-}" ] || exit 0
work=/tmp/tessera-gegl-bench-$$
mkdir -p "$root$work/profile"
cp "$top/bench/gegl-gimp-bench.py" "$root$work/"
sh "$top/tests/gimp3/in-root.sh" "$root" sh -c "
  cd $build && mkdir -p $work/share/gegl-0.4/plug-ins &&
  cp gegl/libtessera-gegl.so $work/share/gegl-0.4/plug-ins/ &&
  env GIMP3_DIRECTORY=$work/profile HOME=$work XDG_DATA_HOME=$work/share \
    TESSERA_BENCH='$w $h $radius $rounds' \
    timeout 1200 gimp-console-3.2 -i -d -f --quit \
    --batch-interpreter=python-fu-eval \
    -b \"exec(open('$work/gegl-gimp-bench.py').read())\" 2>&1 | grep '^#'"
rm -rf "${root:?}$work"
