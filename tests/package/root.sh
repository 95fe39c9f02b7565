#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A clean Debian root for the package tests: debootstrap's minbase of SUITE
# (bookworm: GIMP 2.10; forky: GIMP 3.2, through debootstrap's sid script),
# made once and kept as /var/tmp/tessera-deb-SUITE.tar.gz, unpacked afresh
# into DIR by every call so that each test starts from nothing but minbase.  The
# mirror is the one this machine's apt uses.  Needs root.
#
#   sh tests/package/root.sh SUITE DIR
set -eu
suite=$1 dir=$2
pristine=${TESSERA_DEB_PRISTINE:-/var/tmp/tessera-deb-$suite.tar.gz}

# The first deb.debian.org-like URI of apt's own sources.
mirror ()
{
  { cat /etc/apt/sources.list.d/*.sources 2>/dev/null | sed -n 's/^URIs: *//p'
    cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
      | sed -n 's/^deb  *\(\[[^]]*\]  *\)\{0,1\}\([^ ]*\).*/\2/p'
  } | tr ' ' '\n' | grep -v -e security -e '^$' | head -n 1
}

if [ ! -f "$pristine" ]; then
  command -v debootstrap >/dev/null \
    || DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >&2
  script=
  [ "$suite" = bookworm ] || script=/usr/share/debootstrap/scripts/sid
  new=$pristine.root
  rm -rf "$new"
  debootstrap --variant=minbase "$suite" "$new" "$(mirror)" $script >&2
  tar -C "$new" -czf "$pristine.new" . && mv "$pristine.new" "$pristine"
  rm -rf "$new"
fi
for m in proc dev; do
  if mountpoint -q "$dir/$m" 2>/dev/null; then
    echo "package root: $dir/$m is still mounted" >&2; exit 1
  fi
done
rm -rf "$dir"
mkdir -p "$dir"
tar -C "$dir" -xzf "$pristine"
# The host's apt settings on the validity of the mirror's Release files
# (a frozen mirror's have expired).
apt-config dump | grep -i -E '^Acquire::Check-(Valid-Until|Date) ' \
  >"$dir/etc/apt/apt.conf.d/50tessera-host" || rm -f "$dir/etc/apt/apt.conf.d/50tessera-host"
echo "$dir"
