#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the Debian packages (gimp-plugin-tessera, tessera-cli) from this
# tree's committed files (git ls-files, so nothing of a build tree gets in)
# with dpkg-buildpackage -us -uc -b,
# then runs lintian on them; the .debs and lintian's report go to OUT/SUITE
# (the two suites' packages have the same file name).  SUITE
# is where it is built: this machine's own release (its build dependencies
# installed with apt-get build-dep), or another one in a build root,
# /var/tmp/tessera-deb-build-SUITE, made once as a copy of
# $TESSERA_BUILD_ROOT_FROM (e.g. the GIMP 3 test root, which has GIMP
# already) or else from root.sh's clean minbase.  Needs root.
#
#   sh tests/package/build-deb.sh bookworm|forky OUT
set -eu
suite=$1
out=$(mkdir -p "$2/$1" && cd "$2/$1" && pwd)
top=$(cd "$(dirname "$0")/../.." && pwd)
version=$(sed -n '1s/^tessera (\([^)]*\)).*/\1/p' "$top/debian/changelog")
host_suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")

if [ "$suite" = "$host_suite" ]; then
  root=
  run () { "$@"; }
  # The tools the root gets below, here on the host (lintian above all:
  # without it the check below would find no error because none ran).
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install \
    -y -q --no-install-recommends dpkg-dev fakeroot lintian >/dev/null
else
  root=${TESSERA_DEB_BUILD_ROOT:-/var/tmp/tessera-deb-build-$suite}
  if [ ! -f "$root/.tessera-build-ready" ]; then
    if [ -n "${TESSERA_BUILD_ROOT_FROM:-}" ]; then
      rm -rf "$root" && cp -a "$TESSERA_BUILD_ROOT_FROM" "$root"
      rm -f "$root/.tessera-ready"
    else
      sh "$top/tests/package/root.sh" "$suite" "$root" >/dev/null
    fi
    # The host's apt settings on the validity of the mirror's Release
    # files (a frozen mirror's have expired), as root.sh gives its roots.
    apt-config dump | grep -i -E '^Acquire::Check-(Valid-Until|Date) ' \
      >"$root/etc/apt/apt.conf.d/50tessera-host" \
      || rm -f "$root/etc/apt/apt.conf.d/50tessera-host"
    sh "$top/tests/gimp3/in-root.sh" "$root" sh -c "apt-get update -q \
      && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -q \
         --no-install-recommends dpkg-dev fakeroot lintian"
    touch "$root/.tessera-build-ready"
  fi
  run () { sh "$top/tests/gimp3/in-root.sh" "$root" "$@"; }
fi

# The source, as committed, in a folder of its own (the .deb lands beside it).
build=/tmp/tessera-deb-build
rm -rf "$root$build"
mkdir -p "$root$build/tessera-$version"
(cd "$top" && git ls-files -z | xargs -0 tar -cf - ) \
  | tar -C "$root$build/tessera-$version" -xf -
run sh -c "cd $build/tessera-$version \
  && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 build-dep -y -q ./ \
  && dpkg-buildpackage -us -uc -b" >"$out/build-$suite.log" 2>&1 \
  || { tail -n 40 "$out/build-$suite.log" >&2; exit 1; }
run sh -c "cd $build && lintian --info --display-info --pedantic \
  gimp-plugin-tessera_*.deb tessera-cli_*.deb tessera_*.changes" >"$out/lintian-$suite.txt" 2>&1 || :
if grep -q "lintian: not found" "$out/lintian-$suite.txt"; then
  echo "lintian did not run (see $out/lintian-$suite.txt)" >&2
  exit 1
fi
cp "$root$build"/gimp-plugin-tessera_*.deb "$root$build"/tessera-cli_*.deb "$out/"
ls "$out"/gimp-plugin-tessera_*.deb "$out"/tessera-cli_*.deb
if grep -q '^E:' "$out/lintian-$suite.txt"; then
  echo "lintian: errors (see $out/lintian-$suite.txt)" >&2
  grep '^E:' "$out/lintian-$suite.txt" >&2
  exit 1
fi
