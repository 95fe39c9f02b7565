#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# GIMP 3.2 GUI test of the GEGL operations (TAP), on an Xvfb of the host's
# (X's abstract sockets reach into the chroot): GIMP 3.2 in the forky root
# opens the Landsat sample, the Filters menu is opened and screenshot with
# its Tessera submenu, then Box Blur (SAT, on canvas) is started from its
# menu entry (through GIMP's action search, which runs the same action),
# its split view switched on, and the screen taken with the on-canvas
# preview: left of the split the layer blurred, right of it as it was.
# The screenshots go to the build tree's tests/gimp3/screenshots for
# people to look at.  Skips without the root, Xvfb, xdotool or import.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
builddir=${abs_top_builddir:-$top/build}
shots=$builddir/tests/gimp3/screenshots
root=${TESSERA_GIMP32_ROOT:-/var/tmp/tessera-gimp3-root-forky}
for program in Xvfb xdotool import convert; do
  command -v $program >/dev/null 2>&1 || {
    echo "1..0 # SKIP $program is missing"; exit 0; }
done
if [ ! -f "$root/.tessera-ready" ] || [ ! -x "$root/usr/bin/gimp-3.2" ] \
   || [ ! -f "$root/usr/include/gegl-0.4/gegl-op.h" ]; then
  echo "1..0 # SKIP no GIMP 3.2 root with libgegl-dev at $root"; exit 0
fi
work=/tmp/tessera-gegl-gui-$$
host_work=$root$work
in_root () { sh "$top/tests/gimp3/in-root.sh" "$root" "$@"; }
xvfb_pid=
gimp=
cleanup ()
{
  [ -n "$gimp" ] && kill "$gimp" 2>/dev/null
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
  [ -n "${TESSERA_KEEP:-}" ] || rm -rf "$host_work"
}
trap cleanup EXIT
mkdir -p "$host_work/profile" "$shots"
n=0
report ()   # OK DESCRIPTION
{
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
echo "1..5"
in_root sh "$top/tests/gimp3/build.sh" "$work/plug-ins" \
  "$work/share/gegl-0.4/plug-ins" >"$host_work/build.log" 2>&1
report $? "the module and plug-ins build in the GIMP 3.2 root"
cat >"$host_work/profile/gimprc" <<GIMPRC
(plug-in-path "$work/plug-ins:/usr/lib/x86_64-linux-gnu/gimp/3.0/plug-ins")
GIMPRC
cp "$top/data/landsat-bahamas-791x718.png" "$host_work/sample.png"

Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp \
  3>"$host_work/display" >"$host_work/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 100); do [ -s "$host_work/display" ] && break; sleep 0.1; done
DISPLAY=:$(cat "$host_work/display")
export DISPLAY
for _ in $(seq 100); do
  xdotool getdisplaygeometry >/dev/null 2>&1 && break
  sleep 0.1
done

wait_for_window ()   # TITLE SECONDS: a visible window's ID
{
  deadline=$(($(date +%s) + $2))
  while [ "$(date +%s)" -le "$deadline" ]; do
    window=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n 1)
    [ -n "$window" ] && { echo "$window"; return 0; }
    sleep 0.5
  done
  return 1
}

# GIMP stays open after the batch (no --quit): the test drives it, then
# ends it.
( in_root env DISPLAY="$DISPLAY" NO_AT_BRIDGE=1 GIMP3_DIRECTORY="$work/profile" \
    HOME="$work" XDG_DATA_HOME="$work/share" \
    timeout 400 gimp-3.2 --new-instance --no-splash -d -f \
    --batch-interpreter=plug-in-script-fu-eval \
    -b "(gimp-display-new (car (gimp-file-load RUN-NONINTERACTIVE \"$work/sample.png\")))" \
    >"$host_work/gimp.log" 2>&1 ) &
gimp=$!
image=$(wait_for_window 'sample' 300)
[ -n "$image" ]
report $? "GIMP 3.2 shows the image"
[ -n "$image" ] || exit 1
sleep 5
xdotool windowactivate --sync "$image" windowsize --sync "$image" 1280 1000 \
  windowmove --sync "$image" 0 0 >/dev/null 2>&1
sleep 2
import -window root "$host_work/before.png"
# Filte_rs, up to its last entry (Tessera), into its submenu, where the
# operation's entry has the mnemonic o (B_ox Blur (SAT, on canvas)).
xdotool key --clearmodifiers alt+r
sleep 2
xdotool key Up
sleep 1
xdotool key Right
sleep 2
import -window root "$shots/gegl-tessera-menu.png"
xdotool key o
dialog=$(wait_for_window '^Box Blur \(SAT\)' 60)
[ -n "$dialog" ]
report $? "its menu entry opens the operation's dialog (Box Blur (SAT), $shots/gegl-tessera-menu.png)"
sleep 5
import -window root "$shots/gegl-dialog.png"
# Split view: its check box, right of Preview and Merge filter (283, 192
# from the dialog's corner in GIMP 3.2.6), then time for the preview.
xdotool mousemove --window "$dialog" 283 192 click 1
sleep 2
xdotool mousemove 1000 950
sleep 8
shot=$shots/gegl-split-view.png
import -window root "$shot"
[ -s "$shot" ]
report $? "a screenshot of the on-canvas preview with split view ($shot)"
# One side of the split blurred, the other as it was: the canvas changed
# on one side only (root mean square differences against before, in a
# band left and right of the split, above the dialog).
rmse ()   # GEOMETRY
{
  compare -metric RMSE "$host_work/before.png[$1]" "$shot[$1]" null: 2>&1 \
    | sed 's/.*(\(.*\)).*/\1/'
}
left=$(rmse 220x250+250+120)
right=$(rmse 200x250+500+120)
awk -v l="$left" -v r="$right" \
  'BEGIN { exit !((l > 3 * r || r > 3 * l) && (l > 0.01 || r > 0.01)) }'
report $? "the preview changes one side of the split only (RMSE $left left, $right right)"
exit 0
