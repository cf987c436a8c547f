package dev.countersign.app;

import java.io.IOException;
import picocli.CommandLine;

/** The {@code countersign} executable: parses the command line and runs the chosen command. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        prepareLogs(args);
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit code (kept separate from {@link #main} for tests). */
    public static int run(String... args) {
        return new CommandLine(new CountersignCommand()).execute(args);
    }

    /**
     * Points Logback at {@code <home>/logs} before the first logger exists (logback.xml reads
     * these properties). Each kind of process gets its own file, so a bridge and the endpoint
     * never rotate each other's log.
     */
    private static void prepareLogs(String[] args) {
        String kind = args.length == 0 || "serve".equals(args[0]) ? "countersign"
                : "mcp-stdio".equals(args[0]) ? "mcp-stdio" : "cli";
        System.setProperty("countersign.logName", kind);
        try {
            System.setProperty("countersign.logDir", Home.current().ensure().logs().toString());
        } catch (IOException e) {
            // No home folder: logback.xml falls back to the temporary directory; the command
            // itself will report the folder problem in words.
            System.setProperty("countersign.logDir", System.getProperty("java.io.tmpdir") + "/countersign-logs");
        }
    }
}
