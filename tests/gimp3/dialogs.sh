#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# GIMP 3 dialog smoke tests (TAP): for each case below, GIMP 3's GUI (in the
# Debian 13 root, on an Xvfb of the host's: X's abstract sockets reach into
# the chroot) opens the sample, calls the procedure RUN-INTERACTIVE from
# Script-Fu, the dialog shows, the case's clicks (if any) are made on it, a
# screenshot is taken into the build tree's tests/gimp3/screenshots for
# people to look at (and one of each tooltip the case points at), F1 must
# ask for the procedure's help page (the profile's web browser is a
# stand-in that writes the address it is given), Return presses OK, and the
# procedure must run to the end and change what the case says.
# Skips when no GIMP 3 root can be had or Xvfb, xdotool or import is
# missing.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
builddir=${abs_top_builddir:-$top/build}
shots=$builddir/tests/gimp3/screenshots

# NAME|SAMPLE (in data/)|WINDOW TITLE (extended regex)|CALL, with image,
# drawable and drawables bound|WHAT CHANGES: pixels (of the image,
# flattened), layers (their number), channels or paths|CLICKS: X,Y ... with
# button 1 in the dialog, or none.  Trace Line's view shows the 791x718
# Landsat sample fitted at 71 % from (12, 47) of the dialog: trace-line
# clicks (401, 300), (418, 400) and (449, 480) of the image, on the east
# coast where the reef meets the deep sea, as the GIMP 2.10 dialog test
# does.  Then, optionally, |POINTS: X,Y ... of the dialog to rest the
# pointer on, one after the other, each for a screenshot
# NAME-tooltip-N.png of the tooltip that shows.  Then, optionally,
# |PROCEDURE SETTINGS: the dialog opens with these, as if they were the last
# used (GIMP 3 opens a dialog on its last values, not on the call's).
cases='
box-blur|landsat-bahamas-791x718.png|Box Blur|(plug-in-tessera-box-blur #:run-mode RUN-INTERACTIVE #:image image #:drawables drawables)|pixels
fill-contours|line-art-640x480.png|Fill Closed Contours|(plug-in-tessera-fill-contours #:run-mode RUN-INTERACTIVE #:image image #:drawables drawables)|layers||880,136 746,393 825,437
mst-segment|landsat-bahamas-791x718.png|Segment Colours|(plug-in-tessera-mst-segment #:run-mode RUN-INTERACTIVE #:image image #:drawables drawables)|layers
mst-segment-one-colour|landsat-bahamas-791x718.png|Segment Colours|(begin (gimp-drawable-fill drawable FILL-WHITE) (plug-in-tessera-mst-segment #:run-mode RUN-INTERACTIVE #:image image #:drawables drawables))|layers|||plug-in-tessera-mst-segment (classes 0)
reconstruct|landsat-bahamas-791x718.png|^Morphological Reconstruction$|(plug-in-tessera-reconstruct #:run-mode RUN-INTERACTIVE #:image image #:drawables drawables)|layers
reconstruct-warning|landsat-bahamas-791x718.png|^Morphological Reconstruction$|(let ((marker (car (gimp-layer-copy (vector-ref drawables 0))))) (gimp-image-insert-layer image marker 0 0) (gimp-item-set-name marker "white marker") (gimp-drawable-fill marker FILL-WHITE) (plug-in-tessera-reconstruct #:run-mode RUN-INTERACTIVE #:image image #:drawables drawables))|layers
reconstruct-preset|landsat-bahamas-791x718.png|Morphological Reconstruction Presets|(plug-in-tessera-reconstruct-preset #:run-mode RUN-INTERACTIVE #:image image #:drawables drawables)|layers
trace-line|landsat-bahamas-791x718.png|^Trace Line$|(plug-in-tessera-trace-line #:run-mode RUN-INTERACTIVE #:image image #:drawables drawables)|paths|296,260 308,331 330,387
trace-line-from-path|landsat-bahamas-791x718.png|Trace Path onto the Line|(let ((path (car (gimp-path-new image "clicked")))) (gimp-image-insert-path image path 0 -1) (gimp-path-stroke-new-from-points path 0 (vector 401 300 401 300 401 300 418 400 418 400 418 400 449 480 449 480 449 480) FALSE) (gimp-image-set-selected-paths image (vector path)) (plug-in-tessera-trace-line-from-path #:run-mode RUN-INTERACTIVE #:image image #:drawables drawables))|paths
'

# NAME|what the dialog must have shown before OK (an extended regex over the
# lines "WHAT: TEXT" the plug-in notes, ui/tessera-test-hook.h), a line
# each (issue 38: sliders wide enough to drag, the settings that do not
# apply greyed out with their reason, a default marker that is not the
# mask, the mask named, the marker's share beyond the mask).
hooks='
box-blur|^slider-width: radius-x: [1-9][0-9]{2,}$
box-blur|^slider-width: radius-y: [1-9][0-9]{2,}$
box-blur|^slider-width: iterations: [1-9][0-9]{2,}$
fill-contours|^insensitive: seed: Used only when Output is
fill-contours|^insensitive: guide: Used only when Output is
fill-contours|^insensitive: bleed-to-centre: Used only when Output is
mst-segment|^insensitive: sensitivity: Used only when Classes is 0
mst-segment-one-colour|^classes: 1 class from 1 colour$
mst-segment-one-colour|^sensitive: sensitivity$
reconstruct-preset|^insensitive: h: Used only by the H-domes preset[.]$
reconstruct-preset|^insensitive: radius: Used only by the opening and closing presets[.]$
reconstruct|^warning: The marker is the mask itself: the result is the mask unchanged[.]
reconstruct-warning|^mask: .+ [(]the active layer[)]$
reconstruct-warning|^marker: white marker$
reconstruct-warning|^warning: The marker lies above the mask in [0-9]+ % of the image; it is lowered to the mask first[.]$
trace-line|^advanced: closed$
trace-line-from-path|^advanced: closed$
'

# Only the cases named on the command line, if any.
if [ $# -gt 0 ]; then
  cases=$(for name in "$@"; do echo "$cases" | grep "^$name|"; done)
fi

for program in Xvfb xdotool import convert; do
  command -v $program >/dev/null 2>&1 || {
    echo "1..0 # SKIP $program is missing"; exit 0; }
done
PREVIEW_MATCH=$builddir/tests/gimp/preview-match
[ -x "$PREVIEW_MATCH" ] || make -s -C "$builddir/tests" gimp/preview-match \
  >/dev/null 2>&1
. "$top/tests/gimp/preview-check.sh"
root=$(sh "$top/tests/gimp3/root.sh") || {
  echo "1..0 # SKIP no GIMP 3 root here"; exit 0; }
. "$top/tests/gimp3/gimp3-env.sh"
work=/tmp/tessera-gimp3-dialogs-$$
host_work=$root$work
in_root () { sh "$top/tests/gimp3/in-root.sh" "$root" "$@"; }
xvfb_pid=
cleanup ()
{
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

count=$(echo "$cases" | grep -c '|')
hooked=$(for name in $(echo "$cases" | cut -d'|' -f1); do
           echo "$hooks" | grep "^$name|"; done | grep -c '|')
points=$(echo "$cases" | cut -d'|' -f7 -s | wc -w)
# The filters' dialogs' previews are checked too: not Trace Line's, and
# not on a one-colour layer (no picture to find).
filters=$(echo "$cases" | grep '|' | grep -v '^trace-line' \
  | grep -vc '^[a-z-]*-one-colour|')
# Trace Line's dialogs must fit a 1366x768 laptop screen, Advanced closed
# and open.
traces=$(echo "$cases" | grep -c '^trace-line')
echo "1..$((1 + 5 * count + points + hooked + 2 * filters + 2 * traces))"
in_root sh "$top/tests/gimp3/build.sh" "$work/plug-ins" >"$host_work/build.log" 2>&1
report $? "the GIMP 3 plug-ins build"
cat >"$host_work/profile/gimprc" <<GIMPRC
(plug-in-path "$work/plug-ins:$gimp3_plugins")
(help-browser web-browser)
GIMPRC
# GIO opens a page with the default application for HTML: the stand-in.
mkdir -p "$host_work/xdg/applications"
printf '#!/bin/sh\necho "$1" >> "%s/browsed"\n' "$work" >"$host_work/browser"
chmod +x "$host_work/browser"
printf '%s\n' '[Desktop Entry]' 'Type=Application' 'Name=Test browser' \
  "Exec=$work/browser %u" 'MimeType=text/html;' \
  >"$host_work/xdg/applications/tessera-test-browser.desktop"
printf '%s\n' '[Default Applications]' 'text/html=tessera-test-browser.desktop' \
  >"$host_work/xdg/mimeapps.list"

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
kill -0 "$xvfb_pid" 2>/dev/null && xdotool getdisplaygeometry >/dev/null 2>&1 \
  || { echo "Bail out! Xvfb did not start ($host_work/xvfb.log)"; exit 1; }

# What CHANGES measures of IMAGE, as a Script-Fu expression.
measure ()
{
  case $1 in
    layers)   echo '(car (gimp-image-get-layers image))' ;;
    channels) echo '(car (gimp-image-get-channels image))' ;;
    paths)    echo '(car (gimp-image-get-paths image))' ;;
    *)        echo '(vector)' ;;
  esac
}

# Prints the ID of a visible window titled like $1, waiting up to $2 s.
wait_for_window ()
{
  deadline=$(($(date +%s) + $2))
  while [ "$(date +%s)" -le "$deadline" ]; do
    window=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n 1)
    [ -n "$window" ] && { echo "$window"; return 0; }
    sleep 0.5
  done
  return 1
}

echo "$cases" | grep '|' | while IFS='|' read -r name sample title call changes clicks hover last; do
  dir=$work/$name
  mkdir -p "$root$dir"
  if [ -n "$last" ]; then
    mkdir -p "$host_work/profile/plug-in-settings"
    echo "${last#* }" \
      >"$host_work/profile/plug-in-settings/GimpProcedureConfigRun-${last%% *}.last"
  fi
  cp "$top/data/$sample" "$root$dir/sample.png"
  what=$(measure "$changes")
  cat >"$root$dir/script.scm" <<SCM
(let* ((image (car (gimp-file-load RUN-NONINTERACTIVE "$dir/sample.png")))
       (drawables (car (gimp-image-get-selected-drawables image)))
       (drawable (vector-ref drawables 0))
       (before (vector-length $what)))
  (gimp-display-new image)
  (gimp-file-save RUN-NONINTERACTIVE image "$dir/before.png")
  $call
  (gimp-file-save RUN-NONINTERACTIVE image "$dir/after.png")
  (let ((port (open-output-file "$dir/status")))
    (display "ok " port)
    (display (- (vector-length $what) before) port)
    (newline port)
    (close-output-port port)))
SCM
  # GIMP starts once the root is free (runs in it take turns): the wait
  # for the dialog starts then.
  ( in_root sh -c "touch $dir/started; exec \"\$@\"" sh \
      env DISPLAY="$DISPLAY" NO_AT_BRIDGE=1 TESSERA_TEST_HOOK="$dir/hook.log" \
      GIMP3_DIRECTORY="$work/profile" HOME="$work" \
      XDG_DATA_HOME="$work/xdg" XDG_CONFIG_HOME="$work/xdg" \
      timeout 300 "$gimp_gui" --new-instance --no-splash -d -f --quit \
      --batch-interpreter=plug-in-script-fu-eval -b - \
      <"$root$dir/script.scm" >"$root$dir/gimp.log" 2>&1 ) &
  gimp=$!
  while [ ! -f "$root$dir/started" ] && kill -0 "$gimp" 2>/dev/null; do
    sleep 1
  done
  dialog=$(wait_for_window "$title" 240)
  shot=$shots/$name.png
  rm -f "$shot"
  hook_lines=$(echo "$hooks" | grep "^$name|" | cut -d'|' -f2-)
  if [ -n "$dialog" ]; then
    sleep 3
    for click in $clicks; do
      timeout 10 xdotool mousemove --window "$dialog" "${click%,*}" \
        "${click#*,}" click 1
      sleep 1
    done
    # Time for the line between the clicks to be traced.
    [ -z "$clicks" ] || sleep 5
    import -window root "$shot"
  fi
  [ -s "$shot" ]
  report $? "$name: the dialog /$title/ showed ($shot)"
  case $name in
    trace-line*)
      size=$(timeout 10 xdotool getwindowgeometry "$dialog" 2>/dev/null \
               | sed -n 's/^ *Geometry: //p')
      [ -n "$size" ] && [ "${size%x*}" -le 1366 ] && [ "${size#*x}" -le 768 ]
      report $? "$name: the dialog, ${size:-of no size}, fits 1366x768"
      # Advanced opened (Alt+V), then closed again.
      timeout 10 xdotool windowfocus --sync "$dialog" key --clearmodifiers \
        alt+v
      sleep 2
      import -window root "$shots/$name-advanced.png"
      size=$(timeout 10 xdotool getwindowgeometry "$dialog" 2>/dev/null \
               | sed -n 's/^ *Geometry: //p')
      grep -q '^advanced: open$' "$root$dir/hook.log" 2>/dev/null \
        && [ -n "$size" ] && [ "${size%x*}" -le 1366 ] \
        && [ "${size#*x}" -le 768 ]
      report $? "$name: Advanced opened, the dialog, ${size:-of no size}, fits 1366x768"
      timeout 10 xdotool windowfocus --sync "$dialog" key --clearmodifiers \
        alt+v
      sleep 1 ;;
  esac
  # Ours and GIMP's own labels (its generated ones from the arguments'
  # labels, its buttons), as GIMP 3 shows them and in German; GIMP's own
  # check of them prints "duplicate mnemonic".
  gimp_mo=$root/usr/share/locale/de/LC_MESSAGES/gimp30-libgimp.mo
  [ -f "$gimp_mo" ] || gimp_mo=
  # shellcheck disable=SC2086
  sh "$top/tests/gimp/mnemonics.sh" "$root$dir/hook.log" German \
    "$top/po/de.po" $gimp_mo >"$host_work/$name-mnemonics.log" 2>&1
  grep -h 'duplicate mnemonic' "$root$dir/gimp.log" \
    >>"$host_work/$name-mnemonics.log" 2>/dev/null
  ! grep -q . "$host_work/$name-mnemonics.log"
  report $? "$name: no two labels share a mnemonic (English, German)$(sed 's/^/; /' "$host_work/$name-mnemonics.log" | tr -d '\n' | tr '#' ' ')"
  # A line each (a here-document: the loop must not run in a subshell of
  # its own, which would lose the count of reports).
  while IFS= read -r hook; do
    [ -n "$hook" ] || continue
    grep -Eq "$hook" "$root$dir/hook.log" 2>/dev/null
    report $? "$name: before OK it showed /$hook/"
  done <<HOOKS
$hook_lines
HOOKS
  i=0
  for point in $hover; do
    i=$((i + 1))
    tip=$shots/$name-tooltip-$i.png
    rm -f "$tip"
    [ -n "$dialog" ] \
      && xdotool mousemove --window "$dialog" "${point%,*}" "${point#*,}" \
      && sleep 2 && import -window root "$tip"
    [ -s "$tip" ]
    report $? "$name: the pointer on $point of the dialog ($tip)"
  done
  # The page of the procedure the call opens (the last one it names).
  page=$(echo "$call" | grep -o 'plug-in-tessera-[a-z-]*' | tail -n 1).html
  if [ -n "$dialog" ]; then
    timeout 10 xdotool windowfocus --sync "$dialog" key --clearmodifiers F1
    for _ in $(seq 60); do
      grep -q "/help/en/$page\$" "$host_work/browsed" 2>/dev/null && break
      sleep 0.5
    done
  fi
  grep -q "/help/en/$page\$" "$host_work/browsed" 2>/dev/null
  report $? "$name: F1 opens its help page $page"
  # The fill's preview (black over black lines by default) is checked off:
  # the layer itself, over checks.
  min_ncc=0.9
  case $name in
    fill-contours*)
      timeout 10 xdotool windowfocus --sync "$dialog" key --clearmodifiers \
        alt+p
      sleep 2
      min_ncc=0.75 ;;
  esac
  case $name in
    trace-line*|*-one-colour) ;;
    *)
      preview_whole "$dialog" "$top/data/$sample" "$host_work/$name" \
        "$min_ncc" 2>"$host_work/$name/preview.log"
      report $? "$name: the preview shows the whole image ($(cat "$host_work/$name/preview-at" "$host_work/$name/preview.log" 2>/dev/null))"
      preview_zoom "$dialog" "$host_work/$name" 2>>"$host_work/$name/preview.log"
      report $? "$name: zooming in changes the preview"
      import -window root "$shots/$name-zoomed.png" ;;
  esac
  [ -z "$dialog" ] \
    || timeout 10 xdotool windowfocus --sync "$dialog" key --clearmodifiers Return
  wait "$gimp"
  grep -q '^ok' "$root$dir/status" 2>/dev/null
  report $? "$name: OK ran the procedure to the end"
  if [ "$changes" = pixels ]; then
    ! cmp -s "$root$dir/before.png" "$root$dir/after.png"
  else
    [ "$(cut -d' ' -f2 "$root$dir/status" 2>/dev/null)" -gt 0 ] 2>/dev/null
  fi
  report $? "$name: the $changes changed"
done
