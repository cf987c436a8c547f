# Shared by ./countersign, ./scripts/test and scripts/bench: find a JDK 17+ and the Maven wrapper.
# shellcheck shell=bash

cs_root() { cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd; }

# Exports JAVA_HOME for a JDK >= 17 or explains what to install and returns 1.
cs_require_jdk() {
  local java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
  if ! command -v "$java_bin" >/dev/null 2>&1; then
    echo "Countersign needs a JDK 17 or newer, and no 'java' was found." >&2
    echo "On Debian: sudo apt-get install openjdk-17-jdk   (or set JAVA_HOME to a JDK 17+)" >&2
    return 1
  fi
  local version major
  version=$("$java_bin" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}')
  major=${version%%.*}
  if [[ -z $major || $major -lt 17 ]]; then
    echo "Countersign needs a JDK 17 or newer; '$java_bin' is Java ${version:-unknown}." >&2
    echo "On Debian: sudo apt-get install openjdk-17-jdk   (or set JAVA_HOME to a JDK 17+)" >&2
    return 1
  fi
  if ! command -v "${JAVA_HOME:+$JAVA_HOME/bin/}javac" >/dev/null 2>&1; then
    echo "Countersign builds from source and needs a JDK (javac), not only a JRE." >&2
    echo "On Debian: sudo apt-get install openjdk-17-jdk" >&2
    return 1
  fi
  if [[ -z ${JAVA_HOME:-} ]]; then
    JAVA_HOME=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
    export JAVA_HOME
  fi
}

# The JVM sized for a menu-bar app that idles most of the day (scripts/bench/idle): the serial
# collector (no concurrent GC threads; after a full collection the heap shrinks to MaxHeapFreeRatio,
# and the app runs one once agents have been quiet for 20 s: app/IdleMemory.java), a bounded heap, and no
# hsperfdata file (its sampler woke the JVM 20 times a second; jcmd PID still works, jps won't list it).
# The VM thread and the monitor deflation thread look for work every 5 s instead of every 1 s and
# 250 ms: at rest they were 5 of the app's 8 wake-ups a second, and found nothing to do (the deflater
# still runs at least every 60 s, and at once when asked). Diagnostic flags, present in JDK 17 to 25.
# ./countersign and the packaged launchers (scripts/package) start the app with these.
# A later JDK that drops one of them must still start the app, hence IgnoreUnrecognizedVMOptions.
CS_JVM_OPTIONS=(-XX:+UseSerialGC -Xms16m -Xmx512m -XX:MinHeapFreeRatio=30 -XX:MaxHeapFreeRatio=50 -XX:-UsePerfData
  -XX:+IgnoreUnrecognizedVMOptions -XX:+UnlockDiagnosticVMOptions -XX:GuaranteedSafepointInterval=5000
  -XX:AsyncDeflationInterval=5000)

# The app's class-data archive (AppCDS; issue 17): the classes `countersign serve` loads while it
# starts and warms up, mapped from one file instead of read, verified and linked out of ~40 jars
# on every start — less CPU before serving and on the first observe. CDS archives classes from jars
# only, so the app's classes are jarred into target/cds/countersign.jar. An archive fits only that
# jar as built and the JDK that wrote it, so ./countersign rebuilds both after every build.

# Writes target/cds/countersign.jar and target/cds/countersign.jsa from target/classes with a
# training start (cs_train: start-up, warm-up and an agent's first calls); the JVM writes the archive
# as it exits. Prints nothing on stdout; on failure the app starts without an archive.
cs_build_class_archive() {
  local root=$1 dir="$1/target/cds"
  rm -rf "$dir"
  mkdir -p "$dir"
  "$JAVA_HOME/bin/jar" --create --file "$dir/countersign.jar" -C "$root/target/classes" . || return 1
  cs_train "$dir/countersign.jsa" "$JAVA_HOME/bin/java" "${CS_JVM_OPTIONS[@]}" \
    -XX:ArchiveClassesAtExit="$dir/countersign.jsa" -cp "$dir/countersign.jar:$(cat "$root/target/classpath.txt")" \
    dev.countersign.app.cli.Main || return 1
  [[ -s $dir/countersign.jsa ]]
}

# The training start of a class-data archive: runs `COMMAND... serve --headless --port 0` on a
# throwaway home until it serves (start-up and warm-up are done by then), stops it with TERM and waits
# for it to exit, which is when a JVM writes an archive or class list. OUTPUT, the file it writes, is
# removed when the run is cut short or does not exit within 20 s (then it is killed and this fails).
# Prints nothing on stdout. Used by cs_build_class_archive and scripts/package.
cs_train() {
  local output=$1 home pid i traps status=0
  shift
  home=$(mktemp -d)
  # The agent the training calls come from (its token is written to the throwaway home). That JVM
  # runs with the same dump options, so what it wrote is removed: only the serving start's counts.
  COUNTERSIGN_HOME=$home "$@" agent add training >/dev/null 2>&1 || true
  rm -f "$output"
  COUNTERSIGN_HOME=$home "$@" serve --headless --port 0 >"$home/out" 2>"$home/err" &
  pid=$!
  # However this shell ends (Ctrl-C, a client closing the bridge mid-build), the training server ends
  # with it; the caller's own traps are put back after.
  traps=$(trap -p EXIT INT TERM)
  trap 'kill -KILL '"$pid"' 2>/dev/null; rm -rf "'"$home"'" "'"$output"'"' EXIT INT TERM
  for ((i = 0; i < 600; i++)); do
    grep -q "serving agents at" "$home/out" 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  # The token goes to curl in a file of the throwaway home (mode 700), never on a command line
  # that other users could read in /proc while the training server runs.
  [[ -s $home/tokens/training.token ]] &&
    printf 'Authorization: Bearer %s\n' "$(<"$home/tokens/training.token")" >"$home/auth"
  cs_train_calls "$(sed -n 's/^Countersign is serving agents at //p' "$home/out")" "$home/auth" "$pid"
  kill -TERM "$pid" 2>/dev/null
  for ((i = 0; i < 200; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid" 2>/dev/null
    rm -f "$output"
    status=1
  fi
  wait "$pid" 2>/dev/null || true
  trap - EXIT INT TERM
  eval "$traps"
  rm -rf "$home"
  return $status
}

# An agent's first calls to the training server at URL, authorized by the header in AUTH_FILE, so that the archive holds
# the classes of a connection and of a tool call too, not only those of start (issue 17: the first
# observe and act loaded a few hundred): initialize, tools/list, an act on a ref no observation
# gave (refused, REF_UNKNOWN) and an observe of the server's own PID (no accessible application:
# refused after listing the applications, as its warm-up does). Nothing reaches an application's
# elements or the desktop's input. Skipped without curl or a token; never fails the build.
cs_train_calls() {
  local url=$1 auth=$2 pid=$3 sid headers
  [[ -n $url && -s $auth ]] && command -v curl >/dev/null || return 0
  headers=(-H "@$auth" -H "Content-Type: application/json"
    -H "Accept: application/json, text/event-stream" --max-time 20)
  sid=$(curl -s -o /dev/null -D - "${headers[@]}" -d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{'\
'"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"training","version":"1"}}}' "$url" |
    tr -d '\r' | sed -n 's/^[Mm]cp-[Ss]ession-[Ii]d: *//p')
  [[ -n $sid ]] || return 0
  headers+=(-H "Mcp-Session-Id: $sid")
  curl -s -o /dev/null "${headers[@]}" -d '{"jsonrpc":"2.0","method":"notifications/initialized"}' "$url" || true
  curl -s -o /dev/null "${headers[@]}" -d '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' "$url" || true
  curl -s -o /dev/null "${headers[@]}" -d '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{'\
'"name":"computer_act","arguments":{"ref":"rTraining000","op":"click"}}}' "$url" || true
  curl -s -o /dev/null "${headers[@]}" -d '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{'\
'"name":"computer_observe","arguments":{"app":"'"$pid"'"}}}' "$url" || true
  curl -s -o /dev/null "${headers[@]}" -X DELETE "$url" || true
}

# Sets CS_APP_CP (the app's class path) and CS_CDS_OPTIONS (the JVM options that map the archive):
# the archived jar where a current archive exists, else target/classes and no options. JVM
# warnings go to stderr, never stdout: an archive the JVM cannot use (another JDK) says so there,
# and stdout stays the stdio bridge's.
cs_app_classpath() {
  local root=$1 dir="$1/target/cds"
  CS_APP_CP="$root/target/classes:$(cat "$root/target/classpath.txt")"
  CS_CDS_OPTIONS=()
  if [[ -s $dir/countersign.jsa && $dir/countersign.jsa -nt $dir/countersign.jar ]]; then
    CS_APP_CP="$dir/countersign.jar:$(cat "$root/target/classpath.txt")"
    CS_CDS_OPTIONS=(-XX:SharedArchiveFile="$dir/countersign.jsa" -Xlog:disable -Xlog:all=warning:stderr
      -XX:+DisplayVMOutputToStderr)
  fi
}
