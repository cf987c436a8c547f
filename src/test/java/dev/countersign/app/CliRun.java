package dev.countersign.app;

import dev.countersign.app.cli.CountersignCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import picocli.CommandLine;

/** Runs the CLI in-process against a home folder of the test's own, capturing what it prints. */
public final class CliRun {
    public final int exit;
    public final String out;
    public final String err;

    private CliRun(int exit, String out, String err) {
        this.exit = exit;
        this.out = out;
        this.err = err;
    }

    public static synchronized CliRun run(Path home, String... args) {
        String previous = System.getProperty("countersign.home");
        System.setProperty("countersign.home", home.toString());
        try {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            CommandLine cli = new CommandLine(new CountersignCommand());
            cli.setOut(new PrintWriter(out, true));
            cli.setErr(new PrintWriter(err, true));
            int exit = cli.execute(args);
            return new CliRun(exit, out.toString(), err.toString());
        } finally {
            if (previous == null) {
                System.clearProperty("countersign.home");
            } else {
                System.setProperty("countersign.home", previous);
            }
        }
    }

    @Override
    public String toString() {
        return "exit " + exit + "\nout:\n" + out + "\nerr:\n" + err;
    }
}
