#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian package as a user gets it (TAP): in a clean Debian root
# (root.sh: debootstrap's minbase, nothing else), `apt-get install
# ./gimp-plugin-tessera_*.deb` pulls GIMP in; GIMP, with a fresh profile and
# no gimprc change, then lists all eight procedures and runs each in batch
# mode on the bundled photo and line art; `apt-get purge` then leaves none
# of the package's files (and nothing else) behind.  bookworm tests the GIMP
# 2.10 package in gimp-console-2.10, forky the GIMP 3 package in
# gimp-console-3.2.  Not part of make check (GIMP's download and install take
# minutes); see docs/packaging.md.  Needs root and the network to Debian.
#
#   sh tests/package/deb.sh bookworm|forky PATH/gimp-plugin-tessera_VERSION_ARCH.deb
set -u
suite=$1
deb=$(realpath "$2")
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/package/package-tap.sh"
mkdir -p "$root$work/home" "$root$work/out"
procedures="plug-in-tessera-box-blur plug-in-tessera-fill-contours
  plug-in-tessera-mst-segment plug-in-tessera-reconstruct
  plug-in-tessera-reconstruct-preset plug-in-tessera-trace-line
  plug-in-tessera-trace-line-from-path plug-in-tessera-export-paths-geojson"

echo "1..12"

install_deb "$deb"
console=$(cd "$root/usr/bin" && ls gimp-console-* 2>/dev/null | sort -V | tail -n 1)

# SCHEME...: each -b on its own in the installed GIMP, as root in a fresh
# home (so a fresh profile: GIMP finds the plug-ins in its own folder).
version2=no
case $console in gimp-console-2*) version2=yes ;; esac
gimp ()
{
  if [ $version2 = yes ]; then set -- "$@" -b '(gimp-quit 0)'; else set -- --quit "$@"; fi
  in_root env HOME=$work/home timeout 2400 "$console" -i -f \
    --batch-interpreter=plug-in-script-fu-eval "$@" 2>&1
}

# The PDB's list: every procedure registered, written to listed.txt.
exists='(gimp-pdb-procedure-exists name)'
[ $version2 = yes ] && exists='(gimp-procedural-db-proc-exists name)'
names=$(for p in $procedures; do printf '"%s" ' "$p"; done)
gimp -b "(let ((port (open-output-file \"$work/listed.txt\")))
  (for-each (lambda (name)
              (let ((r $exists))
                (if (member (if (pair? r) (car r) r) (list #t 1 TRUE))
                    (begin (display name port) (newline port)))))
            (list $names))
  (close-output-port port))" >"$root$work/list.log"
missing=$(for p in $procedures; do grep -qx "$p" "$root$work/listed.txt" 2>/dev/null || echo "$p"; done)
[ -z "$missing" ]
report $? "$console lists the eight procedures with no gimprc change${missing:+ (missing: $(echo $missing))}"

# The calls, on the photo (or the line art) opened afresh, the image saved
# as out/NAME.png after the call: a missing file is a failed call.
photo=$work/landsat-bahamas-791x718.png
art=$work/line-art-640x480.png
if [ $version2 = yes ]; then
  load='(car (gimp-file-load RUN-NONINTERACTIVE file file))'
  layer='(car (gimp-image-get-active-drawable image))'
  save='(gimp-file-save RUN-NONINTERACTIVE image (car (gimp-image-get-active-drawable image)) out out)'
  path='(let ((p (car (gimp-vectors-new image "clicked")))) (gimp-image-insert-vectors image p 0 -1) (gimp-vectors-stroke-new-from-points p 0 18 #(401 300 401 300 401 300 418 400 418 400 418 400 449 480 449 480 449 480) FALSE) (gimp-image-set-active-vectors image p))'
  set -- \
    box-blur "$photo" '(plug-in-tessera-box-blur RUN-NONINTERACTIVE image layer 6 6 3 0)' \
    fill-contours "$art" '(plug-in-tessera-fill-contours RUN-NONINTERACTIVE image layer 0 0.5 4 3 0 2 0 3 0 0 0 -1 0)' \
    mst-segment "$photo" '(plug-in-tessera-mst-segment RUN-NONINTERACTIVE image layer 8 0.01 1.0 1 0 0 0)' \
    reconstruct "$photo" '(plug-in-tessera-reconstruct RUN-NONINTERACTIVE image layer marker 0 8 0 1 0)' \
    reconstruct-preset "$photo" '(plug-in-tessera-reconstruct-preset RUN-NONINTERACTIVE image layer 2 12.0 8 0 0 0)' \
    trace-line "$photo" '(plug-in-tessera-trace-line RUN-NONINTERACTIVE image layer 6 #(385.0 290.0 425.0 445.0 470.0 600.0) 8 256 20.0 30.0 1.5 1 0 0 0.05 0.15 3.0 1 1 3.0 1 0.0 0.0 0.5)' \
    trace-line-from-path "$photo" "(begin $path (plug-in-tessera-trace-line-from-path RUN-NONINTERACTIVE image layer 3 9 4 45 1.0 0 1 0 0.05 0.15 3.0 1 1 3.0 1 0.0 0.0 0.0))"
else
  load='(car (gimp-file-load RUN-NONINTERACTIVE file))'
  layer='(vector-ref (car (gimp-image-get-layers image)) 0)'
  save='(gimp-file-save RUN-NONINTERACTIVE image out)'
  path='(let ((p (car (gimp-path-new image "clicked")))) (gimp-image-insert-path image p 0 -1) (gimp-path-stroke-new-from-points p 0 #(401 300 401 300 401 300 418 400 418 400 418 400 449 480 449 480 449 480) FALSE) (gimp-image-set-selected-paths image (vector p)))'
  args='#:run-mode RUN-NONINTERACTIVE #:image image #:drawables (vector layer)'
  set -- \
    box-blur "$photo" "(plug-in-tessera-box-blur $args #:radius-x 6 #:radius-y 6 #:iterations 3)" \
    fill-contours "$art" "(plug-in-tessera-fill-contours $args #:output \"flat\")" \
    mst-segment "$photo" "(plug-in-tessera-mst-segment $args #:classes 8)" \
    reconstruct "$photo" "(plug-in-tessera-reconstruct $args #:marker-drawable marker)" \
    reconstruct-preset "$photo" "(plug-in-tessera-reconstruct-preset $args #:preset \"h-dome\" #:parameter 12.0)" \
    trace-line "$photo" "(plug-in-tessera-trace-line $args #:coords #(385.0 290.0 425.0 445.0 470.0 600.0))" \
    trace-line-from-path "$photo" "(begin $path (plug-in-tessera-trace-line-from-path $args))"
fi
calls=$root$work/calls.scm
: >"$calls"
names=
while [ $# -ge 3 ]; do
  # Reconstruction's marker: the layer inverted, above it.
  echo "(let* ((file \"$2\") (out \"$work/out/$1.png\") (image $load) (layer $layer)
       (marker (car (gimp-layer-copy layer FALSE))))
  (gimp-image-insert-layer image marker 0 -1) (gimp-drawable-invert marker FALSE)
  (gimp-image-set-active-layer image layer)
  $3 (gimp-image-remove-layer image marker) $save)" | tr '\n' ' ' >>"$calls"
  echo >>"$calls"
  names="$names $1"
  shift 3
done
[ $version2 = yes ] || sed -i 's/(gimp-image-set-active-layer image layer)/(gimp-image-set-selected-layers image (vector layer))/; s/(gimp-layer-copy layer FALSE)/(gimp-layer-copy layer)/' "$calls"
set --
while IFS= read -r call; do set -- "$@" -b "$call"; done <"$calls"
gimp "$@" >"$root$work/calls.log"
for name in $names; do
  [ -s "$root$work/out/$name.png" ]
  report $? "$name runs in batch mode (out/$name.png)"
done

# Purge: every file of the package gone, every folder too unless another
# package owns it, and nothing else changed (GIMP's profile is in $work).
check_purge gimp-plugin-tessera
[ $failed = 0 ]
