#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Regenerates the build system; then run ./configure.
set -e
cd "$(dirname "$0")"
autoreconf --force --install --verbose
