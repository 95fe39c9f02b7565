#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The GIMP 3 that the GIMP 3 tests run in: Debian 12 has none, so a Debian
# root is made once (debootstrap, then GIMP and a compiler installed with
# apt-get inside it) and reused; made again only when it is missing.
#   forky   GIMP 3.2, the whole GIMP 3 suite (the default)
#   trixie  GIMP 3.0, a batch smoke test of every procedure
# The suite is the argument, else $TESSERA_GIMP3_SUITE, else forky.  The
# roots live outside the source tree, in $TESSERA_GIMP3_ROOT_FORKY (default
# /var/tmp/tessera-gimp3-root-forky) and $TESSERA_GIMP3_ROOT_TRIXIE (default
# /var/tmp/tessera-gimp3-root); about 1.7 GB each.  debootstrap takes the
# mirror of this machine's apt sources, and the root follows its apt
# settings on expired Release files (snapshots).  Needs root (debootstrap,
# chroot, mounts).  Tests that start at once make a missing root once.
# Prints the root's path; exits 77 (skip) when the root cannot be had here.
#
#   sh tests/gimp3/root.sh [forky|trixie]
set -u
suite=${1:-${TESSERA_GIMP3_SUITE:-forky}}
case $suite in
  forky)  root=${TESSERA_GIMP3_ROOT_FORKY:-/var/tmp/tessera-gimp3-root-forky} ;;
  trixie) root=${TESSERA_GIMP3_ROOT_TRIXIE:-/var/tmp/tessera-gimp3-root} ;;
  *) echo "gimp3 root: unknown suite $suite (forky or trixie)" >&2; exit 77 ;;
esac
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
mkdir -p "$(dirname "$root")"
exec 9>"$root.make-lock"
flock -x 9
if [ -f "$ready" ]; then   # made by a test that started with this one
  echo "$root"
  exit 0
fi
start=$(date +%s)
if ! command -v debootstrap >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >&2 \
    || { echo "gimp3 root: debootstrap cannot be installed" >&2; exit 77; }
fi

# The first Debian archive (not its security one) in this machine's apt
# sources, deb822 or one-line; debootstrap's own default where none is.
mirror ()
{
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.sources \
           /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    sed -n -e 's/^URIs:[[:space:]]*//p' \
      -e 's/^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]*\)\{0,1\}\([^[:space:]]*\).*/\2/p' "$f"
  done | tr ' ' '\n' | grep -E '^https?://.*/debian/?$' | head -n 1
}
# Suites newer than this debootstrap knows are made by its sid script.
script=/usr/share/debootstrap/scripts/$suite
[ -e "$script" ] || script=/usr/share/debootstrap/scripts/sid
mkdir -p "$root"
if [ ! -x "$root/usr/bin/apt-get" ]; then
  url=$(mirror)
  echo "gimp3 root: debootstrap $suite from ${url:-debootstrap's default mirror}" >&2
  debootstrap --variant=minbase "$suite" "$root" ${url:+"$url"} \
    ${url:+"$script"} >&2 \
    || { echo "gimp3 root: debootstrap failed" >&2; exit 77; }
fi
# apt in the root checks Release files' dates as this machine's does (a
# mirror of snapshots has expired ones).
apt_options=
for option in Acquire::Check-Valid-Until Acquire::Check-Date; do
  value=$(apt-config dump "$option" 2>/dev/null \
          | sed -n "s/^$option \"\(.*\)\";$/\1/p")
  [ -z "$value" ] || apt_options="$apt_options -o $option=$value"
done
# apt-get inside the root: one --include list fails on package ordering.
sh "$(dirname "$0")/in-root.sh" "$root" sh -c \
  "apt-get $apt_options update -q && DEBIAN_FRONTEND=noninteractive \
   apt-get $apt_options install -y -q --no-install-recommends $packages" >&2 \
  || { echo "gimp3 root: installing GIMP 3 failed" >&2; exit 77; }
touch "$ready"
echo "gimp3 root: made $root ($suite) in $(($(date +%s) - start)) s" >&2
echo "$root"
