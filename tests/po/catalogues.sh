#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera — the translations are complete: every source file that marks
# strings for translation is in po/POTFILES.in, and every catalogue of
# po/LINGUAS translates every string of a template extracted from the
# sources now (nothing untranslated, nothing fuzzy), so that a new or
# changed string cannot reach users untranslated unnoticed.  TAP output;
# skips where gettext's tools are missing.
set -u
top=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$top" || exit 1

for tool in xgettext msgmerge msgfmt; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "1..0 # SKIP $tool not found"
    exit 0
  fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

languages=$(grep -v '^#' po/LINGUAS)
echo "1..$((1 + $(echo $languages | wc -w)))"

# xgettext's options and markers as po/Makefile has them, from po/Makevars.
options=$(sed -n 's/^XGETTEXT_OPTIONS *= *//p' po/Makevars)
markers=$(printf '%s\n' $options | sed -n 's/^--keyword=\([A-Za-z_]*\).*/\1/p' \
          | paste -sd '|' -)

grep -v '^#' po/POTFILES.in | grep -v '^$' | sort >"$work/listed"
grep -lE "(^|[^A-Za-z0-9_])($markers) ?\\( ?\"" \
  core/*.[ch] plugins/*/*.[ch] ui/*.[ch] gegl/*.[ch] | sort >"$work/marked"
missing=$(comm -23 "$work/marked" "$work/listed" | tr '\n' ' ')
if [ -z "$missing" ]; then
  echo "ok 1 - every file that marks strings is in po/POTFILES.in"
else
  echo "not ok 1 - marks strings but is not in po/POTFILES.in: $missing"
fi

# The template as po/Makefile makes it.
xgettext $options -f "$work/listed" -o "$work/template.pot" || exit 1
n=1
for language in $languages; do
  n=$((n + 1))
  msgmerge --quiet "po/$language.po" "$work/template.pot" \
    -o "$work/$language.po" || exit 1
  counts=$(LC_ALL=C msgfmt --statistics -o /dev/null "$work/$language.po" 2>&1)
  case $counts in
    *untranslated* | *fuzzy*) echo "not ok $n - po/$language.po: $counts" ;;
    *) echo "ok $n - po/$language.po: $counts" ;;
  esac
done
