package dev.countersign.desktop.linux;

import dev.countersign.desktop.LaunchIdentity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Launch identities from {@code /proc/PID/stat}: the pid plus its start time in clock ticks since boot. */
final class ProcStat {
    private ProcStat() {
    }

    /** The process's launch identity, or empty when it is gone or already a zombie. */
    static Optional<LaunchIdentity> launch(long pid) {
        String stat;
        try {
            stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return Optional.empty();
        }
        // The command name may hold spaces and ')'; the fields after the last ')' are fixed.
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        // f[0] is field 3 (state); field 22 (start time) is f[19].
        if (f.length < 20 || f[0].equals("Z") || f[0].equals("X")) {
            return Optional.empty();
        }
        return Optional.of(new LaunchIdentity(pid, Long.parseLong(f[19])));
    }

    /** The parent pid (field 4), or -1 when unknown. */
    static long parent(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8);
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return Long.parseLong(f[1]);
        } catch (IOException | NumberFormatException | IndexOutOfBoundsException e) {
            return -1;
        }
    }
}
