#!/bin/sh
# Builds the GIMP 3 plug-ins inside the GIMP 3 root (tests/gimp3/root.sh):
#   sh tests/gimp3/build.sh OUT_DIR
# run inside the root with the source tree at the same path.  Each plug-in
# goes to OUT_DIR/NAME/NAME, as GIMP 3 wants it; the core is compiled in
# without CUDA.  (Until configure's --with-gimp=3 does the same.)
#
# The GIMP 3 plug-in of plugins/FOLDER is tessera-FOLDER, made of the
# sources that FOLDER/gimp3.list names (GIMP 3 only, or shared with the
# 2.10 plug-in through tessera-gimp.h), over the shared glue below.
set -eu
cd "$(dirname "$0")/../.."
out=$1
mkdir -p "$out/obj"
cat >"$out/obj/config.h" <<CONFIG
#define GETTEXT_PACKAGE "tessera"
#define LOCALEDIR "/usr/share/locale"
#define ENABLE_NLS 1
CONFIG
flags="-std=gnu11 -O2 -fopenmp -ffp-contract=off -Wall -Wno-unused-parameter
  -I$out/obj -Icore -Iui -Iplugins/common -Iplugins/gimp3
  $(for d in plugins/*/; do printf ' -I%s' "${d%/}"; done)
  $(pkg-config --cflags gimp-3.0 gimpui-3.0 gegl-0.4)"
libs="$(pkg-config --libs gimp-3.0 gimpui-3.0 gegl-0.4) -fopenmp -lm"
objects=""
for src in core/*.c ui/tessera-format.c plugins/common/tessera-args.c \
    plugins/common/tessera-drawable.c plugins/common/tessera-output.c \
    plugins/common/tessera-progress.c plugins/common/tessera-region.c \
    plugins/gimp3/tessera-*.c; do
  obj="$out/obj/$(echo "${src%.c}" | tr / _).o"
  gcc $flags -c "$src" -o "$obj"
  objects="$objects $obj"
done
for folder in plugins/*/; do
  folder=${folder%/}
  case $folder in */common|*/gimp3) continue ;; esac
  [ -f "$folder/gimp3.list" ] || continue
  sources=$(sed "s|^|$folder/|" "$folder/gimp3.list")
  name=tessera-$(basename "$folder")
  mkdir -p "$out/$name"
  gcc $flags $sources $objects $libs -o "$out/$name/$name"
done
echo "gimp3 build: $(ls "$out" | grep -c tessera-) plug-in(s) in $out"
