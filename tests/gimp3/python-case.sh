# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the GIMP 3 batch tests, after they set top, work, host_work and
# in_root.  python_case PROFILE CASE runs the case CASE of the Python test
# plug-in (tessera-python-test/tessera-python-test.py: a Gimp.PlugIn whose
# procedure calls Tessera's procedures as the README's Python does) from a
# batch Script-Fu call, on the test's files in $work, in GIMP 3's gimp-console
# with the profile PROFILE (as the root sees it; its gimprc lists
# $work/plug-ins); prints GIMP's output, and what the case tells.  GIMP
# starts without fonts (-f) unless the caller sets python_case_fonts= (for
# text layers).  The plug-in goes into $work/plug-ins, the test's own:
# never into GIMP's.
python_case ()   # PROFILE CASE
{
  mkdir -p "$host_work/plug-ins/tessera-python-test"
  cp "$top/tests/gimp3/tessera-python-test/tessera-python-test.py" \
    "$host_work/plug-ins/tessera-python-test/"
  in_root env GIMP3_DIRECTORY="$1" HOME="$work" \
    timeout 300 "$gimp_console" -i -d ${python_case_fonts--f} --quit \
    --batch-interpreter=plug-in-script-fu-eval \
    -b "(python-fu-tessera-test #:case \"$2\" #:folder \"$work\")" 2>&1
}
