package dev.countersign.app.cli;

import dev.countersign.app.Home;
import dev.countersign.core.CountersignException;
import dev.countersign.govern.GovernConfig;
import dev.countersign.govern.Offer;
import dev.countersign.govern.Registration;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code countersign govern NAME -- COMMAND…}: registers a raw computer-use MCP server that the
 * app starts and offers agents as the governed tool NAME (docs/govern.md). It first starts the
 * server once and says what of it will be offered and what withheld, and why.
 */
@Command(name = "govern", mixinStandardHelpOptions = true,
        description = "Run an external computer-use MCP server behind Countersign's governance: "
                + "govern NAME -- COMMAND...; --list; --remove NAME.")
final class GovernCommand implements Callable<Integer> {
    /** How long a server may take to start and list its tools (npx may download it first). */
    static final Duration START = Registration.START;

    @Spec
    CommandSpec spec;

    @Option(names = "--list", description = "List the registered servers.")
    boolean list;

    @Option(names = "--remove", paramLabel = "NAME", description = "Stop offering the server NAME.")
    String remove;

    @Option(names = "--no-probe", description = "Register without starting the server once first.")
    boolean noProbe;

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "The tool name agents will see.")
    String name;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "COMMAND", description = "The command that starts the server (after --).")
    List<String> command = List.of();

    static Path file(Home home) {
        return home.govern();
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Home home = Home.current();
        if (list) {
            List<GovernConfig.Entry> entries = GovernConfig.load(file(home));
            if (entries.isEmpty()) {
                out.println("no governed servers (add one: countersign govern NAME -- COMMAND...)");
            }
            entries.forEach(e -> out.println(e.name() + "\t" + String.join(" ", e.command())));
            return 0;
        }
        if (remove != null) {
            if (!GovernConfig.remove(file(home), remove)) {
                err.println("countersign govern: no governed server named '" + remove + "'");
                return 1;
            }
            out.println("'" + remove + "' is no longer offered (from the app's next start)");
            return 0;
        }
        if (name == null || command.isEmpty()) {
            err.println("countersign govern: usage: countersign govern NAME -- COMMAND...");
            return 2;
        }
        try {
            // The one registration path, shared with the Settings window.
            Registration.Outcome outcome = Registration.register(file(home), new GovernConfig.Entry(name, command),
                    noProbe ? null : START);
            if (!outcome.registered()) {
                err.println("countersign govern: the server offers no computer tool Countersign can govern; "
                        + "not registered");
                outcome.offer().withheld().forEach(w -> err.println("  withheld " + w.what() + ": " + w.why()));
                return 1;
            }
            if (outcome.offer() != null) {
                report(out, name, outcome.offer());
            }
        } catch (CountersignException e) {
            err.println("countersign govern: " + e.error().message());
            return 1;
        }
        out.println("registered: the app offers '" + name + "' to agents from its next start");
        return 0;
    }

    static void report(PrintWriter out, String name, Offer offer) {
        out.println("'" + name + "' offers the actions: " + String.join(", ", offer.actions().keySet()));
        offer.withheld().forEach(w -> out.println("  withheld " + w.what() + ": " + w.why()));
    }
}
