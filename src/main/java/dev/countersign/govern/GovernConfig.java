package dev.countersign.govern;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The governed servers the person registered ({@code govern.json} in the home folder), which the
 * served app starts: each a tool name agents see and the command that starts the server. Written
 * whole through a temporary file and a rename, so a reader never sees half a file.
 */
public final class GovernConfig {
    /** A tool name: lowercase, digits and {@code _}, starting with a letter, at most 48 characters. */
    public static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,47}");

    /** One registered server. */
    public record Entry(@JsonProperty("name") String name, @JsonProperty("command") List<String> command) {
        public Entry {
            Objects.requireNonNull(name, "name");
            command = List.copyOf(command);
        }
    }

    record File(@JsonProperty("servers") List<Entry> servers) {
    }

    private GovernConfig() {
    }

    /** The entries in {@code file}; none when it does not exist. */
    public static List<Entry> load(Path file) throws IOException {
        try {
            File f = Json.mapper().readValue(Files.readAllBytes(file), File.class);
            return f.servers() == null ? List.of() : List.copyOf(f.servers());
        } catch (NoSuchFileException e) {
            return List.of();
        }
    }

    /** Adds or replaces the entry named {@code entry.name()}; an invalid entry changes nothing. */
    public static void put(Path file, Entry entry) throws IOException {
        validate(entry);
        List<Entry> entries = new ArrayList<>(load(file));
        entries.removeIf(e -> e.name().equals(entry.name()));
        entries.add(entry);
        write(file, entries);
    }

    /**
     * Refuses, with {@code INVALID_ARGUMENT} on the field, a name that is not a tool name or is
     * one of Countersign's own ({@code computer_…}), and an empty command.
     */
    public static void validate(Entry entry) {
        if (!NAME.matcher(entry.name()).matches()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "name",
                    "a governed server's name is its tool's name: lowercase letters, digits and _, starting with a "
                            + "letter (e.g. desk)"));
        }
        if (entry.name().startsWith("computer_")) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "name",
                    "names starting with computer_ are Countersign's own tools'"));
        }
        if (entry.command().isEmpty()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "command",
                    "give the command that starts the server after --"));
        }
    }

    /** Removes the entry named {@code name}; false when there was none. */
    public static boolean remove(Path file, String name) throws IOException {
        List<Entry> entries = new ArrayList<>(load(file));
        boolean removed = entries.removeIf(e -> e.name().equals(name));
        if (removed) {
            write(file, entries);
        }
        return removed;
    }

    private static void write(Path file, List<Entry> entries) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(tmp, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(new File(entries)));
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
