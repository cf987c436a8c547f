package dev.countersign.govern;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Registering a governed server, the one way both {@code countersign govern} and the Settings
 * window do it: the name and command are checked (a tool name, not Countersign's own, a program
 * that exists), the server is started once to see what it offers, and only a server with a
 * computer tool Countersign can govern is written to {@code govern.json}. Never reachable from
 * the MCP endpoint: only the person's command line and windows call it.
 */
public final class Registration {
    /**
     * What registering did.
     *
     * @param offer what the server offers and withholds, or null when it was not started first
     * @param registered whether the entry was written; false when the server has no computer tool
     */
    public record Outcome(Offer offer, boolean registered) {
    }

    /** How long a server may take to start and list its tools when registered (npx may download it first). */
    public static final Duration START = Duration.ofSeconds(120);

    private Registration() {
    }

    /**
     * Checks {@code entry} as {@link GovernConfig#put} does, and that its program exists (itself
     * or on the PATH); {@code INVALID_ARGUMENT} on the field that is wrong.
     */
    public static void check(GovernConfig.Entry entry) {
        GovernConfig.validate(entry);
        if (!GovernedServer.runnable(entry.command().get(0))) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "command",
                    "no program '" + entry.command().get(0) + "' (give its full path, or one on the PATH)"));
        }
    }

    /**
     * Checks the entry, starts the server once for at most {@code probeFor} (null: not started)
     * and writes it to {@code file} unless the server offers nothing Countersign can govern.
     * Nothing is written when any step fails.
     */
    public static Outcome register(Path file, GovernConfig.Entry entry, Duration probeFor) throws IOException {
        check(entry);
        Offer offer = null;
        if (probeFor != null) {
            offer = probe(entry, probeFor);
            if (offer.tool() == null) {
                return new Outcome(offer, false);
            }
        }
        GovernConfig.put(file, entry);
        return new Outcome(offer, true);
    }

    /** Starts the server once and says what of it agents would get; a start failure is thrown. */
    public static Offer probe(GovernConfig.Entry entry, Duration timeout) {
        try (GovernedServer server = GovernedServer.start(entry.name(), entry.command(), timeout)) {
            return Offer.of(server.tools());
        }
    }
}
