package dev.countersign.app.windows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.Json;
import dev.countersign.core.Timestamps;
import dev.countersign.server.Secrets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When the person last looked at the Activity window, kept in {@code activity.json} beside
 * {@code settings.json} in the 0700 home (0600, replaced whole), so "Since I was away…" counts from
 * that look after a restart too, not from the app's start. Kept apart from {@code settings.json}:
 * that file is the person's choices, read strictly and written by the Settings window; this one
 * is written every time the window opens.
 */
final class LastLooked {
    private static final Logger LOG = LoggerFactory.getLogger(LastLooked.class);
    static final String FIELD = "activity_last_looked";
    private final Path file;

    LastLooked(Path file) {
        this.file = file;
    }

    /** The file beside {@code settings}. */
    static LastLooked besideSettings(Path settings) {
        return new LastLooked(settings.resolveSibling("activity.json"));
    }

    Path file() {
        return file;
    }

    /** The last look recorded; empty when there is none or the file cannot be read as one. */
    Optional<Instant> read() {
        try {
            JsonNode node = Json.mapper().readTree(Files.readAllBytes(file));
            JsonNode at = node == null ? null : node.get(FIELD);
            return at == null || !at.isTextual() ? Optional.empty() : Timestamps.parse(at.asText());
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            // A damaged file only costs the summary its start: it then counts from the app's start.
            LOG.info("{} could not be read ({}); since I was away counts from the app's start", file, e.getMessage());
            return Optional.empty();
        }
    }

    /** Records a look at {@code at}; a failure is logged, never shown: the window still works. */
    void write(Instant at) {
        try {
            Secrets.writeOwnerOnly(file, Json.mapper().writeValueAsString(Map.of(FIELD, Timestamps.format(at))));
        } catch (IOException e) {
            LOG.warn("the time Activity was last looked at could not be kept in {}: {}", file, e.getMessage());
        }
    }
}
