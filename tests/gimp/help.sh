#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera tests — the help pages in GIMP 2.10 (TAP): every plug-in of the
# build tree, in a private profile with its pages beside it as make install
# puts them, registers its help domain (GIMP's pluginrc holds it); the
# domain's gimp-help.xml maps each procedure, its help ID, to a page that
# names every argument the PDB shows; Fill Closed Contours' PDB arguments
# are those it always had, the seed appended; and make install and make
# install-user put the pages beside the plug-ins.
set -u

: "${abs_top_builddir:?}" "${abs_top_srcdir:?}"
. "$abs_top_srcdir/tests/gimp/harness.sh"

require_programs "${GIMP_CONSOLE:-gimp-console-2.10}"
work="$abs_top_builddir/tests/gimp/help.d"
rm -rf "$work"
mkdir -p "$work"

plugins="box-blur fill-contours mst-segment reconstruct trace-line"
procedures="box-blur fill-contours mst-segment reconstruct reconstruct-preset
            trace-line trace-line-from-path export-paths-geojson"
# shellcheck disable=SC2046
profile_make "$work/profile" $(for p in $plugins; do
    printf '%s ' "$abs_top_builddir/plugins/$p/tessera-$p"; done) \
  || { echo "Bail out! cannot make the GIMP profile"; exit 1; }

# Every procedure's PDB arguments, one "PROCEDURE NAME TYPE" a line.
dump=
for p in $procedures; do
  dump="$dump (tt-dump \"plug-in-tessera-$p\")"
done
GIMP2_DIRECTORY="$work/profile" timeout "$GIMP_TIME_LIMIT" \
  "${GIMP_CONSOLE:-gimp-console-2.10}" -i -d -f -b "
  (let ((port (open-output-file $(scheme_string "$work/args"))))
    (define (tt-dump proc)
      (let ((n (list-ref (gimp-procedural-db-proc-info proc) 6)))
        (do ((i 0 (+ i 1))) ((= i n))
          (let ((arg (gimp-procedural-db-proc-arg proc i)))
            (display proc port) (display \" \" port)
            (display (cadr arg) port) (display \" \" port)
            (display (car arg) port) (newline port)))))
    $dump
    (close-output-port port))" -b '(gimp-quit 0)' > "$work/gimp.log" 2>&1
[ -s "$work/args" ]
tap_result $? "GIMP listed the procedures' arguments" "$work/gimp.log"

for p in $plugins; do
  # The domain GIMP keeps for the plug-in, and its folder.
  uri=$(grep -o "(help-def \"tessera-$p-help\" \"[^\"]*\")" \
          "$work/profile/pluginrc" | sed 's/.* "file:\/\/\([^"]*\)")$/\1/')
  [ "$uri" = "$work/profile/plug-ins/tessera-$p/help" ]
  tap_result $? "tessera-$p registers its help domain (pluginrc: $uri)"
done

# page PROCEDURE: the file its plug-in's gimp-help.xml maps it to.
page ()
{
  for _p in $plugins; do
    _map="$work/profile/plug-ins/tessera-$_p/help/en/gimp-help.xml"
    _ref=$(sed -n "s/.*id=\"$1\" ref=\"\([^\"]*\)\".*/\1/p" "$_map")
    [ -n "$_ref" ] && { echo "$(dirname "$_map")/$_ref"; return 0; }
  done
  return 1
}
for p in $procedures; do
  proc=plug-in-tessera-$p
  file=$(page "$proc") && [ -s "$file" ]
  tap_result $? "$proc's help ID maps to its page $file"
  : > "$work/missing"
  grep "^$proc " "$work/args" | while read -r _ name _; do
    case $name in run-mode|image|drawable) continue ;; esac
    grep -q "<code>$name</code>" "$file" 2> /dev/null \
      || echo "$name is not on the page" >> "$work/missing"
  done
  [ ! -s "$work/missing" ] && grep -q "^$proc " "$work/args"
  tap_result $? "$proc's page names every argument" "$work/missing"
done

# 2.10 scripts see the arguments they always saw, the seed after them.
grep '^plug-in-tessera-fill-contours ' "$work/args" | cut -d' ' -f2- \
  > "$work/fill-args"
cat > "$work/fill-expected" <<'ARGS'
run-mode 0
image 13
drawable 16
contour-source 0
threshold 3
connectivity 0
output 0
backend 0
bleed 0
all-layers 0
gap 0
edge-regions 0
min-region 0
bleed-to-centre 0
guide 0
seed 0
ARGS
diff "$work/fill-expected" "$work/fill-args" > "$work/fill-diff"
tap_result $? "Fill Closed Contours' PDB arguments: as before, the seed appended" \
  "$work/fill-diff"

# What make install and make install-user leave.
make -s -C "$abs_top_builddir/plugins" install DESTDIR="$work/dest" \
  > "$work/install.log" 2>&1 \
  && [ -n "$(find "$work/dest" -path '*/tessera-fill-contours/help/en/plug-in-tessera-fill-contours.html')" ]
tap_result $? "make install puts the pages beside the plug-ins" "$work/install.log"
GIMP2_DIRECTORY="$work/user2" GIMP3_DIRECTORY="$work/user3" \
  make -s -C "$abs_top_builddir/plugins" install-user \
  > "$work/install-user.log" 2>&1 \
  && [ -s "$work/user2/plug-ins/tessera-trace-line/help/en/gimp-help.xml" ]
tap_result $? "make install-user puts the pages beside the plug-ins" \
  "$work/install-user.log"
tap_done
