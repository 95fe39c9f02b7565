#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# GIMP 3 batch test of every procedure on every kind of drawable (TAP), as
# tests/gimp/batch/drawables.batch does in GIMP 2.10: from Python (the test
# plug-in's case drawables), each procedure with each output kind on RGB,
# grey and high-bit-depth layers, a layer partly outside the canvas, a
# layer mask, channels, a text layer, a layer group, an indexed image's
# layer and channel.  What docs/scripting.md's table says: processed (something
# changed, in one undo group) or refused with the message that names the
# drawable and what to do, nothing changed (pixels, items, selection, undo).
# The run modes without arguments on each procedure, without a display.
# Skips when no GIMP 3 root can be had.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
root=$(sh "$top/tests/gimp3/root.sh") || {
  echo "1..0 # SKIP no GIMP 3 root here"; exit 0; }
. "$top/tests/gimp3/gimp3-env.sh"
work=/tmp/tessera-gimp3-drawables-$$
host_work=$root$work
in_root () { sh "$top/tests/gimp3/in-root.sh" "$root" "$@"; }
. "$top/tests/gimp3/python-case.sh"
[ -n "${TESSERA_KEEP:-}" ] || trap 'rm -rf "$host_work"' EXIT
mkdir -p "$host_work/profile"
export LC_ALL=C.UTF-8 LANGUAGE=C

n=0
report ()   # OK DESCRIPTION
{
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}

kinds="rgb-u8 grey-u16 rgb-float outside mask channel grey-channel text
       group indexed indexed-channel"
calls="box-blur fill-layer fill-in-place fill-selection reconstruct preset
       segment-copy segment-layers segment-channels trace trace-from-path"
echo "1..$((1 + ($(echo $kinds | wc -w) + 2) * $(echo $calls | wc -w)))"
in_root sh "$top/tests/gimp3/build.sh" "$work/plug-ins" >"$host_work/build.log" 2>&1
report $? "the GIMP 3 plug-ins build against libgimp-3.0 (GIMP $gimp3_version)"
cat >"$host_work/profile/gimprc" <<GIMPRC
(plug-in-path "$work/plug-ins:$gimp3_plugins")
GIMPRC
# With fonts, for the text layer.
python_case_fonts= python_case "$work/profile" drawables >"$host_work/python.log"

for kind in $kinds; do
  for call in $calls; do
    line=$(grep "^DRAWABLE $kind $call " "$host_work/python.log")
    case $kind in
      group) want='refused changed:nothing “tt-group” is a layer group, whose pixels cannot be modified; choose a layer inside it' ;;
      indexed*) want='refused changed:nothing Indexed images are not supported (“[^”]*” is in one); convert the image to RGB or Grayscale first' ;;
      *) want='ok changed:[a-z,]*undo' ;;
    esac
    case $line in
      *" skipped: "*)
        # GIMP started without fonts (-f) makes no text layer.
        n=$((n + 1))
        echo "ok $n - $call on $kind # SKIP ${line#* skipped: }"
        continue ;;
    esac
    echo "${line#DRAWABLE $kind $call }" | grep -q "^$want"
    report $? "$call on $kind: ${line:-no line; see python.log}"
  done
done

# The run modes that take no arguments: RUN-WITH-LAST-VALS runs (the last
# dialog's settings, here the defaults) or refuses cleanly, and opens no
# dialog; RUN-INTERACTIVE without a display is refused with a message;
# neither crashes the plug-in.
for mode in last-vals interactive; do
  for call in $calls; do
    line=$(grep "^RUNMODE $mode $call " "$host_work/python.log")
    rest=${line#RUNMODE $mode $call }
    case $rest in
      *"no return values"*|*crash*|"") false ;;
      "ok changed:"*) [ $mode = last-vals ] ;;
      "refused changed:nothing "?*) true ;;
      *) false ;;
    esac
    report $? "$call, $mode: ${line:-no line; see python.log}"
  done
done
