package dev.countersign.app;

import picocli.CommandLine;

/** The {@code countersign} executable: parses the command line and runs the chosen command. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit code (kept separate from {@link #main} for tests). */
    public static int run(String... args) {
        return new CommandLine(new CountersignCommand()).execute(args);
    }
}
