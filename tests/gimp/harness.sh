# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera tests — what the GIMP harnesses (batch.sh, dialog.sh) share: TAP
# output, a private GIMP profile holding the freshly built plug-ins, and the
# script-fu helpers.  Sourced (POSIX sh) after the caller has set
#   abs_top_builddir, abs_top_srcdir    (from tests/Makefile.am)
#   GIMP_CONSOLE, GIMP_GUI              (from configure; empty when missing)

# English messages and window titles, whatever the locale.
LC_ALL=C.UTF-8
LANGUAGE=C
export LC_ALL LANGUAGE

GIMP_CHECK="$abs_top_builddir/tests/gimp/gimp-check"
TEST_IO="$abs_top_builddir/tests/gimp/tessera-test-io"
HARNESS_SCM="$abs_top_srcdir/tests/gimp/harness.scm"

# How long GIMP may take, in seconds, before the run counts as hung.
GIMP_TIME_LIMIT=${GIMP_TIME_LIMIT:-600}

tap_count=0

# tap_result STATUS DESCRIPTION [LOG]: "ok" when STATUS is 0; the lines of
# LOG, if any, follow as TAP diagnostics.
tap_result ()
{
  tap_count=$((tap_count + 1))
  if [ "$1" -eq 0 ]; then
    echo "ok $tap_count - $2"
  else
    echo "not ok $tap_count - $2"
  fi
  if [ -n "${3:-}" ] && [ -s "$3" ]; then
    sed 's/^/# /' "$3"
  fi
}

tap_skip_all ()
{
  echo "1..0 # SKIP $1"
  exit 0
}

# Prints the plan.  Failures are in the TAP lines, so the status is 0.
tap_done ()
{
  echo "1..$tap_count"
  exit 0
}

# Skips the whole test unless each of the named programs can be run.
require_programs ()
{
  for _program in "$@"; do
    command -v "$_program" > /dev/null 2>&1 \
      || tap_skip_all "$_program is not installed"
  done
}

# GIMP's own plug-ins that a profile offers: script-fu runs the -b
# commands, file-png opens the samples.  A case file may add to them.
system_plugins="script-fu file-png"

# profile_make DIR PROGRAM...: a fresh GIMP profile in DIR whose plug-in
# path holds the given plug-in programs (paths in the build tree) and the
# test-only tessera-test-io, each as plug-ins/NAME/NAME like an installed
# plug-in, and of GIMP's own only $system_plugins (GIMP starts several
# seconds sooner than when it must query its hundred plug-ins).  Export
# GIMP2_DIRECTORY=DIR to use it.
profile_make ()
{
  _profile=$1
  shift
  rm -rf "$_profile"
  # The writable data folders GIMP expects, so it does not complain.
  for _folder in plug-ins brushes dynamics fonts gradients palettes patterns \
                 tool-presets mypaint-brushes scripts; do
    mkdir -p "$_profile/$_folder" || return 1
  done
  _path='${gimp_dir}/plug-ins'
  for _name in $system_plugins; do
    _path="$_path:\${gimp_plug_in_dir}/plug-ins/$_name"
  done
  echo "(plug-in-path \"$_path\")" > "$_profile/gimprc"
  cat >> "$_profile/gimprc" <<'EOF'
(check-updates no)
(save-session-info no)
(restore-session no)
(color-profile-policy keep)
(show-tooltips no)
(use-help no)
EOF
  for _program in "$TEST_IO" "$@"; do
    _name=$(basename "$_program")
    if [ ! -x "$_program" ]; then
      echo "no plug-in program $_program: build it first" >&2
      return 1
    fi
    mkdir -p "$_profile/plug-ins/$_name"
    ln -s "$_program" "$_profile/plug-ins/$_name/$_name" || return 1
    # Its help pages beside it, as make install puts them.
    _pages="$abs_top_builddir/plugins/help/pages/$_name"
    if [ -d "$_pages" ]; then
      ln -s "$_pages" "$_profile/plug-ins/$_name/help" || return 1
    fi
  done
}

# bench_work DIR: DIR made afresh, holding a GIMP profile (DIR/profile)
# with every plug-in built under $abs_top_builddir/plugins, for the
# benchmarks in bench/.
bench_work ()
{
  rm -rf "$1"
  mkdir -p "$1"
  # shellcheck disable=SC2046
  profile_make "$1/profile" $(find "$abs_top_builddir/plugins" -type f \
                                -name 'tessera-*' -perm -u+x)
}

# plugin_programs NAME...: the absolute paths of the build tree's programs
# named relative to it (as case files name them).
plugin_programs ()
{
  for _name in "$@"; do
    printf '%s ' "$abs_top_builddir/$_name"
  done
}

# scheme_string TEXT: TEXT as a script-fu string literal.
scheme_string ()
{
  printf '"%s"' "$(printf '%s' "$1" | sed 's/[\\"]/\\&/g')"
}

# run_check DIR MASK OPERATION ARGS...: whether DIR/after.raw is what
# OPERATION makes of DIR/before.raw within MASK (a raw file or -): the case
# file's shell function check_OPERATION (dashes become underscores), called
# with the same arguments, where it has one, else gimp-check op.
run_check ()
{
  _dir=$1
  _mask=$2
  _operation=$3
  shift 3
  _function="check_$(echo "$_operation" | tr - _)"
  if [ "$(command -v "$_function")" = "$_function" ]; then
    "$_function" "$_dir" "$_mask" "$@"
  else
    "$GIMP_CHECK" op "$_dir/before.raw" "$_dir/after.raw" "$_mask" \
      "$_operation" "$@"
  fi
}

# gimp_log_check LOG: a TAP line saying whether GIMP's log shows a plug-in
# that crashed or was killed.
gimp_log_check ()
{
  grep -i -E "crashed|terminated|segmentation|aborted" "$1" \
    > "$1.crashes" 2>&1
  tap_result $((! $?)) "no plug-in crashed" "$1.crashes"
}
