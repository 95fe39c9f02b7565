# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the GIMP 3 tests once $root is their root (root.sh): the root's
# GIMP 3 programs, whatever the minor version, as the root sees them.
#   gimp_console   gimp-console-3.N of the highest N, else gimp-console-3
#   gimp_gui       gimp-3.N likewise, else gimp-3
#   gimp3_plugins  GIMP's own plug-in folder (lib/ARCH/gimp/3.0/plug-ins:
#                  3.2 keeps 3.0's API folder)
#   gimp3_version  the root's Debian package of GIMP, e.g. 3.2.6-1
# Each test's private profile is GIMP3_DIRECTORY, which 3.0 and 3.2 both
# read (never ~/.config/GIMP/3.N).
gimp3_program ()   # NAME: /usr/bin/NAME-3.N of the highest N, else NAME-3
{
  ( cd "$root/usr/bin" 2>/dev/null && ls -d "$1"-3.[0-9]* 2>/dev/null ) \
    | grep -E "^$1-3\.[0-9]+$" | sort -t. -k2,2n | tail -n 1 \
    | sed 's|^|/usr/bin/|' | grep . || echo "/usr/bin/$1-3"
}
gimp_console=$(gimp3_program gimp-console)
gimp_gui=$(gimp3_program gimp)
gimp3_plugins=$(cd "$root" && ls -d usr/lib/*/gimp/3.*/plug-ins 2>/dev/null \
  | head -n 1 | sed 's|^|/|')
gimp3_version=$(dpkg-query --admindir="$root/var/lib/dpkg" -W \
  -f='${Version}' gimp 2>/dev/null)
