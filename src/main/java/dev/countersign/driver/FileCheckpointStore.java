package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.graph.CheckpointCodec;
import dev.countersign.graph.GraphState;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Graph checkpoints on disk, one file per action, so that a pending approval survives an app
 * restart. Writes are crash-safe: temp file → fsync → atomic rename → fsync of the directory, so
 * a reader sees either the old checkpoint or the new one, never a mix. A truncated or altered file
 * fails loudly through {@link CheckpointCodec}.
 */
public final class FileCheckpointStore {
    private static final Pattern SAFE_ID = Pattern.compile("[A-Za-z0-9_-]{1,128}");
    private static final String SUFFIX = ".checkpoint.json";

    private final Path directory;

    public FileCheckpointStore(Path directory) {
        this.directory = directory;
    }

    /** Persists {@code state} under {@code id}, replacing any earlier checkpoint of that id atomically. */
    public void save(String id, GraphState state) {
        Path target = fileOf(id);
        byte[] bytes = CheckpointCodec.encode(state);
        try {
            Files.createDirectories(directory);
            Path temp = Files.createTempFile(directory, id + ".", ".tmp");
            try {
                try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                    ByteBuffer buffer = ByteBuffer.wrap(bytes);
                    while (buffer.hasRemaining()) {
                        channel.write(buffer);
                    }
                    channel.force(true);
                }
                move(temp, target);
            } finally {
                Files.deleteIfExists(temp);
            }
            syncDirectory();
        } catch (IOException e) {
            throw failure("could not write checkpoint " + id, e);
        }
    }

    /** The checkpoint saved under {@code id}, if there is one; a damaged one throws. */
    public Optional<GraphState> load(String id) {
        try {
            return Optional.of(CheckpointCodec.decode(Files.readAllBytes(fileOf(id))));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw failure("could not read checkpoint " + id, e);
        }
    }

    /** Removes a checkpoint (a decision consumed it); absent is fine. */
    public void delete(String id) {
        try {
            Files.deleteIfExists(fileOf(id));
            syncDirectory();
        } catch (IOException e) {
            throw failure("could not delete checkpoint " + id, e);
        }
    }

    /** The ids of every stored checkpoint, sorted. */
    public List<String> ids() {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        List<String> ids = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            files.map(p -> p.getFileName().toString())
                    .filter(name -> name.endsWith(SUFFIX))
                    .map(name -> name.substring(0, name.length() - SUFFIX.length()))
                    .sorted()
                    .forEach(ids::add);
        } catch (IOException e) {
            throw failure("could not list checkpoints", e);
        }
        return ids;
    }

    private Path fileOf(String id) {
        if (id == null || !SAFE_ID.matcher(id).matches()) {
            // Ids become file names: nothing that could climb out of the directory.
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "id",
                    "a checkpoint id is 1-128 letters, digits, '_' or '-'"));
        }
        return directory.resolve(id + SUFFIX);
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the checkpoint directory's file system cannot rename atomically", e);
        }
    }

    private void syncDirectory() throws IOException {
        // Makes the rename itself durable; Linux and macOS allow opening a directory for this.
        try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
            dir.force(true);
        }
    }

    private static CountersignException failure(String what, IOException e) {
        return new CountersignException(CountersignError.of(ErrorCode.INTERNAL, what + ": " + e.getMessage()), e);
    }
}
