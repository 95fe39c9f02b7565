#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera tests — no two labels of a dialog share a mnemonic, in English or
# in a translation.  Run by both GIMPs' dialog tests on what their dialogs
# noted (ui/tessera-mnemonics.h):
#
#   mnemonics.sh HOOK-LOG [LANGUAGE CATALOGUE...]
#
# Each dialog's labels (with their underscores, as the source or GIMP wrote
# them) are checked as they are, then as the CATALOGUEs (PO files, or
# compiled .mo ones such as GIMP's own) translate them into LANGUAGE: the
# first catalogue that translates a label wins, so list the plug-ins' own
# first and GIMP's after (its OK, Cancel and Help).  A label "TEXT:" is
# looked up as TEXT too, as the dialogs add the colon.  Prints each clash,
# "LANGUAGE: DIALOG: Alt+KEY: LABEL / LABEL", and fails when there is one,
# or when no dialog noted its mnemonics.
set -u
hook=$1
shift
language=${1:-}
[ $# -gt 0 ] && shift
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/catalogues"
for catalogue in "$@"; do
  case $catalogue in
    *.mo) msgunfmt --no-wrap "$catalogue" >> "$tmp/catalogues" || exit 2 ;;
    *)    cat "$catalogue" >> "$tmp/catalogues" || exit 2 ;;
  esac
  echo >> "$tmp/catalogues"
done

LC_ALL=C awk -v language="$language" '
function unquote(s) {
  sub(/^[a-z_]*[ \t]*"/, "", s)
  sub(/"[ \t]*$/, "", s)
  gsub(/\\"/, "\"", s)
  gsub(/\\\\/, "\\", s)
  return s
}
function flush() {
  if (id != "" && str != "" && !fuzzy && !(id in translation))
    translation[id] = str
  id = ""; str = ""; fuzzy = 0; part = ""
}
function translate(text,    bare) {
  if (text in translation)
    return translation[text]
  bare = text
  if (sub(/:$/, "", bare) && (bare in translation))
    return translation[bare] ":"
  return text
}
# The key of the mnemonic of TEXT, lower case: the character after the first
# single underscore ("__" is an underscore shown); "" for none.
function key(text,    i, c, k) {
  for (i = 1; i < length(text); i++) {
    c = substr(text, i, 1)
    if (c != "_")
      continue
    c = substr(text, i + 1, 1)
    if (c == "_") { i++; continue }
    k = c
    if (c >= "\300")
      for (i += 2; i <= length(text) && substr(text, i, 1) >= "\200" \
                   && substr(text, i, 1) < "\300"; i++)
        k = k substr(text, i, 1)
    k = tolower(k)
    if (k == "\303\204") k = "\303\244"
    if (k == "\303\226") k = "\303\266"
    if (k == "\303\234") k = "\303\274"
    return k
  }
  return ""
}
function check(lang, d,    i, j, ki, t, seen, who) {
  split("", seen)
  for (i = 1; i <= count[d]; i++) {
    t = lang == "English" ? label[d, i] : translate(label[d, i])
    ki = key(t)
    if (ki == "")
      continue
    if (ki in seen) {
      printf "%s: %s: Alt+%s: %s / %s\n", lang, title[d], ki, seen[ki], t
      clashes++
    } else
      seen[ki] = t
  }
}
FILENAME != ARGV[ARGC - 1] {
  if ($0 ~ /^#,.*fuzzy/) fuzzy = 1
  else if ($0 ~ /^msgid "/) { flush(); id = unquote($0); part = "id" }
  else if ($0 ~ /^msgstr "/) { str = unquote($0); part = "str" }
  else if ($0 ~ /^"/ && part == "id") id = id unquote($0)
  else if ($0 ~ /^"/ && part == "str") str = str unquote($0)
  else if ($0 ~ /^(msgid_plural|msgstr\[|msgctxt)/) part = "other"
  else if ($0 == "") flush()
  next
}
/^mnemonic-dialog: / {
  flush()
  dialogs++
  title[dialogs] = substr($0, length("mnemonic-dialog: ") + 1)
  next
}
/^mnemonic: / && dialogs > 0 {
  text = substr($0, length("mnemonic: ") + 1)
  sub(/^[^ ]* /, "", text)
  label[dialogs, ++count[dialogs]] = text
}
END {
  if (dialogs == 0) {
    print "no dialog noted its mnemonics"
    exit 1
  }
  for (d = 1; d <= dialogs; d++) {
    check("English", d)
    if (language != "")
      check(language, d)
  }
  exit clashes > 0
}
' "$tmp/catalogues" "$hook"
