#!/bin/sh
# Regenerates the build system; then run ./configure.
set -e
cd "$(dirname "$0")"
autoreconf --force --install --verbose
