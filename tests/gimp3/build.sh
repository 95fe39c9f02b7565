#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the GIMP 3 plug-ins inside the GIMP 3 root (tests/gimp3/root.sh)
# with the tree's own configure (--with-gimp=3, no CUDA) and installs them
# into OUT_DIR/NAME/NAME, as GIMP 3 wants them, with their help pages in
# OUT_DIR/NAME/help; with GEGL_DIR, also the GEGL module (gegl/) into
# GEGL_DIR, or it fails where configure found no GEGL for it:
#   sh tests/gimp3/build.sh OUT_DIR [GEGL_DIR]
# run inside a root (GIMP 3.0 in trixie's, 3.2 in forky's) with the source
# tree at the same path.  The build
# folder, /var/tmp/tessera-gimp3-build-HASH of the tree's path, is kept, so
# each test after the first rebuilds only what changed.  The tree must hold
# a generated configure (./autogen.sh) and no build of its own in place.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$1
gegl_out=${2:-}
build=/var/tmp/tessera-gimp3-build-$(echo "$top" | cksum | cut -d' ' -f1)
mkdir -p "$build" "$out"
# Tests running at once (make -j2 check) build in turn.
exec 9>"$build.lock"
flock -x 9
cd "$build"
# A configure newer than the build's (autogen.sh ran again) starts over.
if [ ! -f config.status ] || [ "$top/configure" -nt config.status ]; then
  "$top/configure" -q --with-gimp=3 --with-cuda=no \
    --with-gimp3-plugin-dir="$out"
fi
make -s -j2 -C core libtessera-core.a
make -s -j2 -C ui
make -s -j2 -C plugins
# The programs, and their help pages beside them.
make -s -C plugins install-exec install-data-local gimp3plugindir="$out"
echo "gimp3 build: $(ls "$out" | grep -c tessera-) plug-in(s) in $out"
if [ -n "$gegl_out" ]; then
  make -s -j2 -C core libtessera-core-pic.a
  make -s -j2 -C gegl
  mkdir -p "$gegl_out"
  cp gegl/libtessera-gegl.so "$gegl_out/"
  echo "gimp3 build: the GEGL module in $gegl_out"
fi
