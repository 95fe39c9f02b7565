#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs COMMAND inside the GIMP 3 root ROOT with /proc, /dev and the source
# tree (at its own path) mounted, and unmounts them again whatever happens.
# Runs in several trees at once (worktrees, two checks) take turns: one
# would unmount what another still uses.
#
#   sh tests/gimp3/in-root.sh ROOT COMMAND [ARG...]
set -u
root=$1
shift
top=$(cd "$(dirname "$0")/../.." && pwd)
if [ -z "${TESSERA_IN_ROOT_LOCKED:-}" ]; then
  TESSERA_IN_ROOT_LOCKED=1 exec flock "$root.lock" sh "$0" "$root" "$@"
fi
mounted=""
cleanup ()
{
  for m in $mounted; do umount "$m" 2>/dev/null || umount -l "$m"; done
}
trap cleanup EXIT INT TERM
mount_at ()   # WHAT WHERE [OPTIONS]
{
  mkdir -p "$2"
  mountpoint -q "$2" && return 0
  mount $3 "$1" "$2" && mounted="$2 $mounted"
}
mount_at proc "$root/proc" "-t proc"
mount_at /dev "$root/dev" "--bind"
mount_at "$top" "$root$top" "--bind"
chroot "$root" "$@"
