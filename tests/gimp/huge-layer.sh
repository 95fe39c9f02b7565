#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera tests — bounded memory on a huge layer: Box Blur (radius 10, three
# iterations) and Fill Closed Contours (dark lines, on the layer: in bands)
# on a HUGE_SIZE x HUGE_SIZE RGBA 8-bit layer (16000 by default: 1 GB) in
# gimp-console (bench/gimp-memory.sh), each plug-in's peak memory (VmHWM,
# polled) at most HUGE_BOUND_PERCENT (default 50) percent of the layer's
# bytes.  Tells the time and peak of the blur and of a plug-in
# that only reads the layer and writes it back.  (Every plug-in that starts
# GEGL peaks at about 360 MiB, babl 0.1.98's tables built and freed in
# babl_init, whatever the layer: below 16000 x 16000 that start-up peak is
# the plug-in's.)  TAP output.
set -u

: "${abs_top_builddir:?}" "${abs_top_srcdir:?}"
. "$abs_top_srcdir/tests/gimp/harness.sh"

require_programs "${GIMP_CONSOLE:-gimp-console-2.10}"

size=${HUGE_SIZE:-16000}
bound_percent=${HUGE_BOUND_PERCENT:-50}
work="$abs_top_builddir/tests/gimp/huge-layer.d"
mkdir -p "$work"

sh "$abs_top_srcdir/bench/gimp-memory.sh" "$abs_top_builddir" "$size" \
  "$size" \
  'box-blur (plug-in-tessera-box-blur RUN-NONINTERACTIVE image layer 10 10 3 1)' \
  'fill-contours (plug-in-tessera-fill-contours RUN-NONINTERACTIVE image layer 1 0.5 4 0 0 0 0 0 0 0 0 -1 0)' \
  > "$work/figures" 2>&1
tap_result $? "GIMP ran box blur and fill contours on a ${size}x$size RGBA layer" \
  "$work/figures"

for name in box-blur fill-contours; do
  line=$(grep "^$name " "$work/figures")
  peak=$(echo "$line" | sed -n 's/.*peak_mib=\([0-9]*\).*/\1/p')
  layer=$(echo "$line" | sed -n 's/.*layer_mib=\([0-9]*\).*/\1/p')
  bound=$((${layer:-0} * bound_percent / 100))
  echo "$line" | grep -q 'status=ok' \
    && [ "${peak:-0}" -gt 0 ] && [ "$peak" -le "$bound" ]
  tap_result $? "$name's plug-in peak ${peak:-?} MiB <= $bound MiB ($bound_percent % of the layer)" \
    "$work/figures"
done
tap_done
