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
# collector (no concurrent GC threads; the heap shrinks back after a burst), a bounded heap, and no
# hsperfdata file (its sampler woke the JVM 20 times a second; jcmd PID still works, jps won't list it).
# ./countersign and the packaged launchers (scripts/package) start the app with these.
CS_JVM_OPTIONS=(-XX:+UseSerialGC -Xms16m -Xmx512m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30 -XX:-UsePerfData)
