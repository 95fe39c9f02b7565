#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The GIMP 3.0 that the GIMP 3 tests run in: Debian 12 has none, so a
# Debian 13 root is made once (debootstrap, then GIMP and a compiler
# installed with apt-get inside it) and reused.  It lives outside the
# source tree, in $TESSERA_GIMP3_ROOT (default /var/tmp/tessera-gimp3-root);
# about 5 minutes and 1.7 GB the first time.  Needs root (debootstrap,
# chroot, mounts).  Prints the root's path; exits 77 (skip) when the root
# cannot be had here.
#
#   sh tests/gimp3/root.sh
set -u
root=${TESSERA_GIMP3_ROOT:-/var/tmp/tessera-gimp3-root}
packages="gimp libgimp-3.0-dev libgegl-dev gcc make pkg-config"
ready="$root/.tessera-ready"

if [ -f "$ready" ]; then
  echo "$root"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "gimp3 root: needs root to make $root" >&2
  exit 77
fi
if ! command -v debootstrap >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >&2 \
    || { echo "gimp3 root: debootstrap cannot be installed" >&2; exit 77; }
fi
mkdir -p "$root"
if [ ! -x "$root/usr/bin/apt-get" ]; then
  debootstrap --variant=minbase trixie "$root" >&2 \
    || { echo "gimp3 root: debootstrap failed" >&2; exit 77; }
fi
# apt-get inside the root: one --include list fails on package ordering.
sh "$(dirname "$0")/in-root.sh" "$root" sh -c \
  "apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
   --no-install-recommends $packages" >&2 \
  || { echo "gimp3 root: installing GIMP 3 failed" >&2; exit 77; }
touch "$ready"
echo "$root"
