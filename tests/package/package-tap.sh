# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the package tests (deb.sh, cli-deb.sh) once they set suite,
# deb (the .deb's path) and top (the tree): a clean Debian root of the
# suite (root.sh) with the .deb and the sample images in its folder $work,
# in_root to run there, the TAP report, the install of the .deb with apt,
# and the purge check.

root=$(sh "$top/tests/package/root.sh" "$suite" \
  "${TESSERA_DEB_ROOT:-/var/tmp/tessera-deb-$suite}") || exit 1
in_root () { sh "$top/tests/gimp3/in-root.sh" "$root" "$@"; }
work=/tmp/tessera-package
mkdir -p "$root$work"
cp "$deb" "$top/data/landsat-bahamas-791x718.png" "$top/data/line-art-640x480.png" \
  "$root$work/"

n=0
failed=0
report ()   # STATUS DESCRIPTION
{
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n - $2"
  else echo "not ok $n - $2"; failed=$((failed + 1)); fi
}

# install_deb DEB [PACKAGE...]: apt-get install ./DEB (copied into $work)
# and any other packages, reported; the downloaded packages are kept beside
# the root for the next run (the root itself is unpacked afresh).
install_deb ()
{
  deb_name=$(basename "$1")
  shift
  cache=$root.apt-cache
  mkdir -p "$cache"
  cp "$cache"/*.deb "$root/var/cache/apt/archives/" 2>/dev/null
  in_root sh -c "apt-get update -q && DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends $work/$deb_name $*" \
    >"$root$work/install.log" 2>&1
  report $? "apt-get install ./$deb_name in a clean $suite root (log: $root$work/install.log)"
  cp -n "$root"/var/cache/apt/archives/*.deb "$cache/" 2>/dev/null
}

# check_purge PACKAGE purges an installed package and reports that every
# file of it is gone, every folder too unless another package owns it, that
# nothing else was removed or added ($work left out), and that dpkg no
# longer knows it.

purge_snapshot ()
{
  (cd "$root" && find . -xdev \( -path ./proc -o -path ./dev -o -path ./tmp \
     -o -path ./var/lib/dpkg -o -path ./var/lib/apt -o -path ./var/cache \
     -o -path ./var/log -o -path ./run \) -prune -o -print) | sort
}

check_purge ()   # PACKAGE
{
  package=$1
  files=$root$work/$package.files
  in_root dpkg -L "$package" >"$files" 2>&1
  purge_snapshot >"$root$work/before-purge"
  in_root sh -c "DEBIAN_FRONTEND=noninteractive apt-get purge -y -q $package" \
    >"$root$work/purge-$package.log" 2>&1
  status=$?
  purge_snapshot >"$root$work/after-purge"
  left=
  while read -r path; do
    [ "$path" != /. ] || continue   # dpkg -L's first line, the root itself
    [ -e "$root$path" ] || continue
    if [ -d "$root$path" ] && [ ! -L "$root$path" ] \
       && in_root dpkg-query -S "$path" >/dev/null 2>&1; then
      continue
    fi
    left="$left $path"
  done <"$files"
  [ $status = 0 ] && [ -z "$left" ]
  report $? "apt-get purge $package removes every file of it${left:+ (left:$left)}"
  gone=$(comm -23 "$root$work/before-purge" "$root$work/after-purge" | sed 's/^\.//')
  strays=$(echo "$gone" | while read -r path; do
    [ -z "$path" ] || grep -qx "$path" "$files" || echo "$path"; done)
  added=$(comm -13 "$root$work/before-purge" "$root$work/after-purge")
  [ -n "$gone" ] && [ -z "$strays" ] && [ -z "$added" ]
  report $? "apt-get purge $package removes only its files and adds none${strays:+ (removed:$(echo $strays))}${added:+ (added:$(echo $added))}"
  in_root dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q installed
  [ $? != 0 ]
  report $? "dpkg no longer knows $package"
}
