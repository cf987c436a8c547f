package dev.countersign.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.Digests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The pictures audit records hash: PNG files named by their SHA-256 in {@code <log dir>/pictures}
 * (0700 folder, 0600 files). A record names its pictures under {@code data.pictures}, one hash per
 * role ({@code before}, {@code after}, {@code question}), so the chain covers each picture's bytes
 * and a swapped file shows; the files themselves stay out of the log, which holds words and digests.
 */
public final class AuditPictures {
    /** The key under {@code data} that holds a record's picture hashes. */
    public static final String KEY = "pictures";
    private static final Pattern HEX64 = AuditRecord.HEX64;

    private final Path dir;

    private AuditPictures(Path dir) {
        this.dir = dir;
    }

    /** The pictures of the log at {@code log}, kept beside it. */
    public static AuditPictures forLog(Path log) {
        return new AuditPictures(log.toAbsolutePath().resolveSibling("pictures"));
    }

    public Path dir() {
        return dir;
    }

    /** Where the picture with this hash is kept. */
    public Path file(String sha256) {
        if (sha256 == null || !HEX64.matcher(sha256).matches()) {
            throw new IllegalArgumentException("a picture is named by 64 lowercase hex digits");
        }
        return dir.resolve(sha256 + ".png");
    }

    /** Keeps {@code png} (0600, temp, fsync, rename) and returns its SHA-256, which names it. */
    public String put(byte[] png) throws IOException {
        String sha = Digests.sha256Hex(png);
        Path target = file(sha);
        if (Files.exists(target)) {
            return sha;
        }
        PrivateFiles.directory(dir);
        PrivateFiles.replace(target, png);
        return sha;
    }

    /** The picture's bytes; empty when it is not kept (never taken, or removed by age or size). */
    public Optional<byte[]> read(String sha256) throws IOException {
        try {
            return Optional.of(Files.readAllBytes(file(sha256)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /**
     * Keeps the pictures within the person's limits: removes those older than {@code maxAge}, then
     * the oldest until all together take at most {@code capBytes}. A record naming a removed
     * picture stays intact; the timeline and {@code audit verify} show the picture as no longer kept.
     */
    public void prune(long capBytes, Duration maxAge, Instant now) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> files = new ArrayList<>();
        try (Stream<Path> listed = Files.list(dir)) {
            listed.filter(p -> p.getFileName().toString().endsWith(".png")).forEach(files::add);
        }
        Map<Path, FileTime> times = new HashMap<>();
        for (Path f : files) {
            times.put(f, Files.getLastModifiedTime(f));
        }
        files.sort(Comparator.comparing(times::get));
        long total = 0;
        for (Path f : files) {
            total += Files.size(f);
        }
        Instant oldest = now.minus(maxAge);
        for (Path f : files) {
            boolean old = times.get(f).toInstant().isBefore(oldest);
            if (old || total > capBytes) {
                long size = Files.size(f);
                Files.deleteIfExists(f);
                total -= size;
            }
        }
    }

    /** The picture hashes {@code data} names, by role, in the record's order. */
    public static List<Map.Entry<String, String>> referenced(JsonNode data) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        JsonNode pictures = data == null ? null : data.get(KEY);
        if (pictures != null && pictures.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = pictures.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getValue().isTextual() && HEX64.matcher(e.getValue().asText()).matches()) {
                    out.add(Map.entry(e.getKey(), e.getValue().asText()));
                }
            }
        }
        return out;
    }
}
