# Shared by scripts/desktop/up and down: pid records that survive pid reuse.
# shellcheck shell=bash

# Prints field 22 of /proc/PID/stat (start time in clock ticks since boot), or nothing when the
# process is gone. The command name may contain spaces and ')' so cut after the last ')'.
desk_starttime() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
  stat=${stat##*) }
  # After "comm) " the fields start at field 3 (state); start time is field 22 → index 19.
  read -r -a f <<<"$stat"
  echo "${f[19]}"
}

# Prints the one-letter state of PID (R, S, Z, ...) or nothing when it is gone.
desk_state() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
  stat=${stat##*) }
  echo "${stat%% *}"
}

# True when PID is still the very process recorded with START and has not become a zombie.
desk_alive() {
  local pid=$1 start=$2 state
  [[ $(desk_starttime "$pid") == "$start" ]] || return 1
  state=$(desk_state "$pid")
  [[ -n $state && $state != Z && $state != X ]]
}

# Appends "ROLE PID STARTTIME" to the state dir's pid list.
desk_record() {
  local state_dir=$1 role=$2 pid=$3 start
  start=$(desk_starttime "$pid")
  [[ -n $start ]] || { echo "desktop: $role (pid $pid) died right after starting" >&2; return 1; }
  echo "$role $pid $start" >>"$state_dir/pids"
}

# Stops every recorded process, newest first: TERM, a short poll, then KILL.
desk_stop_all() {
  local state_dir=$1 role pid start i
  [[ -f $state_dir/pids ]] || return 0
  tac "$state_dir/pids" | while read -r role pid start; do
    desk_alive "$pid" "$start" || continue
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < 40; i++)); do
      desk_alive "$pid" "$start" || break
      sleep 0.05
    done
    if desk_alive "$pid" "$start"; then
      echo "desktop: $role (pid $pid) ignored TERM; killing it" >&2
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done
}
