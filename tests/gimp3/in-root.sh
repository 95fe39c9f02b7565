#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs COMMAND inside the GIMP 3 root ROOT with /proc, /dev and the source
# tree (at its own path) mounted.  Runs from several tests or trees at once
# (make -j2 check, worktrees) share the root: each holds ROOT.lock shared
# while it runs, mounts under ROOT.mount-lock what is not mounted yet, and
# the last one out (the one that then gets ROOT.lock alone) unmounts
# everything, so no run unmounts what another still uses.  (Mount points
# with spaces or odd characters in their paths are not supported.)
#
#   sh tests/gimp3/in-root.sh ROOT COMMAND [ARG...]
set -u
root=$1
shift
top=$(cd "$(dirname "$0")/../.." && pwd)
exec 8>"$root.lock"
flock -s 8
unmount_if_last ()
{
  # Converting a shared lock is not atomic: a run that starts meanwhile
  # holds the lock shared, so this one fails and leaves the mounts to it.
  flock -n -x 8 || return 0
  # Every mount in the root, other trees' too, the deepest first: none is
  # left for a later rm -rf of the root to reach through.
  awk -v root="$root/" 'index($2, root) == 1 { print $2 }' /proc/mounts \
    | sort -r | while read -r m; do
      umount "$m" 2>/dev/null || umount -l "$m"
    done
}
trap unmount_if_last EXIT
trap 'exit 130' INT TERM
mount_at ()   # WHAT WHERE [OPTIONS]
{
  mkdir -p "$2"
  mountpoint -q "$2" || mount $3 "$1" "$2"
}
(
  flock -x 9
  mount_at proc "$root/proc" "-t proc"
  mount_at /dev "$root/dev" "--bind"
  mount_at "$top" "$root$top" "--bind"
) 9>"$root.mount-lock"
chroot "$root" "$@" 8>&-
