package dev.countersign.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;

/**
 * Owner-only files and folders for secrets (token hashes, token files): 0600 files in 0700
 * folders, as ssh does, and a check that refuses a token file others could read.
 */
public final class Secrets {
    public static final Set<PosixFilePermission> OWNER_READ_WRITE = PosixFilePermissions.fromString("rw-------");
    public static final Set<PosixFilePermission> OWNER_ONLY_DIR = PosixFilePermissions.fromString("rwx------");

    private Secrets() {
    }

    /** Sets 0600 where the file system has POSIX permissions (a no-op elsewhere). */
    public static void ownerOnly(Path file) throws IOException {
        if (posix(file)) {
            Files.setPosixFilePermissions(file, OWNER_READ_WRITE);
        }
    }

    /** Creates the folder if needed and sets it to 0700 where the file system has POSIX permissions. */
    public static void ownerOnlyDirectory(Path dir) throws IOException {
        Files.createDirectories(dir);
        if (posix(dir)) {
            Files.setPosixFilePermissions(dir, OWNER_ONLY_DIR);
        }
    }

    /** Writes a secret to a new 0600 file (replacing an old one), never readable by others in between. */
    public static void writeOwnerOnly(Path file, String secret) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.deleteIfExists(temp);
        if (posix(file.toAbsolutePath().getParent())) {
            Files.createFile(temp, PosixFilePermissions.asFileAttribute(OWNER_READ_WRITE));
        } else {
            Files.createFile(temp);
        }
        Files.writeString(temp, secret + "\n");
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Why this secret file must not be used, if anything: permissions that let anyone but the
     * owner read or write it. Empty when it is 0600 or 0400 (or the file system has no POSIX modes).
     */
    public static Optional<String> problemWith(Path file) throws IOException {
        if (!posix(file)) {
            return Optional.empty();
        }
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
        for (PosixFilePermission p : perms) {
            if (p != PosixFilePermission.OWNER_READ && p != PosixFilePermission.OWNER_WRITE) {
                return Optional.of(file + " has permissions " + PosixFilePermissions.toString(perms)
                        + "; a token file must be readable by its owner only (chmod 600 " + file + ")");
            }
        }
        return Optional.empty();
    }

    private static boolean posix(Path path) {
        Path existing = path.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        return existing != null && Files.getFileAttributeView(existing, PosixFileAttributeView.class) != null;
    }
}
