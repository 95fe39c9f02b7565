#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera tests — the GIMP batch-mode harness.  Runs one procedure's case
# file (tests/gimp/batch/NAME.batch) in a single gimp-console session with
# a private profile that holds the freshly built plug-ins, and prints TAP.
#
#   batch.sh CASE-FILE
#
# A case file is sourced (POSIX sh).  It sets
#   plugins="plugins/box-blur/tessera-box-blur ..."   (built programs, relative
#                                                      to the build tree)
# may add to system_plugins (GIMP's own plug-ins it needs, see harness.sh)
# and lists its checks:
#   filter NAME DRAWABLES SELECTION CALL CHECK [AFTER]
#       runs CALL on every drawable named by DRAWABLES, each filled with
#       random pixels, and compares the result with the core's: CHECK is
#       "OPERATION ARGS..." of gimp-check (see check-ops.c), or of the case
#       file's own shell function check_OPERATION (see run_check in
#       harness.sh).  AFTER, a script-fu expression run after the call with
#       `image', `drawable' and `dir' (the job's folder) bound, can save
#       more for such a function to look at (a new layer, a path...).
#   reject NAME DRAWABLES CALL [MESSAGE]
#       CALL must fail and leave the drawable and the image untouched (no item,
#       selection or undo step added or changed); its error message
#       must match MESSAGE (an extended regular expression) when given.
# The drawables are small and filled with noise; a case file may set
#   pixels="road WIDTH HEIGHT"
# before checks whose drawables must be gimp-check make's test road of that
# size instead (see check-trace-line.h), and pixels= after them; and
#   setup="SCHEME"
# before checks whose image needs more than the drawable before the call
# (a path, with `image' and `drawable' bound; part of the image the call
# must leave as it was), and setup= after them.
# CALL is a script-fu expression in which `image' and `drawable' are bound,
# e.g. (plug-in-tessera-box-blur RUN-NONINTERACTIVE image drawable 3 3 1 1).
# DRAWABLES is a list of shell patterns over the drawable names
# KIND-PRECISION: KIND is RGB, RGBA, GRAY, GRAYA (layers), mask (a layer
# mask), channel, group (a layer group holding an RGBA layer), text (a text
# layer: its text, not noise; the case file sets fonts=yes), offset (an RGBA layer at offsets 5,3 in a
# larger image; with selection none), outside (an RGBA layer partly outside
# the canvas, left and below; selection none), or INDEXED (u8-perceptual
# only);
# PRECISION is u8, u16,
# u32, half, float or double, then -linear or -perceptual; "layers" stands
# for every layer of every precision.  SELECTION is none, rect, feather, or
# rotate (the drawables take none, rect and feather in turn).
#
# The work folder (the profile, each job's raw files, GIMP's log) is
# NAME.batch.d next to where it runs, kept for a person to look at.
set -u

: "${abs_top_builddir:?}" "${abs_top_srcdir:?}"
. "$abs_top_srcdir/tests/gimp/harness.sh"

case_file=$1
name=$(basename "$case_file" .batch)
work="$abs_top_builddir/tests/gimp/$name.batch.d"

require_programs "${GIMP_CONSOLE:-gimp-console-2.10}"

precisions="u8-linear u8-perceptual u16-linear u16-perceptual
            u32-linear u32-perceptual half-linear half-perceptual
            float-linear float-perceptual double-linear double-perceptual"

all_drawables ()
{
  for kind in RGB RGBA GRAY GRAYA mask channel group text offset; do
    for precision in $precisions; do
      echo "$kind-$precision"
    done
  done
  echo "INDEXED-u8-perceptual"
  for precision in $precisions; do
    echo "outside-$precision"
  done
}

# matches NAME PATTERNS: whether NAME matches one of the patterns.
matches ()
{
  for pattern in $2; do
    [ "$pattern" = layers ] && pattern="RGB-* RGBA-* GRAY-* GRAYA-*"
    for glob in $pattern; do
      # shellcheck disable=SC2254
      case $1 in
        $glob) return 0 ;;
      esac
    done
  done
  return 1
}

# The script-fu constant of a precision name, e.g. PRECISION-U8-GAMMA.
precision_constant ()
{
  case $1 in
    *-linear) trc=LINEAR ;;
    *) trc=GAMMA ;;
  esac
  echo "PRECISION-$(echo "${1%-*}" | tr a-z A-Z)-$trc"
}

# The layout of KIND's pixels as tessera-test-io sees them:
# "CHANNELS ALPHA".
kind_layout ()
{
  case $1 in
    RGB|INDEXED)  echo "3 0" ;;
    RGBA|group|text|offset|outside) echo "4 1" ;;
    GRAYA)        echo "2 1" ;;
    *)            echo "1 0" ;;
  esac
}

job_count=0

# queue_job KIND-PRECISION SELECTION CALL AFTER EXPECT DESCRIPTION: writes
# the job's folder and its script-fu line.  EXPECT is "op CHECK..." or
# "reject [MESSAGE]".
queue_job ()
{
  job_count=$((job_count + 1))
  dir="$work/jobs/$job_count"
  kind=${1%%-*}
  precision=${1#*-}
  type=${precision%-*}
  [ "$kind" = INDEXED ] && type=u8
  # Sizes that differ from job to job, odd and even, none a power of two,
  # large enough for a soft selection with a fully selected middle (1 x N
  # and other edge cases are the core tests' business).
  width=$((21 + job_count * 11 % 37))
  height=$((15 + job_count * 7 % 29))
  job_pixels=noise
  if [ -n "${pixels:-}" ]; then
    # After the six arguments: the pattern and the size.
    # shellcheck disable=SC2086
    set -- "$@" $pixels
    job_pixels=$7 width=$8 height=$9
  fi
  mkdir -p "$dir"
  # shellcheck disable=SC2046
  "$GIMP_CHECK" make "$dir/in.raw" "$width" "$height" $(kind_layout "$kind") \
    "$type" "$job_count" "$job_pixels" \
    || { echo "Bail out! cannot make the pixels of job $job_count"; exit 1; }
  printf '%s\n%s\n%s\n' "$2" "$5" "$6" > "$dir/job"
  {
    printf '(set! tt-setup (lambda (image drawable) %s))\n' "${setup:-#t}"
    printf '(tt-job %s "%s" %s %d %d "%s"\n' "$(scheme_string "$dir")" \
      "$kind" "$(precision_constant "$precision")" "$width" "$height" "$2"
    printf '  (lambda (image drawable) %s)\n' "$3"
    printf '  (lambda (image drawable dir) %s))\n' "$4"
  } >> "$work/script.scm"
}

# For "rotate": none, rect or feather, in turn along both the kinds and
# the precisions, so that each kind and each precision meets all three.
rotated_selection ()
{
  i=0
  for kind in RGB RGBA GRAY GRAYA mask channel group text offset INDEXED outside; do
    [ "$kind" = "${1%%-*}" ] && break
    i=$((i + 1))
  done
  for precision in $precisions; do
    [ "$precision" = "${1#*-}" ] && break
    i=$((i + 1))
  done
  set -- none rect feather
  shift $((i % 3))
  echo "$1"
}

# A case file may define wanted KIND CALL [MESSAGE] (KIND filter or
# reject): the checks for which it fails are not queued.  fill-bands.batch
# leaves out so the cases of the file it sources that would run there
# exactly as in that file's own test.
queued ()   # KIND CALL [MESSAGE]
{
  command -v wanted > /dev/null 2>&1 || return 0
  wanted "$@"
}

filter ()
{
  queued filter "$4" || return 0
  for drawable in $(all_drawables); do
    matches "$drawable" "$2" || continue
    selection=$3
    [ "$selection" = rotate ] && selection=$(rotated_selection "$drawable")
    queue_job "$drawable" "$selection" "$4" "${6:-#t}" "op $5" \
      "$1: $drawable, selection $selection"
  done
}

reject ()
{
  queued reject "$3" "${4:-}" || return 0
  for drawable in $(all_drawables); do
    matches "$drawable" "$2" || continue
    queue_job "$drawable" none "$3" "#t" "reject ${4:-}" "$1: $drawable"
  done
}

# untouched DIR: whether the image of job DIR kept its items, selection
# and undo steps (harness.scm's tt-untouched), saying what changed if not.
untouched ()
{
  read -r what < "$1/untouched" 2> /dev/null || what="no: not recorded"
  [ "$what" = yes ] || { echo "the image changed: ${what#no: }"; return 1; }
}

# judge_job DIR: one TAP line for the job in DIR.
judge_job ()
{
  { read -r selection; read -r expect; read -r description; } < "$1/job"
  log="$1/check.log"
  status=$(head -n 1 "$1/status" 2> /dev/null)
  mask=-
  [ "$selection" = none ] || mask="$1/mask.raw"
  if [ ! -f "$1/after.raw" ]; then
    echo "the job did not finish: see $work/gimp.log" > "$log"
    false
  elif [ "${expect%% *}" = reject ]; then
    message=${expect#reject}
    if [ "$status" != failed ]; then
      echo "the call succeeded" > "$log"
      false
    else
      sed -n 's/^/error: /; 2p' "$1/status" > "$log"
      if sed -n 2p "$1/status" | grep -E -q -- "${message# }"; then
        "$GIMP_CHECK" same "$1/before.raw" "$1/after.raw" >> "$log" 2>&1 \
          && untouched "$1" >> "$log"
      else
        echo "the error does not match:$message" >> "$log"
        false
      fi
    fi
  elif [ "$status" != ok ]; then
    sed -n 's/^/the call failed: /; 2p' "$1/status" > "$log"
    false
  else
    # shellcheck disable=SC2086
    run_check "$1" "$mask" ${expect#op } > "$log" 2>&1
  fi
  tap_result $? "$description" "$log"
}

rm -rf "$work"
mkdir -p "$work"
# GIMP starts sooner without fonts; a case file that makes text layers sets
# fonts=yes.
fonts=no
plugins=
script="$work/script.scm"
printf '(load %s)\n' "$(scheme_string "$HARNESS_SCM")" > "$script"
. "$case_file" || { echo "Bail out! $case_file failed"; exit 1; }
# shellcheck disable=SC2046,SC2086
profile_make "$work/profile" $(plugin_programs $plugins) \
  || { echo "Bail out! cannot make the GIMP profile"; exit 1; }
echo '(gimp-quit 0)' >> "$script"
font_flag=-f
[ "$fonts" = yes ] && font_flag=

GIMP2_DIRECTORY="$work/profile" timeout "$GIMP_TIME_LIMIT" \
  "${GIMP_CONSOLE:-gimp-console-2.10}" -i -d $font_flag -b - \
  < "$script" > "$work/gimp.log" 2>&1
status=$?
if [ $status -ne 0 ]; then
  echo "gimp-console exited with status $status; the end of its log:"
  tail -n 20 "$work/gimp.log"
fi > "$work/gimp.status"
tap_result $status "GIMP ran the $job_count jobs of $name.batch" \
  "$work/gimp.status"
gimp_log_check "$work/gimp.log"

job=1
while [ $job -le $job_count ]; do
  judge_job "$work/jobs/$job"
  job=$((job + 1))
done
tap_done
