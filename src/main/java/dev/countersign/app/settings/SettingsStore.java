package dev.countersign.app.settings;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.countersign.core.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Reads and writes {@code settings.json} in the home folder. Writes go to a temporary file that
 * replaces the old one, so a crash never leaves half a settings file.
 */
public final class SettingsStore {
    private final Path file;
    private final Autostart autostart;

    public SettingsStore(Path file, Autostart autostart) {
        this.file = file;
        this.autostart = autostart;
    }

    public Path file() {
        return file;
    }

    /**
     * The settings in {@code file}, or the defaults when there is no such file: for readers that only
     * read (the endpoint, {@code doctor}, {@code agent add}) and report a bad file themselves.
     *
     * @throws IOException if the file cannot be read, is not JSON, has a field this record does not
     *     know, or a value out of range (a {@code JsonProcessingException} then)
     */
    public static AppSettings read(Path file) throws IOException {
        try {
            return mapper().readValue(Files.readAllBytes(file), AppSettings.class);
        } catch (NoSuchFileException e) {
            return AppSettings.defaults();
        }
    }

    /** The settings on disk, or the defaults when there is no file yet. */
    public AppSettings load() {
        try {
            return read(file);
        } catch (IOException e) {
            throw new UncheckedIOException("settings.json could not be read: " + e.getMessage(), e);
        }
    }

    /** Saves the settings and makes "launch at login" true on this machine. */
    public void save(AppSettings settings) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, mapper().writerWithDefaultPrettyPrinter().writeValueAsString(settings) + "\n",
                StandardCharsets.UTF_8);
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
        autostart.apply(settings.launchAtLoginOrDefault());
    }

    private static ObjectMapper mapper() {
        // Strict: a misspelt field is an error the person sees, not a silent default.
        return Json.mapper().copy().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }
}
