#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera tests — the dialog smoke-test harness.  Runs GIMP's GUI on a
# private X server (Xvfb) with a private profile holding the freshly built
# plug-ins, opens a sample image, calls a procedure RUN-INTERACTIVE, waits
# for its dialog, takes screenshots, acts on the dialog (OK), then checks
# the result and that one undo brings the image back, its selection too.
# Prints TAP.
#
#   dialog.sh CASE-FILE
#
# A case file (tests/gimp/dialog/NAME.dialog) is sourced (POSIX sh) and sets
#   plugins   built plug-in programs, relative to the build tree
#   system_plugins  (optional) GIMP's own plug-ins it needs, see harness.sh
#   image     the sample image, relative to the source tree
#   call      script-fu expression with `image' and `drawable' bound, e.g.
#             (plug-in-tessera-box-blur RUN-INTERACTIVE image drawable 0 0 0 0)
#   window    the dialog's title, an extended regular expression
#   actions   one per line, done in order on the dialog:
#               wait SECONDS          (e.g. for the preview to be drawn)
#               screenshot NAME       the whole screen, into
#                                     tests/gimp/screenshots/CASE-NAME.png
#               key KEY...            xdotool key names: Return, Escape, Tab,
#                                     alt+o...
#               type TEXT             typed into the focused widget
#               click X Y             button 1 at X,Y of the dialog window
#               hook REGEX            the dialog has shown a text matching
#                                     REGEX (an extended regular expression
#                                     over the lines "WHAT: TEXT" the
#                                     plug-in notes, ui/tessera-test-hook.h),
#                                     waited for up to 10 seconds
#               preview-whole [NCC]   the dialog shows IMAGE whole, scaled
#                                     to a preview (preview-check.sh)
#               preview-zoom          zooming in changes that preview
#               absent REGEX          no visible window's title matches
#               hover X Y             the pointer to X,Y of the dialog window
#               fits WIDTH HEIGHT     the dialog window is at most that large
#                                     (its size kept in the work folder's
#                                     dialog-size)
#   gimprc    optional lines added to the profile's gimprc
#   help      optional: "yes" lets the profile show help (use-help yes, the
#             web browser for it, GIMP's help and web-browser plug-ins),
#             with a stand-in browser that writes each address it is asked
#             to open into the work folder's "browsed"
#   check     "OPERATION ARGS..." that the result must match (the dialog's
#             default values): of gimp-check, or of the case file's own
#             shell function check_OPERATION (see run_check in harness.sh);
#             empty: the image must change
#   mnemonics_todo  optional: why the dialog's labels still share mnemonics
#             (the check is then a TAP TODO, which fails once they don't)
#   shows_dialog  optional: "no" when the call shows no dialog (it runs
#             RUN-NONINTERACTIVE, for the undo of a run): WINDOW is then
#             the image window's title, and no mnemonics are checked
#   undo_items  optional: "yes" when one undo must also remove every item
#             (layer, channel, path) the call added: the image's items are
#             counted through its layer groups before the call and after
#             the undo
#   setup     optional script-fu expression run before the image is saved
#             as it was (with `image' and `drawable' bound): what the call
#             finds, such as a selection, which its undo must not undo
#   after     optional script-fu expression run after the call, with
#             `image', `drawable' and `dir' (the work folder) bound, to save
#             more for such a function to look at
#
# The work folder (profile, raw files, GIMP's log) is NAME.dialog.d in the
# build tree's tests/gimp, kept for a person to look at, like the
# screenshots.
set -u

: "${abs_top_builddir:?}" "${abs_top_srcdir:?}"
. "$abs_top_srcdir/tests/gimp/harness.sh"

case_file=$1
name=$(basename "$case_file" .dialog)
work="$abs_top_builddir/tests/gimp/$name.dialog.d"
screenshots="$abs_top_builddir/tests/gimp/screenshots"
gimp_gui=${GIMP_GUI:-gimp-2.10}

require_programs "$gimp_gui" Xvfb xdotool import convert timeout
PREVIEW_MATCH="$abs_top_builddir/tests/gimp/preview-match"
. "$abs_top_srcdir/tests/gimp/preview-check.sh"

# Seconds to wait for GIMP to start and show the dialog, and for the
# procedure to finish once the dialog is answered.
DIALOG_TIMEOUT=${DIALOG_TIMEOUT:-180}
RESULT_TIMEOUT=${RESULT_TIMEOUT:-120}

xvfb_pid=
gimp_pid=
cleanup ()
{
  [ -n "$gimp_pid" ] && kill "$gimp_pid" 2> /dev/null
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2> /dev/null
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP PIPE

# Starts Xvfb on a free display (it picks one itself) and exports DISPLAY.
start_xvfb ()
{
  Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp \
    3> "$work/display" > "$work/xvfb.log" 2>&1 &
  xvfb_pid=$!
  for _ in $(seq 100); do
    [ -s "$work/display" ] && break
    sleep 0.1
  done
  [ -s "$work/display" ] || return 1
  DISPLAY=":$(cat "$work/display")"
  export DISPLAY
  # And until it answers, to be sure.
  for _ in $(seq 100); do
    xdotool getdisplaygeometry > /dev/null 2>&1 && return 0
    sleep 0.1
  done
  return 1
}

# wait_for_window REGEX SECONDS: prints the id of a visible window whose
# title matches REGEX, once there is one.  (xdotool search --sync gave up
# with no window at times while GIMP was starting: hence polling.)
wait_for_window ()
{
  _deadline=$(($(date +%s) + $2))
  while [ "$(date +%s)" -le $_deadline ]; do
    _window=$(xdotool search --onlyvisible --name "$1" 2> /dev/null | head -n 1)
    if [ -n "$_window" ]; then
      echo "$_window"
      return 0
    fi
    kill -0 "$gimp_pid" 2> /dev/null || return 1
    sleep 0.5
  done
  return 1
}

# wait_for_file FILE SECONDS: until FILE is there and not empty.
wait_for_file ()
{
  _deadline=$(($(date +%s) + $2))
  until [ -s "$1" ]; do
    [ "$(date +%s)" -le $_deadline ] || return 1
    sleep 0.2
  done
}

# wait_for_hook REGEX: until the dialog has noted a line matching REGEX.
wait_for_hook ()
{
  for _ in $(seq 50); do
    grep -Eq "$1" "$work/hook.log" 2> /dev/null && return 0
    sleep 0.2
  done
  return 1
}

# Does the case file's actions on WINDOW; a line on stderr for each failure.
do_actions ()
{
  echo "$actions" | while read -r verb args; do
    case $verb in
      '') ;;
      wait)
        sleep "$args" ;;
      screenshot)
        import -window root "$screenshots/$name-$args.png" \
          || echo "screenshot $args failed" >&2 ;;
      key)
        # shellcheck disable=SC2086
        timeout 10 xdotool windowfocus --sync "$1" key --clearmodifiers $args \
          || echo "key $args failed" >&2 ;;
      type)
        timeout 10 xdotool windowfocus --sync "$1" type "$args" \
          || echo "type $args failed" >&2 ;;
      hook)
        wait_for_hook "$args" || echo "hook $args: not shown" >&2 ;;
      click)
        # shellcheck disable=SC2086
        timeout 10 xdotool mousemove --window "$1" $args click 1 \
          || echo "click $args failed" >&2 ;;
      preview-whole)
        # shellcheck disable=SC2086
        preview_whole "$1" "$abs_top_srcdir/$image" "$work" $args ;;
      preview-zoom)
        preview_zoom "$1" "$work" ;;
      hover)
        # shellcheck disable=SC2086
        timeout 10 xdotool mousemove --window "$1" $args \
          || echo "hover $args failed" >&2 ;;
      fits)
        _size=$(timeout 10 xdotool getwindowgeometry "$1" \
                  | sed -n 's/^ *Geometry: //p')
        echo "$_size" > "$work/dialog-size"
        _width=${_size%x*} _height=${_size#*x}
        if [ -z "$_size" ] || [ "$_width" -gt "${args% *}" ] \
           || [ "$_height" -gt "${args#* }" ]; then
          echo "the dialog is ${_size:-of no size}, larger than $args" >&2
        fi ;;
      absent)
        if xdotool search --onlyvisible --name "$args" > /dev/null 2>&1; then
          echo "a window titled /$args/ is open" >&2
        fi ;;
      *)
        echo "unknown action: $verb $args" >&2 ;;
    esac
  done
}

rm -rf "$work"
mkdir -p "$work" "$screenshots"
plugins=''
image=''
call=''
window=''
actions=''
check=''
after='#t'
undo_items=''
setup=''
gimprc=''
help=''
mnemonics_todo=''
shows_dialog=yes
. "$case_file" || { echo "Bail out! $case_file failed"; exit 1; }
[ "$help" = yes ] && system_plugins="$system_plugins help web-browser"
# shellcheck disable=SC2046,SC2086
profile_make "$work/profile" $(plugin_programs $plugins) \
  || { echo "Bail out! cannot make the GIMP profile"; exit 1; }
# Only this case's own: NAME-*.png would take those of the cases whose names
# begin with NAME- too (reconstruct-preset's, for reconstruct).
for shot in $(echo "$actions" | sed -n 's/^ *screenshot  *//p'); do
  rm -f "$screenshots/$name-$shot.png"
done
[ -z "$gimprc" ] || echo "$gimprc" >> "$work/profile/gimprc"
if [ "$help" = yes ]; then
  # GIO opens a page with the default application for HTML: ours.
  printf '%s\n' '(use-help yes)' '(help-browser web-browser)' \
    >> "$work/profile/gimprc"
  mkdir -p "$work/xdg/applications"
  printf '#!/bin/sh\necho "$1" >> "%s/browsed"\n' "$work" > "$work/browser"
  chmod +x "$work/browser"
  printf '%s\n' '[Desktop Entry]' 'Type=Application' 'Name=Test browser' \
    "Exec=$work/browser %u" 'MimeType=text/html;' \
    > "$work/xdg/applications/tessera-test-browser.desktop"
  printf '%s\n' '[Default Applications]' \
    'text/html=tessera-test-browser.desktop' \
    'x-scheme-handler/file=tessera-test-browser.desktop' \
    > "$work/xdg/mimeapps.list"
  XDG_DATA_HOME="$work/xdg" XDG_CONFIG_HOME="$work/xdg"
  export XDG_DATA_HOME XDG_CONFIG_HOME
fi

image_path="$abs_top_srcdir/$image"
cat > "$work/script.scm" <<EOF
(load $(scheme_string "$HARNESS_SCM"))
(let* ((dir $(scheme_string "$work"))
       (path $(scheme_string "$image_path"))
       (image (car (gimp-file-load RUN-NONINTERACTIVE path path)))
       (drawable (car (gimp-image-get-active-drawable image))))
  (gimp-display-new image)
  ; What a case sets up before the image counts as "before" (a selection).
  ((lambda (image drawable) ${setup:-#t}) image drawable)
  (tt-save image drawable (string-append dir "/before.raw"))
  (tt-save-selection image (string-append dir "/before-selection.raw"))
  (tt-write-text (string-append dir "/items-before")
                 (number->string (tt-item-count image)))
  (let ((status (tt-call (lambda (image drawable) $call) image drawable)))
    (tt-save image drawable (string-append dir "/after.raw"))
    (catch #f ((lambda (image drawable dir) $after) image drawable dir))
    ; Last: the harness goes on when it sees the status.
    (tt-write-text (string-append dir "/status") status))
  (tessera-test-io-wait RUN-NONINTERACTIVE (string-append dir "/undone")
                        $RESULT_TIMEOUT)
  (tt-save-selection image (string-append dir "/undone-selection.raw"))
  (tt-write-text (string-append dir "/items-undone")
                 (number->string (tt-item-count image)))
  (tt-save image drawable (string-append dir "/undone.raw"))
  (gimp-quit TRUE))
EOF

# No accessibility bus to wait for; --new-instance: a GIMP of its own, not
# one the session may already run.
NO_AT_BRIDGE=1
TESSERA_TEST_HOOK="$work/hook.log"
export NO_AT_BRIDGE TESSERA_TEST_HOOK
start_xvfb || { echo "Bail out! Xvfb did not start"; exit 1; }
GIMP2_DIRECTORY="$work/profile" timeout "$GIMP_TIME_LIMIT" \
  "$gimp_gui" --new-instance --no-splash -d -f -b - \
  < "$work/script.scm" > "$work/gimp.log" 2>&1 &
gimp_pid=$!

dialog=$(wait_for_window "$window" "$DIALOG_TIMEOUT")
tap_result $? "GIMP showed the dialog /$window/ (on $DISPLAY)"
if [ -n "$dialog" ]; then
  do_actions "$dialog" 2> "$work/actions.log"
  [ ! -s "$work/actions.log" ]
  tap_result $? "the actions on the dialog" "$work/actions.log"
  # GIMP's own German for the buttons it makes (Help), after ours.
  if [ "$shows_dialog" != no ]; then
    gimp_mo="$(pkg-config --variable=prefix gimp-2.0 2> /dev/null || echo /usr)"
    gimp_mo="$gimp_mo/share/locale/de/LC_MESSAGES/gimp20-libgimp.mo"
    [ -f "$gimp_mo" ] || gimp_mo=
    # shellcheck disable=SC2086
    sh "$abs_top_srcdir/tests/gimp/mnemonics.sh" "$work/hook.log" German \
      "$abs_top_srcdir/po/de.po" $gimp_mo > "$work/mnemonics.log" 2>&1
    tap_result $? "no two labels of the dialog share a mnemonic (English, German)${mnemonics_todo:+ # TODO $mnemonics_todo}" \
      "$work/mnemonics.log"
  fi
  for shot in $(echo "$actions" | sed -n 's/^ *screenshot  *//p'); do
    [ -s "$screenshots/$name-$shot.png" ]
    tap_result $? "screenshot $screenshots/$name-$shot.png"
  done
fi

wait_for_file "$work/status" "$RESULT_TIMEOUT"
sed -n 2p "$work/status" > "$work/error.log" 2> /dev/null
[ "$(head -n 1 "$work/status" 2> /dev/null)" = ok ]
tap_result $? "$name ran to the end after the dialog" "$work/error.log"
if [ -s "$work/after.raw" ]; then
  if [ -n "$check" ]; then
    # shellcheck disable=SC2086
    run_check "$work" - $check > "$work/check.log" 2>&1
    tap_result $? "the result is the core's $check" "$work/check.log"
  else
    ! "$GIMP_CHECK" same "$work/before.raw" "$work/after.raw" \
      > "$work/check.log" 2>&1
    tap_result $? "the image changed" "$work/check.log"
  fi

  # One undo (Ctrl+Z in the image window) must bring the image back.
  title="$(basename "$image" | sed 's/[.]/[.]/g').*GIMP"
  image_window=$(wait_for_window "$title" 10)
  if [ -n "$image_window" ]; then
    timeout 10 xdotool windowfocus --sync "$image_window" \
      key --clearmodifiers ctrl+z
  fi
  sleep 1
  touch "$work/undone"
  wait_for_file "$work/undone.raw" 30 \
    && "$GIMP_CHECK" same "$work/before.raw" "$work/undone.raw" \
         > "$work/undo.log" 2>&1 \
    && { "$GIMP_CHECK" same "$work/before-selection.raw" \
           "$work/undone-selection.raw" > "$work/undo.log" 2>&1 \
         || { echo "the selection is not as before" >> "$work/undo.log"
              false; }; } \
    && if [ "$undo_items" = yes ] \
          && ! cmp -s "$work/items-before" "$work/items-undone"; then
         echo "items: $(cat "$work/items-before") before," \
              "$(cat "$work/items-undone") after one undo" > "$work/undo.log"
         false
       fi
  tap_result $? "one undo restores the image and its selection" \
    "$work/undo.log"
fi

# GIMP quits by itself at the end of the script.
for _ in $(seq 150); do
  kill -0 "$gimp_pid" 2> /dev/null || break
  sleep 0.2
done
if kill -0 "$gimp_pid" 2> /dev/null; then
  echo "still running: killed" > "$work/quit.log"
  kill "$gimp_pid"
fi
wait "$gimp_pid"
status=$?
gimp_pid=
[ -s "$work/quit.log" ] || [ $status -eq 0 ] \
  || echo "exit status $status" > "$work/quit.log"
[ ! -s "$work/quit.log" ]
tap_result $? "GIMP quit" "$work/quit.log"
gimp_log_check "$work/gimp.log"
tap_done
