package dev.countersign.app.cli;

import dev.countersign.app.Home;
import java.io.IOException;
import java.nio.file.Files;
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
            // No home folder: never a shared, predictable path such as /tmp/countersign-logs,
            // which another local user could create first (and read, or point elsewhere). A fresh
            // folder of random name, 0700; the command itself reports the folder problem in words.
            try {
                System.setProperty("countersign.logDir", Files.createTempDirectory("countersign-logs-")
                        .toString());
            } catch (IOException | UnsupportedOperationException again) {
                System.setProperty("countersign.logDir", "/dev/null/no-log");
            }
        }
    }
}
