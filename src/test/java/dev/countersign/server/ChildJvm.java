package dev.countersign.server;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Command lines that start {@code dev.countersign.app.cli.Main} in a child JVM on the test classpath. */
public final class ChildJvm {
    private ChildJvm() {
    }

    /** The java executable of this JVM. */
    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** JVM arguments: the test classpath, a home folder, and a log file name of its own. */
    public static List<String> jvmArgs(Path home, String logName) {
        List<String> args = new ArrayList<>();
        args.add("-cp");
        args.add(System.getProperty("java.class.path"));
        args.add("-Dcountersign.home=" + home);
        args.add("-Dcountersign.testLog=" + logName);
        args.add("-XX:TieredStopAtLevel=1");
        args.add("-Xshare:auto");
        args.add("dev.countersign.app.cli.Main");
        return args;
    }
}
