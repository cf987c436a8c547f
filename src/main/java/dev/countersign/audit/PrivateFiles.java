package dev.countersign.audit;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Files only the person can read, written whole: temp (0600) → fsync → atomic rename, so a reader
 * sees the old file or the new one, never half of one. Written through {@link RandomAccessFile},
 * like the log, so an interrupted caller does not fail it.
 */
final class PrivateFiles {
    private PrivateFiles() {
    }

    /** Replaces {@code target} with {@code bytes}, 0600, atomically where the file system can. */
    static void replace(Path target, byte[] bytes) throws IOException {
        Path temp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.deleteIfExists(temp);
        if (posix(temp)) {
            Files.createFile(temp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } else {
            Files.createFile(temp);
        }
        try (RandomAccessFile out = new RandomAccessFile(temp.toFile(), "rw")) {
            out.write(bytes);
            out.getFD().sync();
        }
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Creates {@code dir} (0700) and its missing parents. */
    static void directory(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            return;
        }
        if (posix(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } else {
            Files.createDirectories(dir);
        }
    }

    private static boolean posix(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }
}
