package dev.countersign.desktop;

/**
 * Which launch of a process this is: its pid plus its start time, so a reused pid never passes for
 * the process that was observed. The start time is in platform units (Linux: clock ticks since
 * boot from {@code /proc/PID/stat}) and is only ever compared for equality.
 */
public record LaunchIdentity(long pid, long startTime) {

    public LaunchIdentity {
        if (pid <= 0) {
            throw new IllegalArgumentException("a pid is positive, got " + pid);
        }
        if (startTime < 0) {
            throw new IllegalArgumentException("a start time is not negative, got " + startTime);
        }
    }
}
