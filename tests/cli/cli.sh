#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The tessera command on real files against obvious references
# (cli_check.py); skips where the command was not built (no GDAL) or
# Python's GDAL bindings are missing.
tessera="$abs_top_builddir/cli/tessera"
if [ ! -x "$tessera" ]; then
  echo "1..0 # SKIP the tessera command was not built (no GDAL)"
  exit 0
fi
if ! /usr/bin/python3 -c 'import numpy; from osgeo import gdal' 2>/dev/null; then
  echo "1..0 # SKIP python3-gdal not found"
  exit 0
fi
exec /usr/bin/python3 "$abs_top_srcdir/tests/cli/cli_check.py" "$tessera"
