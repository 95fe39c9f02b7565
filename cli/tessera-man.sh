#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes tessera(1) on stdout from the built command's own --help texts, so
# the manual page lists exactly the verbs and options the program has (one
# source for both: the option tables in cli/verb-*.c).
#
#   sh tessera-man.sh PATH/tessera > tessera.1
set -eu
tessera=$1
version=$("$tessera" --version | sed 's/^tessera //')
verbs=$("$tessera" --help | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p')

# roff: a backslash is \e, a leading dot or quote is escaped, and every
# hyphen of an option is \- so that man pages are searchable and copyable.
roff () { sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }

# A verb's --help: the paragraph after "Usage:" as text, each option as .TP.
verb_section () {
  "$tessera" "$1" --help | awk -v verb="$1" '
    function esc(s) { gsub(/\\/, "\\e", s); gsub(/-/, "\\-", s); return s }
    NR == 1 { sub(/^Usage: /, ""); print ".SS \"" esc($0) "\""; next }
    /^Options:$/ { options = 1; next }
    /^Exit status:/ { next }
    options && /^  -/ {
      line = substr($0, 3)
      split(line, parts, /   +/)
      print ".TP"; print "\\fB" esc(parts[1]) "\\fR"
      desc = substr(line, length(parts[1]) + 1); sub(/^ +/, "", desc)
      print esc(desc); next
    }
    /^$/ { if (!options && text) print ".PP"; next }
    !options { print esc($0); text = 1 }'
}

cat <<HEAD
.\\" SPDX-License-Identifier: GPL-3.0-or-later
.\\" Made by cli/tessera-man.sh from tessera's --help texts; edit those.
.TH TESSERA 1 "" "tessera $version" "User Commands"
.SH NAME
tessera \\- Tessera's image filters on files: box blur, fill contours, reconstruction, colour segmentation, line tracing
.SH SYNOPSIS
.B tessera
.I VERB
[\\fIOPTIONS\\fR] \\fIIN\\fR \\fIOUT\\fR
.br
.B tessera
.I VERB
.B \\-\\-help
.SH DESCRIPTION
HEAD
"$tessera" --help | sed -n '/^Tessera/p' | roff
echo ".PP"
echo "The verbs:"
"$tessera" --help | sed -n 's/^  \([a-z][a-z-]*\)  *\(.*\)/\1\n\2/p' | roff \
  | sed 'n; s/^/    /' | sed 's/^\([^ ]\)/.TP\n.B \1/; s/^    //'
cat <<'MIDDLE'
.PP
Files are anything GDAL reads (PNG, JPEG, TIFF, GeoTIFF, tiled and COG
files), with 1 to 4 bands of 8 or 16 bits or float.  The output's format
comes from its extension.  A GeoTIFF's georeference, metadata and no\-data
value are kept; a PNG or JPEG output of a georeferenced input gets a world
file.  The output is written under a hidden partial name and renamed when
complete: a run that fails or is interrupted leaves no file that looks like
a result.
.SH VERBS
MIDDLE
for verb in $verbs; do verb_section "$verb"; done
cat <<'TAIL'
.SH EXIT STATUS
.TP
.B 0
done
.TP
.B 1
the operation failed (the message says why)
.TP
.B 2
bad options or arguments
.TP
.B 3
a file could not be read or written
.PP
Every error is one line on standard error, \fBtessera \fIVERB\fB: \fR...
.SH EXAMPLES
.nf
tessera box\-blur \-\-radius 10 \-\-iterations 3 photo.tif blurred.tif
tessera fill\-contours \-\-gap 3 \-\-output colour \-\-colour ff0000 art.png filled.png
tessera segment\-colours \-\-classes 8 photo.jpg posterised.png
tessera trace \-\-clicks "412,300;530,288;655,310" ortho.tif road.geojson
ls scans/*.png | parallel \-j4 tessera fill\-contours \-\-quiet {} filled/{/}
.fi
.SH SEE ALSO
.BR gimp (1),
.BR gdalinfo (1)
TAIL
