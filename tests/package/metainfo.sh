#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera — the AppStream metainfo that software centres and Flathub read
# validates offline (appstreamcli validate --no-net), as issue 40 asks of a
# release.  TAP output; skips where appstreamcli is missing.
set -u
top=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
if ! command -v appstreamcli >/dev/null 2>&1; then
  echo "1..0 # SKIP appstreamcli not found"
  exit 0
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "1..1"
if appstreamcli validate --no-net \
     "$top/org.gimp.GIMP.Plugin.Tessera.metainfo.xml" >"$log" 2>&1; then
  echo "ok 1 - the AppStream metainfo validates"
else
  echo "not ok 1 - the AppStream metainfo validates"
  sed 's/^/# /' "$log"
fi
