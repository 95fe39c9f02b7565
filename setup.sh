#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Sets Tessera up on Debian 12 and runs one of its two jobs:
#   ./setup.sh demo    the plug-ins in GIMP batch mode on the bundled sample
#                      images; results go to out/demo/ (PNG files to look at)
#   ./setup.sh check   the whole test suite (make -j2 check; docs/testing.md)
# It installs the Debian packages it needs (as root, or through sudo), builds
# in build/ (with the CUDA backend when nvcc is found) and stops at the first
# failure.
set -eu
job=${1:-}
case "$job" in
  demo|check) ;;
  *) echo "usage: $0 demo|check" >&2; exit 2 ;;
esac
cd "$(dirname "$0")"
top=$(pwd)

packages="build-essential autoconf automake autopoint gettext pkg-config
  libgimp2.0-dev libgegl-dev libglib2.0-dev libgtk2.0-dev gimp
  xvfb xauth xdotool imagemagick
  libgdal-dev python3-gdal python3-dev python3-venv python3-setuptools
  python3-numpy python3-pytest python3-scipy python3-skimage python3-dask
  python3-distributed gdal-bin appstream"

# check also runs the core tests on aarch64 under qemu (tests/arm/quick.sh):
# Debian's cross compiler, qemu-user and GLib for arm64 (a foreign
# architecture, added once).  Installed apart and allowed to fail: without
# them that test skips, and the rest of the suite needs none of them.
arm_packages="gcc-aarch64-linux-gnu qemu-user-static libglib2.0-dev:arm64"

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

# install PACKAGES...: those not installed yet, after an apt-get update.
install_missing ()
{
  missing=""
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" \
      || missing="$missing $p"
  done
  [ -n "$missing" ] || return 0
  echo "Installing:$missing"
  case "$missing" in
    *:arm64*)
      dpkg --print-foreign-architectures | grep -qx arm64 \
        || $sudo dpkg --add-architecture arm64 ;;
  esac
  $sudo apt-get update -q &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q \
      --no-install-recommends $missing
}

install_missing $packages || exit 1
if [ "$job" = check ]; then
  install_missing $arm_packages \
    || echo "setup: the ARM tools did not install: tests/arm/quick.sh will skip"
fi

[ -x configure ] || ./autogen.sh
mkdir -p build
cd build
[ -f Makefile ] || ../configure
make -j"$(nproc)"

case "$job" in
  demo)  make -C tests demo DEMO_OUT="$top/out/demo" ;;
  # Two tests at a time: each GIMP test has its own profile (and X
  # server), and the GIMP 3 roots are shared under a lock (docs/testing.md).
  check) make -j2 check ;;
esac
