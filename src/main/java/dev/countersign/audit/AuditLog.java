package dev.countersign.audit;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.Digests;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Timestamps;
import java.io.Closeable;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The append-only, hash-chained audit log (docs/audit.md): one JSON record per line, each carrying
 * the previous record's hash. Safe for many threads; one writer per file, across processes too.
 *
 * <p>{@link #append} returns only after a {@linkplain AuditKind#durable() durable} record is
 * fsynced, so whatever the agent is told is already on disk. On open it continues the chain from
 * the last complete record, refuses a log whose last record is broken, and truncates a torn final
 * line (a crash mid-write), recording that it did so as a {@code log_recovered} record.
 *
 * <p>Writes go through {@link RandomAccessFile}, not {@link FileChannel}: interrupting a thread
 * inside a channel operation closes the channel for every thread, and a cancelled tool call must
 * not take the audit log down with it. The channel is used only to take the file lock at open.
 */
public final class AuditLog implements Closeable {
    private static final Logger LOG = LoggerFactory.getLogger(AuditLog.class);
    private static final String HELD = " is already open for writing (one writer per file)";

    private final Path file;
    private final Clock clock;
    private final RandomAccessFile out;
    private final TornTail recovered;

    private final Object writeLock = new Object();
    private long lastSeq;
    private String lastHash;
    private long size;
    private volatile String brokenBecause;
    /** Set while {@link #resume} writes its record (under writeLock): a failure then is not news. */
    private boolean resuming;
    /** An fsync failed (guarded by writeLock): what was written since the last durable record proves nothing. */
    private boolean fsyncFailed;
    private boolean closed;

    // Group commit: a thread that needs its bytes durable fsyncs everything written so far, so
    // concurrent appenders share one fsync instead of queueing one each.
    private final Object syncLock = new Object();
    private volatile long written;
    private long durable;
    // The seq and hash of the last record written (guarded by writeLock): what the anchor names
    // once those bytes are durable.
    private long writtenSeq;
    private String writtenHash;
    // The seq and hash of the last durable record (guarded by syncLock): where the chain goes on
    // after a failed write, once the disk takes records again.
    private long durableSeq;
    private String durableHash;
    private final List<Consumer<Boolean>> healthListeners = new CopyOnWriteArrayList<>();

    private AuditLog(Path file, Clock clock, RandomAccessFile out, long lastSeq, String lastHash, long size,
            TornTail recovered) {
        this.file = file;
        this.clock = clock;
        this.out = out;
        this.lastSeq = lastSeq;
        this.lastHash = lastHash;
        this.size = size;
        this.written = size;
        this.durable = size;
        this.writtenSeq = lastSeq;
        this.writtenHash = lastHash;
        this.durableSeq = lastSeq;
        this.durableHash = lastHash;
        this.recovered = recovered;
    }

    /**
     * Opens (creating, with owner-only permissions where the file system has them) the log at
     * {@code file} for appending. Throws {@link CountersignException} INTERNAL when another writer
     * holds it, its last complete record is broken, or it cannot be read or written.
     */
    public static AuditLog open(Path file, Clock clock) {
        Objects.requireNonNull(clock, "clock");
        Path path = file.toAbsolutePath();
        try {
            boolean created = createIfAbsent(path);
            RandomAccessFile out = new RandomAccessFile(path.toFile(), "rw");
            boolean opened = false;
            try {
                lock(out, path);
                AuditLog log = continueChain(path, clock, out, readAnchor(path));
                if (created) {
                    syncDirectory(path.getParent());
                }
                opened = true;
                return log;
            } finally {
                if (!opened) {
                    closeAfterFailure(out);
                }
            }
        } catch (IOException e) {
            throw failure("could not open the audit log " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * Appends one record: {@code data} is {@linkplain Redactor redacted}, then chained and written;
     * returns the record as written, after it is fsynced if its kind is durable. {@code agentId} is
     * null for acts of the person or the app. Throws {@link CountersignException} INTERNAL if the
     * record could not be written: {@code AUDIT_UNWRITABLE} when the file refused it (a full disk).
     * After such a failure every append first tries to {@linkplain #resume resume} the log.
     */
    public AuditRecord append(AuditKind kind, String agentId, Map<String, ?> data) {
        Objects.requireNonNull(kind, "kind");
        ObjectNode safe = Redactor.redact(data);
        String agent = agentId == null ? null : Redactor.redactText(agentId);
        if (brokenBecause != null) {
            resume();
        }
        AuditRecord record;
        long end;
        synchronized (writeLock) {
            ensureWritable();
            String at = Timestamps.formatFixedMillis(clock.instant());
            long seq = lastSeq + 1;
            String hash = RecordCodec.hashOf(AuditRecord.body(seq, at, kind.wire(), agent, safe, lastHash));
            record = new AuditRecord(seq, at, kind.wire(), agent, safe, lastHash, hash);
            byte[] line = RecordCodec.line(record);
            if (line.length > RecordCodec.MAX_RECORD_BYTES) {
                // A huge label or window title must not leave an act without its record: long
                // texts are logged as their digest and length, which is what the log is for.
                ObjectNode digested = Digested.of(safe);
                hash = RecordCodec.hashOf(AuditRecord.body(seq, at, kind.wire(), agent, digested, lastHash));
                record = new AuditRecord(seq, at, kind.wire(), agent, digested, lastHash, hash);
                line = RecordCodec.line(record);
            }
            if (line.length > RecordCodec.MAX_RECORD_BYTES) {
                throw new IllegalArgumentException("an audit record is at most " + RecordCodec.MAX_RECORD_BYTES
                        + " bytes; this " + kind.wire() + " record is " + line.length + " (log digests, not content)");
            }
            write(line);
            endsAt(size + line.length, seq, hash);
            end = size;
        }
        if (kind.durable()) {
            syncTo(end);
        }
        return record;
    }

    /**
     * Why the log takes no records now (a write or fsync failed: the disk is full), or empty when
     * it does. While it is set, each {@link #append} first tries to {@linkplain #resume resume}.
     */
    public Optional<String> unwritable() {
        return Optional.ofNullable(brokenBecause);
    }

    /** Hears every change of {@link #unwritable()}: {@code false} when a write failed, {@code true} once resumed. */
    public void onHealth(Consumer<Boolean> listener) {
        healthListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Takes records again after a failed write, if the file lets it: fsyncs the records written
     * before the failed one (after a failed fsync, instead cuts the file back to the last fsynced
     * record: the kernel may have dropped those pages, so they prove nothing, and each of them was
     * chatter or answered with an error), and chains a {@code log_resumed} record naming the
     * failure and the bytes dropped. Throws {@code AUDIT_UNWRITABLE} when
     * the file still refuses; a no-op when the log is writable.
     */
    public void resume() {
        long droppedBytes;
        long afterSeq;
        String because;
        synchronized (syncLock) {
            synchronized (writeLock) {
                if (closed) {
                    throw failure(ErrorCode.INTERNAL, "the audit log " + file + " is closed", null);
                }
                because = brokenBecause;
                if (because == null) {
                    return;
                }
                long keep = fsyncFailed ? durable : size;
                droppedBytes = size - keep;
                try {
                    out.setLength(keep);
                    out.getFD().sync();
                } catch (IOException e) {
                    throw unwritable("the audit log " + file + " still cannot be written (" + e.getMessage() + ")", e);
                }
                if (fsyncFailed) {
                    endsAt(keep, durableSeq, durableHash);
                } else {
                    endsAt(keep, lastSeq, lastHash);
                }
                afterSeq = lastSeq;
                durable = keep;
                durableSeq = lastSeq;
                durableHash = lastHash;
                fsyncFailed = false;
                brokenBecause = null;
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("after_seq", afterSeq);
                data.put("dropped_bytes", droppedBytes);
                data.put("failed_because", because);
                // Still under both locks (monitors are reentrant): nothing else is chained before it.
                resuming = true;
                try {
                    append(AuditKind.LOG_RESUMED, null, data);
                } finally {
                    resuming = false;
                }
            }
        }
        LOG.warn("audit log {}: takes records again after a failed write ({}); chained on after seq {}, dropped {} "
                + "unsynced bytes", file, because, afterSeq, droppedBytes);
        healthListeners.forEach(l -> l.accept(true));
    }

    /** Makes every record appended so far durable (chatter kinds are otherwise synced with the next durable one). */
    public void sync() {
        syncTo(written);
    }

    /** The truncated torn tail that open recovered from, if it found one. */
    public Optional<TornTail> recovered() {
        return Optional.ofNullable(recovered);
    }

    /** The clock records are stamped with. */
    public Clock clock() {
        return clock;
    }

    public Path file() {
        return file;
    }

    /** The seq of the last record in the log, 0 when it is empty. */
    public long lastSeq() {
        synchronized (writeLock) {
            return lastSeq;
        }
    }

    /** The hash of the last record, {@link AuditRecord#GENESIS} when the log is empty. */
    public String lastHash() {
        synchronized (writeLock) {
            return lastHash;
        }
    }

    /** Whether {@link #open} failed only because another writer (the running app) holds the log. */
    public static boolean heldByAnotherWriter(CountersignException e) {
        return e.error().message() != null && e.error().message().endsWith(HELD);
    }

    /** Syncs what was written and releases the file (and its lock). */
    @Override
    public void close() {
        synchronized (writeLock) {
            if (closed) {
                return;
            }
            closed = true;
        }
        try {
            if (brokenBecause == null) {
                syncTo(written);
            }
        } finally {
            try {
                out.close();
            } catch (IOException e) {
                LOG.warn("closing the audit log {} failed: {}", file, e.getMessage());
            }
        }
    }

    private void ensureWritable() {
        if (closed) {
            throw failure("the audit log " + file + " is closed", null);
        }
        if (brokenBecause != null) {
            throw unwritable("the audit log " + file + " accepts no records after a failed write ("
                    + brokenBecause + ")", null);
        }
    }

    /** The file now ends at {@code end} with the record {@code seq}, {@code hash} (under writeLock). */
    private void endsAt(long end, long seq, String hash) {
        size = end;
        written = end;
        lastSeq = seq;
        lastHash = hash;
        writtenSeq = seq;
        writtenHash = hash;
    }

    /** Marks the log unwritable (called under writeLock or syncLock) and tells who listens. */
    private void broke(String because) {
        boolean first = brokenBecause == null && !resuming;
        brokenBecause = because;
        if (first) {
            LOG.error("audit log {}: a write failed ({}); every act is refused until it takes records again",
                    file, because);
            healthListeners.forEach(l -> l.accept(false));
        }
    }

    private void write(byte[] line) {
        try {
            out.seek(size);
            out.write(line);
        } catch (IOException e) {
            broke(String.valueOf(e.getMessage()));
            try {
                // Best effort: leave no partial line behind. If this fails too, reopening does it.
                out.setLength(size);
            } catch (IOException truncation) {
                e.addSuppressed(truncation);
            }
            throw unwritable("could not write to the audit log " + file + ": " + e.getMessage(), e);
        }
    }

    private void syncTo(long end) {
        synchronized (syncLock) {
            if (brokenBecause != null) {
                // After a failed fsync the kernel may have dropped the dirty pages; a later fsync
                // that succeeds proves nothing about them (the 2018 "fsyncgate"), so stay failed.
                throw unwritable("the audit log " + file + " could not be made durable (" + brokenBecause + ")", null);
            }
            if (durable >= end) {
                return;
            }
            long target;
            AuditAnchor anchor;
            synchronized (writeLock) {
                target = written;
                anchor = new AuditAnchor(writtenSeq, writtenHash);
            }
            try {
                out.getFD().sync();
            } catch (IOException e) {
                synchronized (writeLock) {
                    fsyncFailed = true;
                    broke("fsync failed: " + e.getMessage());
                }
                throw unwritable("could not fsync the audit log " + file + ": " + e.getMessage(), e);
            }
            durable = target;
            durableSeq = anchor.seq();
            durableHash = anchor.hash();
            writeAnchor(anchor);
        }
    }

    private void writeAnchor(AuditAnchor anchor) {
        try {
            // After the log's fsync, so the anchor never names a record the disk may not hold.
            anchor.write(file);
        } catch (IOException e) {
            // The record itself is durable; an anchor left behind can only miss a later cut, never
            // report one that did not happen, so this is loud but does not stop the log.
            LOG.error("could not update the audit anchor for {}: {}", file, e.toString());
        }
    }

    /** The anchor as the last writer left it: an {@link AuditAnchor}, null when none, or why it is unreadable. */
    private static Object readAnchor(Path path) {
        try {
            return AuditAnchor.read(path).orElse(null);
        } catch (IOException e) {
            return e.getMessage();
        }
    }

    private static boolean createIfAbsent(Path path) throws IOException {
        Files.createDirectories(path.getParent());
        if (Files.exists(path)) {
            return false;
        }
        try {
            if (path.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                // The log names agents and what they did: it is the person's alone, owner-only like the
                // token files.
                Files.createFile(path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } else {
                Files.createFile(path);
            }
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        }
    }

    private static void lock(RandomAccessFile out, Path path) throws IOException {
        FileLock lock;
        try {
            lock = out.getChannel().tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            throw failure("the audit log " + path + HELD, null);
        }
    }

    private static AuditLog continueChain(Path path, Clock clock, RandomAccessFile out, Object anchor)
            throws IOException {
        LogTail.Tail tail;
        long lastSeq = 0;
        String lastHash = AuditRecord.GENESIS;
        try {
            tail = LogTail.read(out);
            if (tail.lastLine() != null) {
                RecordCodec.Parsed last = RecordCodec.parse(tail.lastLine());
                if (!last.hashMatches()) {
                    throw new RecordCodec.MalformedRecord("its hash does not match its content");
                }
                lastSeq = last.record().seq();
                lastHash = last.record().hash();
            }
        } catch (RecordCodec.MalformedRecord e) {
            throw failure("refusing to append to the audit log " + path + ": its last complete record is broken ("
                    + Redactor.redactText(e.getMessage()) + "); run `countersign audit verify` and move the file aside",
                    null);
        }
        TornTail torn = null;
        if (tail.isTorn()) {
            torn = new TornTail(lastSeq + 1, tail.torn().length);
            out.setLength(tail.completeEnd());
            LOG.warn("audit log {}: truncated a torn final line after seq {} ({} bytes); a write was cut short",
                    path, lastSeq, tail.torn().length);
        }
        // Whatever an earlier process wrote may still be only in the page cache: make it durable
        // before chaining to it.
        out.getFD().sync();
        AuditLog log = new AuditLog(path, clock, out, lastSeq, lastHash, tail.completeEnd(), torn);
        // Before anything is appended (which moves the anchor): a log that ends before its anchor
        // lost records off its end, and continuing the chain silently would hide that for good.
        Map<String, Object> cut = cutTail(anchor, lastSeq, lastHash);
        if (cut != null) {
            LOG.warn("audit log {}: it ends at seq {} but its anchor says {}; recording the cut", path, lastSeq, cut);
            log.append(AuditKind.LOG_CUT, null, cut);
        }
        if (torn != null) {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("torn_line", torn.line());
            data.put("torn_bytes", torn.bytes());
            data.put("torn_sha256", Digests.sha256Hex(tail.torn()));
            log.append(AuditKind.LOG_RECOVERED, null, data);
        }
        return log;
    }

    /** What the anchor says was lost, or null when the log reaches it. */
    private static Map<String, Object> cutTail(Object anchor, long lastSeq, String lastHash) {
        Map<String, Object> data = new LinkedHashMap<>();
        if (anchor instanceof String) {
            data.put("found_last_seq", lastSeq);
            data.put("anchor", "unreadable: " + anchor);
            return data;
        }
        if (!(anchor instanceof AuditAnchor a)) {
            return null;
        }
        if (a.seq() < lastSeq || (a.seq() == lastSeq && a.hash().equals(lastHash))) {
            // Behind the log is normal after a crash between the log's fsync and the anchor's.
            return null;
        }
        data.put("found_last_seq", lastSeq);
        data.put("anchor_seq", a.seq());
        data.put("anchor_hash", a.hash());
        return data;
    }

    private static void syncDirectory(Path directory) throws IOException {
        // Makes the new file's directory entry durable; Linux and macOS allow opening a directory for this.
        try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
            dir.force(true);
        }
    }

    private static void closeAfterFailure(RandomAccessFile out) {
        try {
            out.close();
        } catch (IOException e) {
            LOG.debug("closing the audit log after a failed open also failed: {}", e.getMessage());
        }
    }

    private static CountersignException failure(String message, Throwable cause) {
        return failure(ErrorCode.INTERNAL, message, cause);
    }

    /** The file refused a record: the code every caller passes on, so no act runs without its record. */
    private static CountersignException unwritable(String message, Throwable cause) {
        return failure(ErrorCode.AUDIT_UNWRITABLE, message, cause);
    }

    private static CountersignException failure(ErrorCode code, String message, Throwable cause) {
        CountersignError error = CountersignError.of(code, message);
        return cause == null ? new CountersignException(error) : new CountersignException(error, cause);
    }
}
