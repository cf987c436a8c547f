package dev.countersign.script;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Script checkpoints on disk, one file per script, each MACed with HMAC-SHA256 under a key that
 * lives only in this directory (a 0600 file created on first use). A file that fails its MAC —
 * tampered, truncated, or written under another key — is refused before any byte of it is
 * deserialized. Writes are temp → fsync → atomic rename → fsync of the directory. What the
 * directory holds is bounded per agent and in all, in scripts and in bytes ({@link CheckpointQuota}):
 * a new script is {@linkplain #admit admitted} first, and checkpoints nobody touched for an hour are
 * deleted then.
 */
public final class ScriptCheckpointStore {
    private static final Pattern SAFE_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    private static final byte[] MAGIC = "CSCKPT1\n".getBytes(StandardCharsets.US_ASCII);
    private static final String SUFFIX = ".script";
    private static final int MAC_BYTES = 32;

    private final Path directory;
    private final SecretKeySpec key;
    private final CheckpointQuota quota;

    /** Opens (creating if needed, 0700) the checkpoint directory and its MAC key (0600), with the default bounds. */
    public ScriptCheckpointStore(Path directory) {
        this(directory, CheckpointQuota.Bounds.defaults(), Clock.systemUTC());
    }

    ScriptCheckpointStore(Path directory, CheckpointQuota.Bounds bounds, Clock clock) {
        this.directory = directory;
        this.key = new SecretKeySpec(loadOrCreateKey(directory), "HmacSHA256");
        this.quota = new CheckpointQuota(bounds, clock);
        count(clock);
    }

    /**
     * Admits a new script of {@code agentId} under the bounds, or throws {@code BUDGET_EXHAUSTED}.
     * First deletes the checkpoints abandoned for longer than the bounds allow, except those
     * {@code busy} names; returns their ids.
     */
    List<String> admit(String agentId, String scriptId, Predicate<String> busy) {
        List<String> dropped = quota.abandoned(busy);
        for (String id : dropped) {
            delete(id);
        }
        quota.admit(agentId, scriptId);
        return dropped;
    }

    void save(ScriptCheckpoint checkpoint) {
        byte[] payload;
        try {
            payload = Json.mapper().writeValueAsBytes(checkpoint);
        } catch (JsonProcessingException e) {
            throw fault("could not encode checkpoint " + checkpoint.scriptId(), e);
        }
        long size = (long) MAGIC.length + MAC_BYTES + payload.length;
        quota.saving(checkpoint.scriptId(), checkpoint.agentId(), size);
        ByteBuffer file = ByteBuffer.allocate(MAGIC.length + MAC_BYTES + payload.length);
        file.put(MAGIC).put(mac(payload)).put(payload).flip();
        Path target = fileOf(checkpoint.scriptId());
        try {
            Path temp = Files.createTempFile(directory, checkpoint.scriptId() + ".", ".tmp");
            try {
                try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                    while (file.hasRemaining()) {
                        channel.write(file);
                    }
                    channel.force(true);
                }
                try {
                    Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(temp);
            }
            syncDirectory();
        } catch (IOException e) {
            throw fault("could not write checkpoint " + checkpoint.scriptId(), e);
        }
    }

    /**
     * The checkpoint of {@code scriptId} if it exists and belongs to {@code agentId}; another
     * agent's script is indistinguishable from one that does not exist. A file that fails its MAC
     * throws, naming the script, and is never deserialized.
     */
    Optional<ScriptCheckpoint> load(String agentId, String scriptId) {
        if (scriptId == null || !SAFE_ID.matcher(scriptId).matches()) {
            return Optional.empty();
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(fileOf(scriptId));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw fault("could not read checkpoint " + scriptId, e);
        }
        if (bytes.length < MAGIC.length + MAC_BYTES
                || !Arrays.equals(Arrays.copyOf(bytes, MAGIC.length), MAGIC)) {
            throw refused(scriptId, "it is not a script checkpoint of this version");
        }
        byte[] stored = Arrays.copyOfRange(bytes, MAGIC.length, MAGIC.length + MAC_BYTES);
        byte[] payload = Arrays.copyOfRange(bytes, MAGIC.length + MAC_BYTES, bytes.length);
        if (!MessageDigest.isEqual(stored, mac(payload))) {
            throw refused(scriptId, "its MAC does not match (altered, truncated, or written by another installation)");
        }
        ScriptCheckpoint checkpoint;
        try {
            checkpoint = Json.mapper().readValue(payload, ScriptCheckpoint.class);
        } catch (IOException e) {
            throw refused(scriptId, "it could not be decoded");
        }
        if (!checkpoint.scriptId().equals(scriptId)) {
            throw refused(scriptId, "it was saved under another script id");
        }
        if (!checkpoint.agentId().equals(agentId)) {
            return Optional.empty();
        }
        quota.touched(scriptId);
        return Optional.of(checkpoint);
    }

    /** The ids of the scripts of {@code agentId} that have a checkpoint; unreadable files are skipped. */
    List<String> scriptsOf(String agentId) {
        List<String> ids = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*" + SUFFIX)) {
            for (Path file : files) {
                String id = idOf(file);
                try {
                    if (load(agentId, id).isPresent()) {
                        ids.add(id);
                    }
                } catch (CountersignException e) {
                    // A refused checkpoint is nobody's to resume; leave it for the person to inspect.
                }
            }
        } catch (IOException e) {
            throw fault("could not list the checkpoints in " + directory, e);
        }
        return ids;
    }

    /** Deletes the checkpoint of {@code scriptId}, or gives back its place if it was admitted and never saved. */
    void delete(String scriptId) {
        try {
            Files.deleteIfExists(fileOf(scriptId));
            syncDirectory();
        } catch (IOException e) {
            throw fault("could not delete checkpoint " + scriptId, e);
        }
        quota.removed(scriptId);
    }

    /**
     * Counts what the directory holds when the store opens: each checkpoint's size, age and agent
     * (read from its JSON without checking the MAC: a wrong claim only charges another agent's
     * share). Leftovers of a write cut short are deleted once they are as old as an abandoned script.
     */
    private void count(Clock clock) {
        Instant cutoff = clock.instant().minus(quota.bounds().abandonedAfter());
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                try {
                    BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
                    Instant modified = attributes.lastModifiedTime().toInstant();
                    if (name.endsWith(SUFFIX) && SAFE_ID.matcher(idOf(file)).matches()) {
                        quota.found(idOf(file), agentOf(file), attributes.size(), modified);
                    } else if (name.endsWith(".tmp") && modified.isBefore(cutoff)) {
                        Files.deleteIfExists(file);
                    }
                } catch (IOException e) {
                    // Gone meanwhile, or not ours to delete: nothing to count.
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not list the checkpoints in " + directory, e);
        }
    }

    private static String idOf(Path file) {
        String name = file.getFileName().toString();
        return name.substring(0, name.length() - SUFFIX.length());
    }

    /** The {@code agent_id} of a checkpoint file, or "" when it cannot be read. */
    private static String agentOf(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            in.skipNBytes(MAGIC.length + MAC_BYTES);
            try (JsonParser json = Json.mapper().getFactory().createParser(in)) {
                if (json.nextToken() != JsonToken.START_OBJECT) {
                    return "";
                }
                while (json.nextToken() == JsonToken.FIELD_NAME) {
                    String field = json.currentName();
                    json.nextToken();
                    if ("agent_id".equals(field)) {
                        return json.getValueAsString("");
                    }
                    json.skipChildren();
                }
            }
        } catch (IOException e) {
            // An unreadable file still counts toward the store's bounds, under no agent.
        }
        return "";
    }

    Path fileOf(String scriptId) {
        if (!SAFE_ID.matcher(scriptId).matches()) {
            throw new IllegalArgumentException("script ids are 1-64 letters, digits, '-' or '_'");
        }
        return directory.resolve(scriptId + SUFFIX);
    }

    private byte[] mac(byte[] payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac.doFinal(payload);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java 17 runtime", e);
        }
    }

    private static byte[] loadOrCreateKey(Path directory) {
        Path file = directory.resolve("checkpoint-mac.key");
        try {
            if (!Files.isDirectory(directory)) {
                Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwx------")));
            }
            if (!Files.exists(file)) {
                byte[] fresh = new byte[32];
                new SecureRandom().nextBytes(fresh);
                Path temp = Files.createTempFile(directory, "key.", ".tmp",
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                try {
                    Files.write(temp, fresh);
                    // createLink fails if another process made the key first: then both use that one.
                    Files.createLink(file, temp);
                } catch (FileAlreadyExistsException e) {
                    // Lost the race; read the winner's key below.
                } finally {
                    Files.deleteIfExists(temp);
                }
            }
            byte[] existing = Files.readAllBytes(file);
            if (existing.length != 32) {
                throw new IllegalStateException("the checkpoint key " + file + " is damaged; remove it to start over "
                        + "(existing checkpoints then become unreadable)");
            }
            return existing;
        } catch (IOException e) {
            throw new UncheckedIOException("could not open the checkpoint key in " + directory, e);
        }
    }

    private void syncDirectory() {
        try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException e) {
            // Some file systems cannot fsync a directory; the rename itself is still atomic.
        }
    }

    private static CountersignException refused(String scriptId, String why) {
        return new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "script_id",
                "the checkpoint of script " + scriptId + " was refused: " + why));
    }

    private static CountersignException fault(String message, IOException cause) {
        return new CountersignException(CountersignError.of(ErrorCode.INTERNAL, message), cause);
    }
}
