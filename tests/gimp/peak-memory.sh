# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera tests and benchmarks — the peak memory of plug-in processes, as
# the kernel counts it (VmHWM in /proc/PID/status, the resident set's high
# water mark), sampled while GIMP runs them.  Sourced (POSIX sh).
#
#   peak_watch_start DIR PATTERN   polls every process whose command line
#                                  matches PATTERN (pgrep -f) that starts
#                                  after this call; each is named by what
#                                  DIR/current holds when it is first seen
#                                  (the script-fu writes the job's name there
#                                  before each call); DIR/peaks gets one
#                                  line per process: NAME PID KIB
#   peak_watch_stop                stops the poller
#   peak_of DIR NAME               the largest KIB of NAME's processes
#
# VmHWM only grows, so the last sample before a process ends is its peak
# up to then; what it adds in its last 20 ms is missed.

peak_watch_start ()
{
  _peak_dir=$1
  _peak_pattern=$2
  : > "$_peak_dir/peaks"
  (
    # Processes already running (a resident extension) are not the jobs'.
    old=" $(pgrep -f -- "$_peak_pattern" | tr '\n' ' ') "
    names=""
    while :; do
      for pid in $(pgrep -f -- "$_peak_pattern"); do
        case $old in *" $pid "*) continue ;; esac
        kib=$(sed -n 's/^VmHWM:[^0-9]*\([0-9]*\).*/\1/p' \
                "/proc/$pid/status" 2> /dev/null)
        [ -n "$kib" ] || continue
        name=$(echo "$names" | sed -n "s/^$pid //p")
        if [ -z "$name" ]; then
          name=$(cat "$_peak_dir/current" 2> /dev/null || echo unknown)
          names="$names
$pid $name"
        fi
        echo "$name $pid $kib" >> "$_peak_dir/peaks"
      done
      sleep 0.02
    done
  ) &
  _peak_poller=$!
}

peak_watch_stop ()
{
  kill "$_peak_poller" 2> /dev/null
  # The poller's status is the kill's (143): not the caller's.
  wait "$_peak_poller" 2> /dev/null || :
}

peak_of ()
{
  awk -v name="$2" '$1 == name && $3 > max { max = $3 } END { print max + 0 }' \
    "$1/peaks"
}
