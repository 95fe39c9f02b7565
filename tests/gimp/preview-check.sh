# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera tests — the previews' checks on a dialog's window, sourced by
# both GIMPs' dialog tests (gimp/dialog.sh, gimp3/dialogs.sh).  Each prints
# what went wrong on stderr, nothing when all is well.  PREVIEW_MATCH: the
# built preview-match.

# preview_whole WINDOW IMAGE DIR [NCC]: WINDOW's screenshot shows IMAGE
# whole, scaled to a preview at least 200 px wide: it correlates with a
# scaled copy of IMAGE (what is transparent over mid grey, the mean of the
# checks under it) at NCC (0.9) or more.  Where it does goes to
# DIR/preview-at.
preview_whole ()
{
  import -window "$1" "$3/preview-open.ppm" \
    && convert "$2" -background '#808080' -flatten "$3/image.ppm" \
    && "$PREVIEW_MATCH" "$3/preview-open.ppm" "$3/image.ppm" \
         > "$3/preview-at" \
    || { echo "preview-whole: no screenshot or no match" >&2; return 1; }
  read -r _x _y _w _h _ncc < "$3/preview-at"
  awk -v ncc="$_ncc" -v min="${4:-0.9}" -v w="$_w" \
    'BEGIN { exit !(ncc >= min && w >= 200) }' && return 0
  echo "preview-whole: best match $_w x $_h at $_x,$_y, NCC $_ncc" >&2
  return 1
}

# preview_zoom WINDOW DIR: a click in the preview that preview_whole found
# and + twice change what it shows there.
preview_zoom ()
{
  read -r _x _y _w _h _ncc < "$2/preview-at" \
    || { echo "preview-zoom: no preview-whole before" >&2; return 1; }
  timeout 10 xdotool mousemove --window "$1" $((_x + _w / 2)) \
    $((_y + _h / 2)) click 1
  timeout 10 xdotool windowfocus --sync "$1" key --clearmodifiers plus plus
  sleep 2
  import -window "$1" "$2/preview-zoomed.ppm"
  _zoomed=$("$PREVIEW_MATCH" "$2/preview-zoomed.ppm" "$2/image.ppm" \
              "$_x" "$_y" "$_w" "$_h")
  awk -v a="$_ncc" -v b="$_zoomed" 'BEGIN { exit !(b < a - 0.2) }' \
    && return 0
  echo "preview-zoom: NCC $_ncc at open, $_zoomed zoomed in" >&2
  return 1
}
