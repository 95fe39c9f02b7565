#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# GIMP 3.0 kept covered while the GIMP 3 suite runs on GIMP 3.2 (forky): a
# batch smoke test of every procedure in Debian trixie's GIMP 3.0 root,
# gimp3/drawables.sh there (each procedure and output on every drawable
# kind, and the run modes without arguments).  TAP; skips as drawables.sh.
TESSERA_GIMP3_SUITE=trixie
export TESSERA_GIMP3_SUITE
exec sh "$(dirname "$0")/drawables.sh" "$@"
