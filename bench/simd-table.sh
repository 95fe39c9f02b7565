#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Each CPU hot loop timed under every instruction-set level this CPU has
# (TESSERA_SIMD=plain, avx2, avx512; core/simd.h), the levels alternated
# --rounds times in one run, with cv2's box filter and flood fill beside
# them where python3 has cv2.  One line per row and level: the lowest of
# the rounds' medians, and its ratio to the plain path's (and the peer's).
#
#   bash bench/simd-table.sh TESSERA-BENCH [--rounds N] [--threads N] [--quick]
#
# TESSERA-BENCH is a built bench/tessera-bench.  --quick: smaller inputs (a
# check that the script runs).  The log goes to $OUT/simd-table.log (default
# out/cpu/).  The CPU's name, its widest vector level and the load average
# before and after each row are printed with the rows.
set -uo pipefail
[ $# -ge 1 ] || { sed -n '2,14p' "$0" >&2; exit 2; }
T=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
rounds=3 threads=2 quick=
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift ;;
    --threads) threads=$2; shift ;;
    --quick) quick=yes ;;
    *) sed -n '2,14p' "$0" >&2; exit 2 ;;
  esac
  shift
done
src=$(cd "$(dirname "$0")/.." && pwd)
PY=${PYTHON:-/usr/bin/python3}
out=$(mkdir -p "${OUT:-out/cpu}" && cd "${OUT:-out/cpu}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=$out/simd-table.log
: >"$log"

load () { cut -d' ' -f1 /proc/loadavg; }
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
levels="plain avx2 avx512"
have=$(TESSERA_SIMD= "$T" box-blur --width 64 --height 64 --repeat 1 \
       --backend cpu | sed -n 's/.* simd=\([a-z0-9]*\).*/\1/p')
case "$have" in
  avx512) ;;
  avx2) levels="plain avx2" ;;
  *) levels="$have" ;;
esac
echo "cpu: $cpu; widest level: $have; threads $threads; rounds $rounds" \
  | tee -a "$log"
has_cv2=$($PY -c 'import cv2' 2>/dev/null && echo yes)

if [ -n "$quick" ]; then W=768 H=432 S=512 P=10000; else W=7680 H=4320 S=4096 P=100000; fi
"$T" box-blur --width $W --height $H --channels 4 --repeat 1 --backend cpu \
  --save-input "$work/rgba.pam" >/dev/null
"$T" fill-contours --width $W --height $H --repeat 1 --backend cpu \
  --save-input "$work/contours.pgm" >/dev/null

# median NAME ARGS...: the lowest median_ms of ROUNDS runs of ARGS.
best_of ()
{
  local best= line value
  for _ in $(seq "$rounds"); do
    line=$("$@" 2>&1 | tee -a "$log" | grep -m1 'median_ms=')
    value=$(echo "$line" | sed -n 's/.*median_ms=\([0-9.]*\).*/\1/p')
    [ -n "$value" ] || continue
    if [ -z "$best" ] || awk -v a="$value" -v b="$best" 'BEGIN{exit !(a<b)}'
    then best=$value; fi
  done
  echo "${best:-nan}"
}

# row NAME PEER-COMMAND|- BENCH-ARGS...: the levels alternated, round by round.
row ()
{
  local name=$1 peer=$2 before level plain= peer_ms=
  shift 2
  before=$(load)
  declare -A ms=()
  for _ in $(seq "$rounds"); do
    for level in $levels; do
      value=$(rounds=1 best_of env TESSERA_SIMD=$level "$T" "$@" \
              --threads "$threads" --backend cpu)
      if [ -z "${ms[$level]:-}" ] || awk -v a="$value" -v b="${ms[$level]}" \
           'BEGIN{exit !(a<b)}'; then ms[$level]=$value; fi
    done
    if [ "$peer" != - ] && [ -n "$has_cv2" ]; then
      value=$(rounds=1 best_of $peer)
      if [ -z "$peer_ms" ] || awk -v a="$value" -v b="$peer_ms" \
           'BEGIN{exit !(a<b)}'; then peer_ms=$value; fi
    fi
  done
  plain=${ms[plain]:-${ms[$have]}}
  for level in $levels; do
    printf '%-34s %-7s %10.2f ms  x%.2f of plain%s  (load %s-%s)\n' "$name" \
      "$level" "${ms[$level]}" "$(awk -v a="${ms[$level]}" -v b="$plain" \
                                   'BEGIN{print a/b}')" \
      "$([ -n "$peer_ms" ] && awk -v a="${ms[$level]}" -v b="$peer_ms" \
           'BEGIN{printf "  %.2f of the peer (%.2f ms)", a/b, b}')" \
      "$before" "$(load)" | tee -a "$log"
  done
}

P_BLUR="$PY $src/bench/peers/box_blur_peers.py --input $work/rgba.pam --threads $threads --repeat 5 --no-gegl"
P_FILL="$PY $src/bench/peers/fill_contours_peers.py --input $work/contours.pgm --threads $threads --repeat 10 --scipy-repeat 1"
for r in 5 25 500; do
  row "box blur ${W}x$H RGBA u8, r $r" "$P_BLUR --rx $r --ry $r" \
    box-blur --input "$work/rgba.pam" --rx $r --ry $r --repeat 5
done
row "box blur ${W}x$H RGBA f32, r 25" - \
  box-blur --width $W --height $H --channels 4 --type f32 --rx 25 --ry 25 \
  --repeat 3
row "fill contours ${W}x$H" "$P_FILL" \
  fill-contours --input "$work/contours.pgm" --method fast --repeat 10
row "reconstruct ${S}x$S u8" - reconstruct --width $S --height $S --repeat 5
row "reconstruct ${S}x$S RGB luminance" - \
  reconstruct --width $S --height $S --channels 3 --luminance --repeat 3
row "EMST $P colours" - emst --points $P --repeat 5
row "trace line 8 x 256" - trace --nodes 8 --points 256 --repeat 5
row "colour tally + segment $((S / 8))x$((S / 8))" - \
  mst-segment --width $((S / 8)) --height $((S / 8)) --repeat 3
