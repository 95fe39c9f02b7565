#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera tests — a plug-in killed (SIGKILL, as GIMP does on Cancel) while it
# makes a new layer leaves nothing that looks like a result: for each
# procedure with a new-layer output (and Box Blur and Fill Closed
# Contours, in place, in bands), a
# long run on a large layer is timed
# uncut, then killed at several points of it (reading, computing, writing);
# after each kill the drawable's pixels are as they were, and no item has
# the result's name (at most one named "NAME (incomplete)", which GIMP's
# closing of the run's undo group lets one undo remove), unless the kill
# came after the plug-in's last write: then the result is whole, as the
# uncut run left it.  The image has no selection, and none is left after
# any job, but for Fill Closed Contours' selection output ("=selection"),
# whose uncut run selects the interior: killed, nothing is selected, or
# that interior.  TAP output.
set -u

: "${abs_top_builddir:?}" "${abs_top_srcdir:?}"
. "$abs_top_srcdir/tests/gimp/harness.sh"

require_programs "${GIMP_CONSOLE:-gimp-console-2.10}"

work="$abs_top_builddir/tests/gimp/kill.d"
size=${KILL_TEST_SIZE:-3000}
# Where in the uncut run's time the plug-in is killed, in percent: once
# while it reads, once while it computes, and three times from its first
# write to its last (the late one mostly after it, where the result must
# be whole).  Each kill also costs a duplicate of the image and its raw
# files after it.
points="10 40 70 85 95"

rm -rf "$work"
mkdir -p "$work"
profile_make "$work/profile" \
  $(plugin_programs plugins/box-blur/tessera-box-blur \
                    plugins/reconstruct/tessera-reconstruct \
                    plugins/mst-segment/tessera-mst-segment \
                    plugins/fill-contours/tessera-fill-contours) \
  || { echo "Bail out! cannot make the GIMP profile"; exit 1; }
"$GIMP_CHECK" make "$work/in.raw" "$size" "$size" 4 1 u8 1 noise \
  || { echo "Bail out! cannot make the pixels"; exit 1; }

# Each case: the plug-in program, the result's name ("-": in place, on the
# drawable; "NAME*": any item whose name starts with NAME), the call.
cases="tessera-box-blur|-|(plug-in-tessera-box-blur RUN-NONINTERACTIVE image drawable 10 10 3 1)
tessera-reconstruct|Opening by reconstruction 4 px|(plug-in-tessera-reconstruct-preset RUN-NONINTERACTIVE image drawable 3 4 8 0 1 0)
tessera-mst-segment|Colour classes|(plug-in-tessera-mst-segment RUN-NONINTERACTIVE image drawable 6 0.0 1.0 0 0 1 1)
tessera-mst-segment|Colour classes|(plug-in-tessera-mst-segment RUN-NONINTERACTIVE image drawable 6 0.0 1.0 0 1 1 1)
tessera-fill-contours|-|(plug-in-tessera-fill-contours RUN-NONINTERACTIVE image drawable 0 0.5 4 0 1 0 0 0 0 0 0 -1 0)
tessera-fill-contours|Flat colours|(plug-in-tessera-fill-contours RUN-NONINTERACTIVE image drawable 0 0.5 4 3 1 0 0 0 0 0 0 -1 0)
tessera-fill-contours|Fill|(plug-in-tessera-fill-contours RUN-NONINTERACTIVE image drawable 0 0.5 4 1 1 0 0 0 0 0 0 -1 0)
tessera-reconstruct|Reconstruction by dilation|(plug-in-tessera-reconstruct RUN-NONINTERACTIVE image drawable drawable 0 8 0 1 0)
tessera-reconstruct|-|(plug-in-tessera-reconstruct-preset RUN-NONINTERACTIVE image drawable 4 3 8 1 1 0)
tessera-mst-segment|Class 1 (*|(plug-in-tessera-mst-segment RUN-NONINTERACTIVE image drawable 6 0.0 1.0 0 2 1 1)
tessera-fill-contours|=selection|(plug-in-tessera-fill-contours RUN-NONINTERACTIVE image drawable 0 0.5 4 2 1 0 0 0 0 0 0 -1 0)"
# Fill Closed Contours in bands, as on layers of 2^25 pixels and more.
export TESSERA_FILL_BAND_PIXELS=1

# One job per run: uncut first, then killed at each point.
script="$work/script.scm"
jobs="$work/jobs"
{
  printf '(load %s)\n' "$(scheme_string "$HARNESS_SCM")"
  cat <<EOF
(define base (car (tt-new-drawable "RGBA" PRECISION-U8-GAMMA $size $size)))
(tt-load base (car (gimp-image-get-active-drawable base)) "$work/in.raw")
; Fewer colours, so that segmenting them takes seconds, not minutes.
(gimp-drawable-posterize (car (gimp-image-get-active-drawable base)) 6)
(tt-save base (car (gimp-image-get-active-drawable base)) "$work/before.raw")
; GIMP has queried its plug-ins: from now on a plug-in process is a job's.
(tt-write-text "$work/ready" "")
(define (names image)
  (map (lambda (item) (car (gimp-item-get-name item)))
       (append (vector->list (cadr (gimp-image-get-layers image)))
               (vector->list (cadr (gimp-image-get-channels image))))))
(define (kill-job dir call)
  (let* ((image (car (gimp-image-duplicate base)))
         (drawable (car (gimp-image-get-active-drawable image))))
    (tt-write-text (string-append dir "/status") (tt-call call image drawable))
    (tt-save image drawable (string-append dir "/after.raw"))
    (tt-write-text (string-append dir "/selection")
                   (if (= (car (gimp-selection-is-empty image)) 1) "none" "some"))
    (tt-save-selection image (string-append dir "/selection.raw"))
    (let ((port (open-output-file (string-append dir "/names"))))
      (for-each (lambda (name) (display name port) (newline port))
                (names image))
      (close-output-port port))
    (gimp-image-delete image)
    (tt-write-text (string-append dir "/done") "")))
EOF
} > "$script"
n=0
echo "$cases" | while IFS='|' read -r program name call; do
  for point in uncut $points; do
    n=$((n + 1))
    mkdir -p "$jobs/$n"
    printf '%s\n%s\n%s\n' "$program" "$name" "$point" > "$jobs/$n/job"
    printf '(kill-job %s (lambda (image drawable) %s))\n' \
      "$(scheme_string "$jobs/$n")" "$call" >> "$script"
  done
done
echo '(gimp-quit 0)' >> "$script"
job_count=$(ls "$jobs" | wc -l)
runs=$((1 + $(echo $points | wc -w)))   # per case

GIMP2_DIRECTORY="$work/profile" timeout "$GIMP_TIME_LIMIT" \
  "${GIMP_CONSOLE:-gimp-console-2.10}" -i -d -f -b - \
  < "$script" > "$work/gimp.log" 2>&1 &
gimp=$!

# has_result NAME NAMES-FILE: whether an item is named NAME (or, for
# "PREFIX*", starts with PREFIX and is not incomplete).
has_result ()
{
  case $1 in
    *\*) awk -v prefix="${1%\*}" \
            'index($0, prefix) == 1 && !/\(incomplete\)$/ { found = 1 }
             END { exit !found }' "$2" ;;
    *) grep -q -x -F -- "$1" "$2" ;;
  esac
}

# How many items named "(incomplete)" a kill may leave: one, or one per
# class for the items "PREFIX*" (all in the run's one undo group).
incomplete_most ()   # NAME
{
  case $1 in
    *\*) echo 64 ;;
    *) echo 1 ;;
  esac
}

# The plug-in process of job DIR's run, once it has started: its PID.
plugin_pid ()   # PROGRAM DIR
{
  while [ ! -e "$2/done" ]; do
    pid=$(pgrep -f -- "$work/profile/plug-ins/$1/$1" | head -n 1)
    [ -n "$pid" ] && { echo "$pid"; return 0; }
    sleep 0.01
  done
  return 1
}

# The watcher: times the uncut runs, kills the others.
while [ ! -e "$work/ready" ] && kill -0 "$gimp" 2> /dev/null; do
  sleep 0.05
done
elapsed_ms=0
job=1
while [ $job -le "$job_count" ]; do
  dir="$jobs/$job"
  { read -r program; read -r name; read -r point; } < "$dir/job"
  if pid=$(plugin_pid "$program" "$dir"); then
    start=$(date +%s%N)
    if [ "$point" = uncut ]; then
      while kill -0 "$pid" 2> /dev/null; do sleep 0.01; done
      elapsed_ms=$((($(date +%s%N) - start) / 1000000))
      echo "$elapsed_ms" > "$dir/elapsed"
    else
      delay_ms=$((elapsed_ms * point / 100))
      sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
      kill -KILL "$pid" 2> /dev/null && echo "$delay_ms" > "$dir/killed"
    fi
  fi
  while [ ! -e "$dir/done" ] && kill -0 "$gimp" 2> /dev/null; do
    sleep 0.02
  done
  job=$((job + 1))
done
wait "$gimp"
status=$?
if [ $status -ne 0 ]; then
  echo "gimp-console exited with status $status; the end of its log:"
  tail -n 20 "$work/gimp.log"
fi > "$work/gimp.status"
tap_result $status "GIMP ran the $job_count jobs" "$work/gimp.status"

job=1
while [ $job -le "$job_count" ]; do
  dir="$jobs/$job"
  { read -r program; read -r name; read -r point; } < "$dir/job"
  log="$dir/check.log"
  : > "$log"
  selected=$(cat "$dir/selection" 2> /dev/null)
  uncut=$jobs/$(( (job - 1) / runs * runs + 1 ))
  if [ ! -e "$dir/done" ]; then
    echo "the job did not finish" > "$log"
    false
  elif [ "$name" = =selection ]; then
    # The drawable untouched, nothing named as a result; the interior
    # selected when uncut; killed, nothing selected or all of it.
    echo "selection: $selected; items: $(tr '\n' ',' < "$dir/names")" > "$log"
    "$GIMP_CHECK" same "$work/before.raw" "$dir/after.raw" >> "$log" 2>&1 \
      && ! grep -q -x -F "Fill interior" "$dir/names" \
      && if [ "$point" = uncut ]; then
           head -n 1 "$dir/status" | grep -q '^ok$' \
             && [ "$selected" = some ] && [ "$(cat "$dir/names")" = layer ]
         else
           [ "$(grep -c "(incomplete)" "$dir/names")" -le 1 ] \
             && { [ "$selected" = none ] \
                  || "$GIMP_CHECK" same "$uncut/selection.raw" \
                       "$dir/selection.raw" >> "$log" 2>&1; }
         fi
  elif [ "$selected" != none ]; then
    echo "a selection is left; items: $(tr '\n' ',' < "$dir/names")" > "$log"
    false
  elif [ "$point" = uncut ] && [ "$name" = - ]; then
    # The run completes and changes the drawable, adding nothing.
    head -n 1 "$dir/status" | grep -q '^ok$' \
      && [ "$(cat "$dir/names")" = layer ] \
      && ! "$GIMP_CHECK" same "$work/before.raw" "$dir/after.raw" \
             > "$log" 2>&1
  elif [ "$point" = uncut ]; then
    # The run completes, names its result, and leaves the drawable.
    head -n 1 "$dir/status" | grep -q '^ok$' \
      && has_result "$name" "$dir/names" \
      && ! grep -q "(incomplete)" "$dir/names" \
      && "$GIMP_CHECK" same "$work/before.raw" "$dir/after.raw" > "$log" 2>&1
  elif [ ! -e "$dir/killed" ]; then
    echo "the plug-in ended before it could be killed" > "$log"
    # Then it must have completed cleanly.
    { [ "$name" = - ] || has_result "$name" "$dir/names"; } \
      && ! grep -q "(incomplete)" "$dir/names"
  else
    echo "killed after $(cat "$dir/killed") ms of $(cat "$uncut/elapsed") ms; items: $(tr '\n' ',' < "$dir/names")" > "$log"
    # Nothing that looks like a result, the drawable as it was; or, killed
    # after its last write (late points), the whole result as the uncut
    # run left it.
    { ! has_result "$name" "$dir/names" \
        && [ "$(grep -c "(incomplete)" "$dir/names")" -le "$(incomplete_most "$name")" ] \
        && "$GIMP_CHECK" same "$work/before.raw" "$dir/after.raw" >> "$log" 2>&1; } \
      || { echo "# not as before: complete as uncut?" >> "$log"
           ! grep -q "(incomplete)" "$dir/names" \
             && if [ "$name" = - ]; then
                  "$GIMP_CHECK" same "$uncut/after.raw" "$dir/after.raw"
                else
                  has_result "$name" "$dir/names" \
                    && "$GIMP_CHECK" same "$work/before.raw" "$dir/after.raw"
                fi >> "$log" 2>&1; }
  fi
  tap_result $? "$name, $program, $point" "$log"
  job=$((job + 1))
done
tap_done
