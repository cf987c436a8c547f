package dev.countersign.app.cli;

import dev.countersign.app.Home;
import dev.countersign.audit.AuditInbox;
import dev.countersign.audit.AuditKind;
import dev.countersign.core.CountersignException;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The one shape of the CLI's registries, {@code countersign agent|governor|remote add|list|remove}.
 * The command alone prints its usage. {@code add} registers one entry and says what the person must
 * know; a refusal is {@code countersign KIND add: why}, exit 2. {@code list} prints a table, or how
 * to add the first entry when there is none. {@code remove} revokes one entry, or says
 * {@code countersign KIND remove: no KIND named 'NAME'}, exit 1. Where the kind is audited, an add
 * and a remove are recorded before the person is told.
 *
 * <p>Each kind fills in what add takes (its own options and {@link Add#register}), what list prints
 * ({@link Listing}) and what remove revokes ({@link Remove#revoke}). The kind's word in messages
 * is its command's name.
 */
abstract class RegistryCommand implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger(RegistryCommand.class);

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }

    /** The name the audit log records an entry's change under, or null when this kind's changes are not audited. */
    abstract String audited(String name);

    /**
     * Records the change: appended here when no app runs, else handed to the running app, which
     * holds the log (see {@link AuditInbox}). A record that reached neither is said out loud.
     */
    private static void audit(Home home, AuditKind kind, String name, PrintWriter err) {
        try {
            AuditInbox.appendOrHandOver(home.auditFile(), Clock.systemUTC(), kind, Map.of("agent", name, "by", "cli"));
        } catch (CountersignException e) {
            LOG.warn("agent change not audited: {}", e.getMessage());
            err.println("countersign agent: warning: the change took effect but is not in the audit log: "
                    + e.error().message());
        }
    }

    private static void audit(RegistryCommand registry, Home home, AuditKind kind, String name, PrintWriter err) {
        String recorded = registry.audited(name);
        if (recorded != null) {
            audit(home, kind, recorded, err);
        }
    }

    /**
     * {@code KIND add NAME …}: registers one entry, then tells the person what they must know.
     *
     * @param <R> what registering gives the report (an issued token, say)
     */
    abstract static class Add<R> implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @ParentCommand
        RegistryCommand registry;

        /** The entry's name, as the kind's own NAME parameter took it. */
        abstract String name();

        /**
         * Registers the entry (making the home folder if need be); nothing is printed yet.
         *
         * @throws CountersignException when it is refused: said as {@code countersign KIND add: why}, exit 2
         */
        abstract R register(Home home) throws IOException;

        /** What the person must know once the entry is registered (and audited). */
        abstract void report(Home home, R registered, PrintWriter out) throws IOException;

        @Override
        public final Integer call() throws IOException {
            PrintWriter err = spec.commandLine().getErr();
            Home home = Home.current();
            R registered;
            try {
                registered = register(home);
            } catch (CountersignException e) {
                err.println(spec.qualifiedName() + ": " + e.error().message());
                return 2;
            }
            audit(registry, home, AuditKind.AGENT_ADDED, name(), err);
            report(home, registered, spec.commandLine().getOut());
            return 0;
        }
    }

    /**
     * {@code KIND list}: one row per entry under a header, never a token; when there is none, how to
     * add the first.
     *
     * @param <E> an entry of the registry
     */
    abstract static class Listing<E> implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        abstract List<E> entries(Home home) throws IOException;

        /** Printed instead of the table when there is no entry. */
        abstract String none();

        /** The {@code printf} format of the header and of every row. */
        abstract String format();

        abstract Object[] header();

        abstract Object[] row(Home home, E entry);

        @Override
        public final Integer call() throws IOException {
            PrintWriter out = spec.commandLine().getOut();
            Home home = Home.current();
            List<E> entries = entries(home);
            if (entries.isEmpty()) {
                out.println(none());
                return 0;
            }
            out.printf(format(), header());
            for (E entry : entries) {
                out.printf(format(), row(home, entry));
            }
            return 0;
        }
    }

    /** {@code KIND remove NAME}: revokes the entry at once. */
    abstract static class Remove implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @ParentCommand
        RegistryCommand registry;

        @Parameters(paramLabel = "NAME")
        String name;

        /** Revokes the entry NAME; false when there was none. */
        abstract boolean revoke(Home home, String name) throws IOException;

        /** What the person is told once it is revoked. */
        abstract String revoked(String name);

        @Override
        public final Integer call() throws IOException {
            PrintWriter err = spec.commandLine().getErr();
            Home home = Home.current();
            if (!revoke(home, name)) {
                err.println(spec.qualifiedName() + ": no " + spec.parent().name() + " named '" + name + "'");
                return 1;
            }
            audit(registry, home, AuditKind.AGENT_REMOVED, name, err);
            spec.commandLine().getOut().println(revoked(name));
            return 0;
        }
    }
}
