package dev.countersign.app.windows;

import dev.countersign.core.CountersignException;
import dev.countersign.govern.GovernConfig;
import dev.countersign.govern.Offer;
import dev.countersign.govern.Registration;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Settings window's governed servers without a stage: the rows of {@code govern.json}, and
 * adding and removing one through the same {@link Registration} as {@code countersign govern}.
 * The served app starts governed servers when it starts, so a change here applies from the next
 * start; the model says so until then. Adding and checking start the server and may take a while
 * (npx may download it): the window calls them off the FX thread.
 */
final class GovernModel {
    /** One registered server as the list shows it. */
    record Row(String name, String command, String offers) {
    }

    private final Path file;
    private final Duration probeFor;
    private final Map<String, String> offers = new ConcurrentHashMap<>();
    private final Set<String> changed = Collections.synchronizedSet(new LinkedHashSet<>());

    /**
     * @param file {@code govern.json} in the home folder
     * @param probeFor how long to let a server start when added (null: add without starting it,
     *     as {@code --no-probe})
     */
    GovernModel(Path file, Duration probeFor) {
        this.file = file;
        this.probeFor = probeFor;
    }

    /** {@code govern.json} beside {@code settings.json}, where {@code countersign govern} keeps it. */
    static Path file(Path settingsFile) {
        return settingsFile.resolveSibling("govern.json");
    }

    /** The registered servers, or a problem when govern.json cannot be read. */
    Result<List<Row>> rows() {
        try {
            List<Row> rows = new ArrayList<>();
            for (GovernConfig.Entry e : GovernConfig.load(file)) {
                rows.add(new Row(e.name(), join(e.command()),
                        offers.getOrDefault(e.name(), "not checked: press Check to start it once and see")));
            }
            return Result.ok(rows);
        } catch (IOException | RuntimeException e) {
            return Result.problem("govern.json could not be read: " + e.getMessage());
        }
    }

    /**
     * Registers {@code name} with the command line split as a shell would (quotes, backslashes):
     * checked as the command line checks it, started once, written only when it offers a computer
     * tool. The value is the sentence to show.
     */
    Result<String> add(String name, String commandLine) {
        Result<List<String>> command = split(commandLine == null ? "" : commandLine);
        if (!command.isOk()) {
            return Result.problem(command.problem());
        }
        String n = name == null ? "" : name.trim();
        try {
            Registration.Outcome outcome = Registration.register(file,
                    new GovernConfig.Entry(n, command.value().get()), probeFor);
            if (!outcome.registered()) {
                return Result.problem("'" + n + "' offers no computer tool Countersign can govern; not added. "
                        + withheld(outcome.offer()));
            }
            changed.add(n);
            if (outcome.offer() != null) {
                offers.put(n, describe(outcome.offer()));
            }
            return Result.ok("Added '" + n + "'. " + restartNote());
        } catch (CountersignException e) {
            return Result.problem(e.error().message());
        } catch (IOException e) {
            return Result.problem("Could not save govern.json: " + e.getMessage());
        }
    }

    /** Removes {@code name}; the value is the sentence to show. */
    Result<String> remove(String name) {
        try {
            if (!GovernConfig.remove(file, name)) {
                return Result.problem("No governed server named '" + name + "'.");
            }
            changed.add(name);
            offers.remove(name);
            return Result.ok("Removed '" + name + "'. " + restartNote());
        } catch (IOException | RuntimeException e) {
            return Result.problem("Could not change govern.json: " + e.getMessage());
        }
    }

    /** Starts the registered {@code name} once and records what it offers and withholds. */
    Result<String> check(String name) {
        try {
            GovernConfig.Entry entry = GovernConfig.load(file).stream().filter(e -> e.name().equals(name)).findFirst()
                    .orElse(null);
            if (entry == null) {
                return Result.problem("No governed server named '" + name + "'.");
            }
            String what = describe(Registration.probe(entry, Registration.START));
            offers.put(name, what);
            return Result.ok(what);
        } catch (CountersignException e) {
            offers.put(name, "does not start: " + e.error().message());
            return Result.problem(e.error().message());
        } catch (IOException e) {
            return Result.problem("govern.json could not be read: " + e.getMessage());
        }
    }

    /** Whether something changed here that the running app does not have yet. */
    boolean restartNeeded() {
        return !changed.isEmpty();
    }

    /** The sentence shown while a restart is needed, or empty. */
    String restartNote() {
        return restartNeeded() ? "Restart Countersign to apply: agents get governed servers as the app starts "
                + "(changed: " + String.join(", ", changed) + ")." : "";
    }

    /** What agents get of a server: our actions offered, and what is withheld and why. */
    static String describe(Offer offer) {
        if (offer.tool() == null) {
            return "offers nothing Countersign can govern. " + withheld(offer);
        }
        String s = "offers " + String.join(", ", offer.actions().keySet()) + ".";
        String w = withheld(offer);
        return w.isEmpty() ? s : s + " " + w;
    }

    private static String withheld(Offer offer) {
        List<String> parts = new ArrayList<>();
        offer.withheld().forEach(w -> parts.add(w.what() + " (" + w.why() + ")"));
        return parts.isEmpty() ? "" : "Withheld: " + String.join("; ", parts) + ".";
    }

    /**
     * A command line split into program and arguments as a POSIX shell splits words: whitespace
     * separates, single quotes keep everything, double quotes keep all but {@code \"} and
     * {@code \\}, a backslash outside quotes keeps the next character. Nothing is expanded.
     */
    static Result<List<String>> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\' && i + 1 < line.length() && (line.charAt(i + 1) == '"'
                        || line.charAt(i + 1) == '\\')) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\') {
                if (i + 1 == line.length()) {
                    return Result.problem("The command line ends in a lone backslash.");
                }
                word.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            return Result.problem("The command line has an unclosed " + (quote == '"' ? "double" : "single")
                    + " quote.");
        }
        if (inWord) {
            words.add(word.toString());
        }
        if (words.isEmpty()) {
            return Result.problem("Give the command that starts the server, e.g. npx -y computer-use-mcp.");
        }
        return Result.ok(words);
    }

    /** The command as one line, quoting words a shell would split. */
    static String join(List<String> command) {
        List<String> out = new ArrayList<>();
        for (String w : command) {
            out.add(w.isEmpty() || w.chars().anyMatch(ch -> Character.isWhitespace(ch) || "'\"\\".indexOf(ch) >= 0)
                    ? "'" + w.replace("'", "'\\''") + "'" : w);
        }
        return String.join(" ", out);
    }
}
