#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# On the development machine: the CPU figures of bench/RESULTS.md's opening
# table in one call (tests/gpu/run-table.sh is its GPU counterpart).  Makes
# every row's input as its section says, then runs each row's command and
# its peer on that input, ours and the peer alternated --rounds times, with
# the load average before and after each row.  The full log goes to
# $OUT/table.log (default out/cpu/); the inputs stay in $WORK (default
# /var/tmp/tessera-cpu-table/) for the next run.  The last lines are one
# summary line per row: the lower of the rounds' medians on each side.
#
#   bash bench/cpu-table.sh BUILD-DIR [--rounds N] [--no-gimp] [--no-gmic]
#                           [--no-photo]
#
# BUILD-DIR holds bench/tessera-bench and the plug-ins (make in it first).
# --no-gimp leaves out the rows timed inside gimp-console, --no-gmic the
# G'MIC peer of the gap-5 page (half a minute), --no-photo the 24-Mpix
# colour segmentation.  The machine is shared: read a row only when nothing
# else ran (the bench's own two threads raise the load to about 1.4).
set -uo pipefail
[ $# -ge 1 ] || { sed -n '2,18p' "$0" >&2; exit 2; }
build=$(cd "$1" && pwd) || exit 2
shift
src=$(cd "$(dirname "$0")/.." && pwd)
rounds=2 gimp=yes gmic=yes photo=yes
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift ;;
    --no-gimp) gimp= ;;
    --no-gmic) gmic= ;;
    --no-photo) photo= ;;
    *) sed -n '2,18p' "$0" >&2; exit 2 ;;
  esac
  shift
done

T=$build/bench/tessera-bench
P=$src/bench/peers
PY=/usr/bin/python3
out=$(mkdir -p "${OUT:-out/cpu}" && cd "${OUT:-out/cpu}" && pwd)
work=${WORK:-/var/tmp/tessera-cpu-table}
mkdir -p "$work" && cd "$work" || exit 1
log=$out/table.log
summary=$out/summary.txt
: >"$log"
: >"$summary"
[ -x "$T" ] || { echo "no $T: make -C $build/bench first" >&2; exit 1; }

load () { cut -d' ' -f1 /proc/loadavg; }
run () { echo "\$ $*" >>"$log"; "$@" 2>&1 | tee -a "$log"; }

# best FILE NAME: the lowest median_ms of NAME's lines (NAME: the second
# field, the backend or the peer's library).
best ()
{
  awk -v n="$2" '$2 == n { for (i = 3; i <= NF; i++)
                             if ($i ~ /^median_ms=/) {
                               v = substr($i, 11) + 0
                               if (!seen || v < m) m = v
                               seen = 1 } }
                 END { if (!seen) printf "-"
                       else printf (m >= 1000 ? "%.0f" : "%.4g"), m }' "$1"
}

# row LABEL OURS-NAME PEER-NAME LOAD-BEFORE FILE: one summary line.
row ()
{
  local ours peer ratio
  ours=$(best "$5" "$2")
  peer=$(best "$5" "$3")
  ratio=$(awk -v a="$ours" -v b="$peer" \
    'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.3g", a / b; else printf "-" }')
  printf '%s: ours %s ms, %s %s ms, ratio %s, load %s-%s\n' \
    "$1" "$ours" "$3" "$peer" "$ratio" "$4" "$(load)" | tee -a "$summary"
}

# pair FILE 'OURS' 'PEER': both commands, alternated, --rounds times.
pair ()
{
  local file=$1
  : >"$file"
  for _ in $(seq "$rounds"); do
    run $2 | tee -a "$file" >/dev/null
    [ -n "$3" ] && run $3 | tee -a "$file" >/dev/null
  done
}

echo "$(date -u '+%F %T UTC') $(uname -n), $(nproc) cores:" \
  "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)" | tee -a "$log"

# The inputs, as the table's sections make them (seed 1 unless said).
[ -s 8k.pam ] || $T box-blur --width 7680 --height 4320 --repeat 1 \
  --threads 2 --save-input 8k.pam >/dev/null
[ -s c8k.pgm ] || $T fill-contours --backend cpu --method fast --repeat 1 \
  --threads 2 --save-input c8k.pgm --output fill.pgm >/dev/null
[ -s page.pgm ] || $T fill-contours --line-art gaps --cuts 300 --gap-max 4 \
  --width 4000 --height 3000 --seed 1 --threshold 128 --gap 5 --repeat 1 \
  --backend cpu --threads 2 --save-input page.pgm >/dev/null
[ -s m.pgm ] || $T reconstruct --backend cpu --threads 2 --repeat 1 \
  --save-input m.pgm --save-marker k.pgm --output rc.pgm >/dev/null
[ -s p100k.ppm ] || $T emst --points 100000 --backend cpu --threads 2 \
  --repeat 1 --save-input p100k.ppm >/dev/null
[ -n "$photo" ] && { [ -s photo24.ppm ] || $PY "$P/emst_photo.py" photo24.ppm; }

for r in 25 500; do
  l=$(load)
  pair bb$r.txt \
    "$T box-blur --input 8k.pam --rx $r --ry $r --threads 2 --repeat 10 --backend cpu" \
    "$PY $P/box_blur_peers.py --input 8k.pam --rx $r --ry $r --threads 2 --no-gegl"
  row "box blur, CPU, r $r" cpu cv2.boxFilter "$l" bb$r.txt
done

l=$(load)
pair fc.txt \
  "$T fill-contours --input c8k.pgm --threads 2 --method fast --repeat 30 --backend cpu" \
  "$PY $P/fill_contours_peers.py --input c8k.pgm --threads 2 --expect fill.pgm --scipy-repeat 1"
row "fill contours, CPU" cpu cv2.floodFill "$l" fc.txt

l=$(load)
pair gap.txt \
  "$T fill-contours --input page.pgm --threshold 128 --gap 5 --threads 2 --repeat 9 --backend cpu" ""
if [ -n "$gmic" ]; then
  # G'MIC's time and both scores; its line is not in tessera-bench's form.
  run $PY "$P/line_art_score.py" "$T" --seeds 1 --page | tail -1 \
    | sed -n "s/.*G'MIC \([0-9.]*\) s.*/fill-contours gmic 4000x3000 median_ms=\1e3/p" \
    >>gap.txt
fi
row "fill-regions, gap 5, CPU" cpu gmic "$l" gap.txt

l=$(load)
pair rc.txt \
  "$T reconstruct --input m.pgm --marker k.pgm --threads 2 --method parallel --backend cpu --repeat 10" \
  "$PY $P/reconstruct_peers.py --input m.pgm --marker k.pgm --expect rc.pgm --repeat 1"
row "reconstruction, CPU" cpu skimage "$l" rc.txt

l=$(load)
pair emst.txt "$T emst --input p100k.ppm --threads 2 --backend cpu --repeat 10" \
  "$PY $P/emst_peers.py --input p100k.ppm --repeat 1"
row "EMST, CPU" cpu scipy "$l" emst.txt

l=$(load)
pair trace.txt "$T trace --nodes 8 --points 256 --threads 2 --backend cpu --repeat 10" ""
row "trace line, CPU" cpu none "$l" trace.txt

if [ -n "$photo" ]; then
  l=$(load)
  pair seg.txt \
    "$T mst-segment --input photo24.ppm --classes 8 --threads 2 --repeat 1 --backend cpu" \
    "$PY $P/mst_segment_peers.py --input photo24.ppm --classes 8 --repeat 1 --no-kmeans"
  row "segment colours, CPU, 24 Mpix" cpu mediancut "$l" seg.txt
fi

if [ -n "$gimp" ]; then
  # gimp-timing.sh prints NAME median_ms=…; put a size in the second
  # field's place so that best() reads its lines as the others.
  fill='(plug-in-tessera-fill-contours RUN-NONINTERACTIVE image drawable 0 0.5 4'
  [ -s c8k-line-art.raw ] || $PY "$src/bench/line_art_raw.py" c8k.pgm c8k-line-art.raw
  [ -s page.raw ] || $PY "$src/bench/line_art_raw.py" page.pgm page.raw
  l=$(load)
  run env OMP_WAIT_POLICY=passive sh "$src/bench/gimp-timing.sh" "$build" \
    c8k-line-art.raw 5 \
    "box-blur-25 (plug-in-tessera-box-blur RUN-NONINTERACTIVE image drawable 25 25 1 1)" \
    "on-layer $fill 0 1 0 0 0 0 0 0 -1 0)" | sed 's/^\([^ ]*\) /x \1 /' >gimp8k.txt
  row "box blur, in GIMP, 8K r 25" box-blur-25 passthrough "$l" gimp8k.txt
  row "fill contours, in GIMP, 8K on the layer" on-layer passthrough "$l" gimp8k.txt
  l=$(load)
  run env OMP_WAIT_POLICY=passive sh "$src/bench/gimp-timing.sh" "$build" \
    page.raw 5 "fill-plain $fill 1 1 0 0 0 0 0 0 -1 0)" \
    "fill-gap5 $fill 1 1 0 0 5 0 0 0 -1 0)" | sed 's/^\([^ ]*\) /x \1 /' >gimppage.txt
  row "Fill Closed Contours in GIMP, page, new layer, gap 5" fill-gap5 passthrough "$l" gimppage.txt
  row "Fill Closed Contours in GIMP, page, new layer, no gap" fill-plain passthrough "$l" gimppage.txt
fi

echo "--- summary ($log)"
cat "$summary"
