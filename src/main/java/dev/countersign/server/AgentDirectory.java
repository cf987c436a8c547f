package dev.countersign.server;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.core.Timestamps;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The agents the person connected ({@code agents.json}): each agent's name and the SHA-256 of its
 * bearer token, never the token. The endpoint authenticates against it and notices changes made
 * by {@code countersign agent add|remove} while it runs (the file is replaced atomically).
 */
public final class AgentDirectory {
    /** An agent name: lowercase letters, digits, '-' and '_', 1-32 characters; it is also the agent id. */
    public static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]{0,31}");

    /** One connected agent as stored. */
    public record AgentEntry(
            @JsonProperty("name") String name,
            @JsonProperty("token_sha256") String tokenSha256,
            @JsonProperty("created_at") String createdAt) {
    }

    /** A freshly issued token: shown to the person once, stored only as a hash. */
    public record IssuedToken(String name, String token) {
        @Override
        public String toString() {
            // Keep the plaintext out of any accidental log line or exception message.
            return "IssuedToken[name=" + name + ", token=<hidden>]";
        }
    }

    private record FileForm(@JsonProperty("version") int version, @JsonProperty("agents") List<AgentEntry> agents) {
    }

    private record Loaded(Object fileKey, long modified, long size, List<AgentEntry> agents) {
    }

    private final Path file;
    private final Clock clock;
    private final SecureRandom random;
    private volatile Loaded loaded = new Loaded(null, -1, -1, List.of());

    public AgentDirectory(Path file, Clock clock, SecureRandom random) {
        this.file = Objects.requireNonNull(file, "file");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
    }

    public Path file() {
        return file;
    }

    /** Issues a token for a new agent and stores its hash. */
    public synchronized IssuedToken add(String name) {
        requireName(name);
        List<AgentEntry> agents = new ArrayList<>(current());
        if (agents.stream().anyMatch(a -> a.name().equals(name))) {
            throw invalid("an agent named '" + name + "' exists; remove it first or pick another name");
        }
        String token = Tokens.mint(random);
        agents.add(new AgentEntry(name, Tokens.hash(token), Timestamps.format(clock.instant())));
        write(agents);
        return new IssuedToken(name, token);
    }

    /** Revokes an agent's token; false when there was no such agent. */
    public synchronized boolean remove(String name) {
        List<AgentEntry> agents = new ArrayList<>(current());
        boolean removed = agents.removeIf(a -> a.name().equals(name));
        if (removed) {
            write(agents);
        }
        return removed;
    }

    public List<AgentEntry> list() {
        return current();
    }

    /**
     * The agent id this bearer token belongs to. Every stored hash is compared, in constant time,
     * so the time taken does not depend on which agent (if any) matched.
     */
    public Optional<String> authenticate(String token) {
        if (!Tokens.wellFormed(token)) {
            return Optional.empty();
        }
        String presented = Tokens.hash(token);
        String match = null;
        for (AgentEntry agent : current()) {
            if (Tokens.sameHash(presented, agent.tokenSha256()) && match == null) {
                match = agent.name();
            }
        }
        return Optional.ofNullable(match);
    }

    /** The agents as the file says now, re-read only when the file changed. */
    private List<AgentEntry> current() {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            loaded = new Loaded(null, -1, -1, List.of());
            return List.of();
        } catch (IOException e) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "cannot read " + file + ": " + e.getMessage()), e);
        }
        Loaded seen = loaded;
        long modified = attributes.lastModifiedTime().toMillis();
        if (Objects.equals(seen.fileKey(), attributes.fileKey()) && seen.modified() == modified
                && seen.size() == attributes.size()) {
            return seen.agents();
        }
        List<AgentEntry> agents = read();
        loaded = new Loaded(attributes.fileKey(), modified, attributes.size(), agents);
        return agents;
    }

    private List<AgentEntry> read() {
        try {
            FileForm form = Json.mapper().readValue(Files.readAllBytes(file), FileForm.class);
            if (form.version() != 1 || form.agents() == null) {
                throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                        file + " is not a version 1 agents file"));
            }
            return List.copyOf(form.agents());
        } catch (IOException e) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "cannot read " + file + ": " + e.getMessage()), e);
        }
    }

    /** temp (0600) → fsync → atomic rename, so a reader never sees half a file. */
    private void write(List<AgentEntry> agents) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path temp = dir.resolve(file.getFileName() + ".tmp");
            Files.deleteIfExists(temp);
            Files.createFile(temp);
            Secrets.ownerOnly(temp);
            byte[] bytes = Json.mapper().writerWithDefaultPrettyPrinter()
                    .writeValueAsBytes(new FileForm(1, agents));
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                out.write(ByteBuffer.wrap(bytes));
                out.force(true);
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            loaded = new Loaded(null, -1, -1, List.of());
        } catch (IOException e) {
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL,
                    "cannot write " + file + ": " + e.getMessage()), e);
        }
    }

    private static void requireName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw invalid("an agent name is 1-32 characters of a-z, 0-9, '-' and '_', starting with a letter or digit");
        }
    }

    private static CountersignException invalid(String message) {
        return new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "name", message));
    }

}
