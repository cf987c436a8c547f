package dev.countersign.remote;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The remotes the person registered ({@code countersign remote add}): other machines'
 * Countersigns this one governs. {@code remotes.json} in the home folder holds each name and
 * runtime URL, a {@code unix:} URL of the socket ssh forwards to the remote's runtime (by default
 * {@code remotes/NAME.sock}); each governor token is kept apart in {@code remotes/NAME.token},
 * readable by the owner only (0600) and never printed, in a folder only the owner may enter (0700).
 * Files are written whole through a temporary file and a rename.
 */
public final class RemoteConfig {
    /** A remote's name is its tool's name: lowercase, digits and {@code _}, starting with a letter. */
    public static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,47}");

    /** One registered remote. */
    public record Entry(@JsonProperty("name") String name, @JsonProperty("url") String url) {
        public Entry {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(url, "url");
        }
    }

    record File(@JsonProperty("remotes") List<Entry> remotes) {
    }

    private final Path root;

    /** @param root the home folder */
    public RemoteConfig(Path root) {
        this.root = root;
    }

    Path file() {
        return root.resolve("remotes.json");
    }

    /** Where the remote's governor token is kept (0600). */
    public Path tokenFile(String name) {
        return root.resolve("remotes").resolve(name + ".token");
    }

    /**
     * The longest socket path the kernel takes, in bytes: {@code sun_path} holds 104 bytes on macOS
     * and 108 on Linux, each with its terminating NUL.
     */
    static final int MAX_SOCKET_PATH = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("mac")
            ? 103 : 107;

    /**
     * The URL of the socket at {@code socket} as {@link #put} takes it: {@code unix:} and the
     * absolute path, escaped where a URI must be (a macOS home has a space in it).
     */
    public static String urlOf(Path socket) {
        try {
            return new URI("unix", null, socket.toAbsolutePath().normalize().toString(), null).toString();
        } catch (URISyntaxException e) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "socket",
                    "not a socket path: " + socket));
        }
    }

    /** Where the remote's socket is by default: the local end of {@code ssh -L}, in the 0700 {@code remotes} folder. */
    public Path socketFile(String name) {
        return root.resolve("remotes").resolve(name + ".sock");
    }

    /** The registered remotes; none when there is no file. */
    public List<Entry> load() throws IOException {
        try {
            File f = Json.mapper().readValue(Files.readAllBytes(file()), File.class);
            return f.remotes() == null ? List.of() : List.copyOf(f.remotes());
        } catch (NoSuchFileException e) {
            return List.of();
        }
    }

    /** The token kept for {@code name}. */
    public String token(String name) throws IOException {
        return Files.readString(tokenFile(name)).strip();
    }

    /**
     * Adds or replaces the remote {@code name} at {@code url} ({@code unix:} and the absolute path of
     * the socket ssh forwards; never a TCP port, which another local user could hold while the
     * tunnel is down) with {@code token}. Bad input changes nothing.
     */
    public void put(String name, String url, String token) throws IOException {
        if (name == null || !NAME.matcher(name).matches() || name.startsWith("computer_")) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "name",
                    "a remote's name is its tool's name: lowercase letters, digits and _, starting with a letter, "
                            + "not computer_… (e.g. desk2)"));
        }
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            uri = null;
        }
        if (uri == null || !"unix".equals(uri.getScheme()) || uri.getPath() == null || !uri.getPath().startsWith("/")) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "url",
                    "the remote's runtime is reached through a Unix-domain socket of yours that ssh forwards "
                            + "(ssh -N -L /path/NAME.sock:REMOTE_HOME/runtime.sock), e.g. unix:" + socketFile(name)
                            + "; a TCP port could be held by another local user while the tunnel is down"));
        }
        int length = uri.getPath().getBytes(StandardCharsets.UTF_8).length;
        if (length > MAX_SOCKET_PATH) {
            // Checked here: ssh would fail to bind it, and the link to connect, with a vaguer word.
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "url",
                    "the socket path " + uri.getPath() + " is " + length + " bytes; a Unix-domain socket's path holds "
                            + "at most " + MAX_SOCKET_PATH + " here: name a shorter one with --socket, in a folder "
                            + "only you may enter (chmod 700)"));
        }
        if (token == null || token.isBlank() || token.strip().contains("\n")) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "token",
                    "the token file holds the one governor token the remote's 'countersign governor add' printed"));
        }
        Path tokenFile = tokenFile(name);
        Files.createDirectories(tokenFile.getParent());
        // The socket ssh creates here must be one no one else could have put there.
        Files.setPosixFilePermissions(tokenFile.getParent(), PosixFilePermissions.fromString("rwx------"));
        Path tmpToken = tokenFile.resolveSibling(name + ".token.tmp");
        Files.deleteIfExists(tmpToken);
        Files.createFile(tmpToken, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tmpToken, token.strip() + "\n");
        Files.move(tmpToken, tokenFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        List<Entry> entries = new ArrayList<>(load());
        entries.removeIf(e -> e.name().equals(name));
        entries.add(new Entry(name, url));
        write(entries);
    }

    /** Removes the remote and its token; false when there was none. */
    public boolean remove(String name) throws IOException {
        List<Entry> entries = new ArrayList<>(load());
        boolean removed = entries.removeIf(e -> e.name().equals(name));
        if (removed) {
            write(entries);
        }
        if (name != null && NAME.matcher(name).matches()) {
            removed |= Files.deleteIfExists(tokenFile(name));
        }
        return removed;
    }

    private void write(List<Entry> entries) throws IOException {
        Files.createDirectories(root);
        Path tmp = file().resolveSibling("remotes.json.tmp");
        Files.write(tmp, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(new File(entries)));
        Files.move(tmp, file(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
