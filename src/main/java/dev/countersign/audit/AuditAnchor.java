package dev.countersign.audit;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.countersign.core.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The last durable record's seq and hash, kept next to the log in {@code <log>.anchor} (0600) and
 * rewritten after every fsync of the log. A hash chain cannot show that records were cut off its
 * end; the anchor can: a log that ends before the anchor's seq, or whose record at that seq has
 * another hash, lost its tail.
 *
 * <p>The anchor trails the log (it is written after the log's fsync), so a crash between the two
 * leaves an anchor that is behind, never ahead: it can miss a cut, not invent one. Someone who can
 * rewrite both files as the same user is outside what it protects against (docs/security.md).
 */
public record AuditAnchor(@JsonProperty("seq") long seq, @JsonProperty("hash") String hash) {

    public AuditAnchor {
        if (seq < 0) {
            throw new IllegalArgumentException("an anchor's seq is 0 or more, was " + seq);
        }
        if (hash == null || !(AuditRecord.HEX64.matcher(hash).matches())) {
            throw new IllegalArgumentException("an anchor's hash is 64 lowercase hex digits");
        }
    }

    /** Where the anchor of {@code log} lives. */
    public static Path fileFor(Path log) {
        return log.resolveSibling(log.getFileName() + ".anchor");
    }

    /** The anchor of {@code log}; empty when there is none (a log written before anchors existed). */
    public static Optional<AuditAnchor> read(Path log) throws IOException {
        try {
            byte[] bytes = Files.readAllBytes(fileFor(log));
            return Optional.of(Json.mapper().readValue(bytes, AuditAnchor.class));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IllegalArgumentException | JsonProcessingException e) {
            throw new IOException("the audit anchor " + fileFor(log) + " is not readable: " + e.getMessage(), e);
        }
    }

    /**
     * temp (0600) → fsync → atomic rename ({@link PrivateFiles}), so a reader sees the old anchor or
     * the new one.
     */
    void write(Path log) throws IOException {
        PrivateFiles.replace(fileFor(log), Json.mapper().writeValueAsBytes(this));
    }
}
