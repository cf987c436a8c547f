package dev.countersign.desktop.linux;

import dev.countersign.desktop.LaunchIdentity;
import dev.countersign.desktop.OwnIdentity;

/** Countersign's own process identity on Linux: pid and start time from {@code /proc/self}, executable, and the parent that started it. */
final class OwnProcess {
    private OwnProcess() {
    }

    static OwnIdentity identity() {
        ProcessHandle self = ProcessHandle.current();
        long pid = self.pid();
        LaunchIdentity launch = ProcStat.launch(pid).orElse(new LaunchIdentity(pid, 0));
        String executable = self.info().command().orElse("unknown");
        // jpackage launchers set jpackage.app-path; otherwise the JVM was started from a command line.
        String appPath = System.getProperty("jpackage.app-path");
        String parent = self.parent().flatMap(p -> p.info().command()).orElse("unknown");
        String startedBy = (appPath != null ? "jpackage launcher " + appPath : "java command line")
                + ", parent " + parent + " (pid " + ProcStat.parent(pid) + ")";
        return new OwnIdentity(launch, executable, null, null, startedBy);
    }
}
