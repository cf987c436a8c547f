package dev.countersign.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.core.Timestamps;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a process that is not the log's writer gets a record of the person's acts into it: the CLI's
 * {@code agent add|remove} while the app holds the log. It appends itself when the log is free;
 * otherwise it leaves the record in {@code <audit dir>/inbox/} (0700 folder, 0600 files, written
 * temp → fsync → rename) and the running app appends it ({@link #drainInto}) as soon as it sees it,
 * or on its next start. Either way the record is in the chain; nothing fails silently.
 *
 * <p>Only the kinds the person's tools hand over are accepted from the inbox: an entry of any
 * other kind is set aside as {@code .rejected} and not appended.
 */
public final class AuditInbox {
    private static final Logger LOG = LoggerFactory.getLogger(AuditInbox.class);
    private static final Set<AuditKind> HANDED_OVER = EnumSet.of(AuditKind.AGENT_ADDED, AuditKind.AGENT_REMOVED,
            AuditKind.PAUSED, AuditKind.RESUMED);
    private static final SecureRandom RANDOM = new SecureRandom();

    /** Where a record went. */
    public enum Delivery {
        /** Appended to the log by this process. */
        APPENDED,
        /** Left in the inbox for the running app, which holds the log. */
        HANDED_OVER
    }

    private AuditInbox() {
    }

    /** The inbox of the log at {@code log}. */
    public static Path folderFor(Path log) {
        return log.toAbsolutePath().resolveSibling("inbox");
    }

    /**
     * Appends the record to {@code log} if no other writer holds it, else hands it to that writer
     * through the inbox. Throws {@link CountersignException} INTERNAL if neither worked.
     */
    public static Delivery appendOrHandOver(Path log, Clock clock, AuditKind kind, Map<String, ?> data) {
        if (!HANDED_OVER.contains(kind)) {
            throw new IllegalArgumentException(kind.wire() + " records are written by the app itself");
        }
        try (AuditLog open = AuditLog.open(log, clock)) {
            open.append(kind, null, data);
            return Delivery.APPENDED;
        } catch (CountersignException e) {
            if (!AuditLog.heldByAnotherWriter(e)) {
                throw e;
            }
        }
        try {
            handOver(log, clock, kind, data);
            return Delivery.HANDED_OVER;
        } catch (IOException e) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "the audit log is held by the running app and its inbox cannot be written: " + e.getMessage()), e);
        }
    }

    private static void handOver(Path log, Clock clock, AuditKind kind, Map<String, ?> data) throws IOException {
        Path inbox = folderFor(log);
        Files.createDirectories(inbox);
        if (inbox.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(inbox, PosixFilePermissions.fromString("rwx------"));
        }
        ObjectNode entry = Json.mapper().createObjectNode();
        entry.put("kind", kind.wire());
        entry.put("at", Timestamps.format(clock.instant()));
        entry.set("data", Redactor.redact(data));
        byte[] name = new byte[8];
        RANDOM.nextBytes(name);
        String base = clock.millis() + "-" + HexFormat.of().formatHex(name);
        Path temp = inbox.resolve(base + ".tmp");
        if (temp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(temp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } else {
            Files.createFile(temp);
        }
        try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE)) {
            out.write(ByteBuffer.wrap(Json.mapper().writeValueAsBytes(entry)));
            out.force(true);
        }
        Files.move(temp, inbox.resolve(base + ".json"), StandardCopyOption.ATOMIC_MOVE);
        try (FileChannel dir = FileChannel.open(inbox, StandardOpenOption.READ)) {
            dir.force(true);
        }
    }

    /**
     * Appends every waiting entry to {@code log}, oldest first, each with the time it was handed
     * over, and deletes it once appended. Returns how many were appended.
     */
    public static int drainInto(AuditLog log) {
        Path inbox = folderFor(log.file());
        if (!Files.isDirectory(inbox)) {
            return 0;
        }
        List<Path> waiting = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(inbox, "*.json")) {
            entries.forEach(waiting::add);
        } catch (IOException e) {
            LOG.warn("cannot read the audit inbox {}: {}", inbox, e.getMessage());
            return 0;
        }
        waiting.sort(null);
        int appended = 0;
        for (Path entry : waiting) {
            try {
                JsonNode json = Json.mapper().readTree(Files.readAllBytes(entry));
                AuditKind kind = kindOf(json.path("kind").asText(""));
                if (kind == null || !json.path("data").isObject()) {
                    LOG.warn("audit inbox entry {} is not a handed-over record; set aside", entry.getFileName());
                    Files.move(entry, entry.resolveSibling(entry.getFileName() + ".rejected"),
                            StandardCopyOption.REPLACE_EXISTING);
                    continue;
                }
                ObjectNode data = ((ObjectNode) json.get("data")).deepCopy();
                data.put("handed_over_at", json.path("at").asText(""));
                log.append(kind, null, Json.mapper().convertValue(data, Map.class));
                Files.delete(entry);
                appended++;
            } catch (IOException e) {
                LOG.warn("audit inbox entry {} could not be taken in: {}", entry.getFileName(), e.getMessage());
            }
        }
        return appended;
    }

    private static AuditKind kindOf(String wire) {
        for (AuditKind kind : HANDED_OVER) {
            if (kind.wire().equals(wire)) {
                return kind;
            }
        }
        return null;
    }
}
