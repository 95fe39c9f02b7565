#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# gegl-ops.sh in GIMP 3.0 (Debian 13 root): the same module loads there.
TESSERA_GEGL_GIMP=3.0 exec sh "$(dirname "$0")/gegl-ops.sh" "$@"
