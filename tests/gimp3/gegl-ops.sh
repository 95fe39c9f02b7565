#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# GIMP 3.2 batch tests of the GEGL operations (gegl/, TAP): the module and
# the GIMP 3 plug-ins built in the Debian forky root (GIMP 3.2), then
# gegl-ops.py in gimp-console-3.2 applies each operation to a layer as a
# non-destructive filter and compares the merged pixels with the plug-in's
# (see there).  With TESSERA_GEGL_GIMP=3.0 (gegl-ops-3.0.sh), the same in
# GIMP 3.0's Debian 13 root (root.sh), which loads the same module but has
# no gimp-drawable-filter-operation-get-available.  Skips when there is no
# such root with GEGL's headers.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
gimp=${TESSERA_GEGL_GIMP:-3.2}
if [ "$gimp" = 3.0 ]; then
  root=${TESSERA_GIMP3_ROOT:-/var/tmp/tessera-gimp3-root}
else
  root=${TESSERA_GIMP32_ROOT:-/var/tmp/tessera-gimp3-root-forky}
fi
console=gimp-console-$gimp
if [ ! -f "$root/.tessera-ready" ] || [ ! -x "$root/usr/bin/$console" ] \
   || [ ! -f "$root/usr/include/gegl-0.4/gegl-op.h" ]; then
  echo "1..0 # SKIP no GIMP $gimp root with libgegl-dev at $root"; exit 0
fi
work=/tmp/tessera-gegl-ops-$$
host_work=$root$work
in_root () { sh "$top/tests/gimp3/in-root.sh" "$root" "$@"; }
[ -n "${TESSERA_KEEP:-}" ] || trap 'rm -rf "$host_work"' EXIT
mkdir -p "$host_work/profile"

# The module where make install-user puts it: the user's GEGL plug-ins.
if ! in_root sh "$top/tests/gimp3/build.sh" "$work/plug-ins" \
     "$work/share/gegl-0.4/plug-ins" \
     >"$host_work/build.log" 2>&1; then
  echo "1..1"; echo "not ok 1 - the module and plug-ins build in $root"
  tail -20 "$host_work/build.log"; exit 1
fi
cat >"$host_work/profile/gimprc" <<GIMPRC
(plug-in-path "$work/plug-ins:/usr/lib/x86_64-linux-gnu/gimp/3.0/plug-ins")
GIMPRC

cp "$top/data/landsat-bahamas-791x718.png" "$host_work/rgb.png"
cp "$top/data/line-art-640x480.png" "$host_work/line-art.png"
# An RGBA input: the photo with alpha falling from left to right.
convert "$host_work/rgb.png" \( -size 791x718 gradient:white-black -rotate 90 \
  -resize 791x718! \) -alpha off -compose copy_opacity -composite \
  "$host_work/rgba.png"
cp "$top/tests/gimp3/gegl-ops.py" "$host_work/gegl-ops.py"

in_root env GIMP3_DIRECTORY="$work/profile" HOME="$work" \
  XDG_DATA_HOME="$work/share" TESSERA_WORK="$work" \
  timeout 600 $console -i -d -f --quit \
  --batch-interpreter=python-fu-eval \
  -b "exec(open('$work/gegl-ops.py').read())" >"$host_work/gimp.log" 2>&1
grep -E '^(not )?ok [0-9]+ - ' "$host_work/gimp.log" >"$host_work/tap"
if grep -q '^tessera-gegl-ops: ' "$host_work/gimp.log"; then
  echo "ok - gegl-ops.py ran to its end in GIMP $(in_root $console --version 2>/dev/null | sed 's/.* //')" >>"$host_work/tap"
else
  echo "not ok - gegl-ops.py ran to its end" >>"$host_work/tap"
fi
echo "1..$(wc -l <"$host_work/tap")"
awk '{ sub(/^(not )?ok( [0-9]+)?/, $1 == "not" ? "not ok " NR : "ok " NR); print }' "$host_work/tap"
if grep -q '^not ok' "$host_work/tap"; then
  grep -iE 'warning|critical|error|Traceback' "$host_work/gimp.log" | head -20 | sed 's/^/# /'
  exit 1
fi
exit 0
