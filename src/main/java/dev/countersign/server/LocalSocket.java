package dev.countersign.server;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Optional;
import org.eclipse.jetty.server.HttpConfiguration;

/**
 * The endpoint's Unix-domain socket, {@code <home>/countersign.sock}, for the stdio bridge. Unlike
 * a TCP port on 127.0.0.1, which any local user can bind while Countersign is not running and so
 * collect the tokens bridges send, the socket lives in the 0700 home folder: only its owner can
 * create or reach it, and the bridge dials nothing else (security.md, learned the hard way 24).
 * A browser cannot open a Unix-domain socket, so requests on it skip the DNS-rebinding Host check.
 */
public final class LocalSocket {
    static final String ATTRIBUTE = "dev.countersign.server.localSocket";
    /** The socket's name in the home folder. */
    public static final String NAME = "countersign.sock";

    private LocalSocket() {
    }

    /** Marks each request that came in over the socket. */
    static HttpConfiguration.Customizer marker() {
        return (request, responseHeaders) -> {
            request.setAttribute(ATTRIBUTE, Boolean.TRUE);
            return request;
        };
    }

    /** Removes a stale socket a previous run left behind (only a socket, never another file). */
    static void prepare(Path socket) {
        try {
            if (Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) {
                PosixFileAttributes attributes = Files.readAttributes(socket, PosixFileAttributes.class,
                        LinkOption.NOFOLLOW_LINKS);
                if (!attributes.isOther()) {
                    throw new CountersignException(CountersignError.of(ErrorCode.INVALID_ARGUMENT,
                            socket + " exists and is not a socket; refusing to replace it"));
                }
                Files.delete(socket);
            }
        } catch (IOException e) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "cannot prepare the socket " + socket + ": " + e.getMessage()), e);
        }
    }

    /** Narrows the socket to its owner (the folder is 0700 already; this is the second lock). */
    static void ownerOnly(Path socket) {
        try {
            Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
        } catch (IOException | UnsupportedOperationException e) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "cannot restrict the socket " + socket + ": " + e.getMessage()), e);
        }
    }

    /**
     * Why the bridge must not dial this path, or empty when it may: it must be a socket (not a
     * link), owned by the user running the bridge, in a folder only that user can enter.
     */
    public static Optional<String> problemWith(Path socket) {
        try {
            if (!Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.of("Countersign is not running: there is no socket at " + socket
                        + " (start it with 'countersign' or 'countersign serve')");
            }
            PosixFileAttributes attributes = Files.readAttributes(socket, PosixFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (attributes.isSymbolicLink() || !attributes.isOther()) {
                return Optional.of(socket + " is not a socket; refusing to send the token there");
            }
            UserPrincipal me = Files.getOwner(socket.getParent());
            String user = System.getProperty("user.name");
            if (!attributes.owner().getName().equals(user) || !me.getName().equals(user)) {
                return Optional.of(socket + " belongs to " + attributes.owner().getName() + ", not to " + user
                        + "; refusing to send the token there");
            }
            String folder = PosixFilePermissions.toString(Files.getPosixFilePermissions(socket.getParent()));
            if (!folder.endsWith("------")) {
                return Optional.of(socket.getParent() + " is " + folder + "; it must be 0700 (chmod 700 "
                        + socket.getParent() + ")");
            }
            return Optional.empty();
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.of("cannot check the socket " + socket + ": " + e.getMessage());
        }
    }
}
