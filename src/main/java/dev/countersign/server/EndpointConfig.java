package dev.countersign.server;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How the loopback endpoint listens and what it allows each agent.
 *
 * @param bindAddress a loopback address ({@code 127.0.0.1} or {@code ::1}); anything else is refused at start
 * @param port the TCP port; 0 picks a free one (tests)
 * @param maxBodyBytes larger request bodies are answered 413 without being parsed
 * @param requestsPerSecond the steady per-agent request rate (token bucket refill)
 * @param burst how many requests an agent may send at once before the rate applies
 * @param maxConcurrentCalls in-flight POSTs per agent (an approval wait holds one)
 * @param sessionIdle a session unused this long is forgotten (the agent initializes again)
 * @param maxSessionsPerAgent live sessions per agent; at the cap an idle one makes room, else 429
 * @param socket a Unix-domain socket to serve on as well (inside the 0700 home folder), for the
 *     stdio bridge; null for TCP only
 */
public record EndpointConfig(
        InetAddress bindAddress,
        int port,
        int maxBodyBytes,
        double requestsPerSecond,
        int burst,
        int maxConcurrentCalls,
        Duration sessionIdle,
        int maxSessionsPerAgent,
        Path socket) {

    /** The documented default port of {@code countersign serve}. */
    public static final int DEFAULT_PORT = 7475;
    public static final int ONE_MIB = 1024 * 1024;

    /** Without a Unix-domain socket. */
    public EndpointConfig(InetAddress bindAddress, int port, int maxBodyBytes, double requestsPerSecond, int burst,
            int maxConcurrentCalls, Duration sessionIdle, int maxSessionsPerAgent) {
        this(bindAddress, port, maxBodyBytes, requestsPerSecond, burst, maxConcurrentCalls, sessionIdle,
                maxSessionsPerAgent, null);
    }

    public EndpointConfig {
        Objects.requireNonNull(bindAddress, "bindAddress");
        Objects.requireNonNull(sessionIdle, "sessionIdle");
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port is 0-65535, got " + port);
        }
        if (maxBodyBytes < 1024 || requestsPerSecond <= 0 || burst < 1 || maxConcurrentCalls < 1
                || maxSessionsPerAgent < 1) {
            throw new IllegalArgumentException("limits are positive (body at least 1 KiB)");
        }
    }

    /** Generous defaults: a well-behaved agent never meets them; a runaway one does. */
    public static EndpointConfig defaults() {
        return new EndpointConfig(loopback(), DEFAULT_PORT, ONE_MIB, 50, 200, 8, Duration.ofHours(1), 16);
    }

    public EndpointConfig withPort(int newPort) {
        return new EndpointConfig(bindAddress, newPort, maxBodyBytes, requestsPerSecond, burst, maxConcurrentCalls,
                sessionIdle, maxSessionsPerAgent, socket);
    }

    public EndpointConfig withBindAddress(InetAddress address) {
        return new EndpointConfig(address, port, maxBodyBytes, requestsPerSecond, burst, maxConcurrentCalls,
                sessionIdle, maxSessionsPerAgent, socket);
    }

    public EndpointConfig withLimits(double perSecond, int newBurst, int concurrent) {
        return new EndpointConfig(bindAddress, port, maxBodyBytes, perSecond, newBurst, concurrent, sessionIdle,
                maxSessionsPerAgent, socket);
    }

    /** Also serve on this Unix-domain socket (the stdio bridge dials it; docs/endpoint.md). */
    public EndpointConfig withSocket(Path path) {
        return new EndpointConfig(bindAddress, port, maxBodyBytes, requestsPerSecond, burst, maxConcurrentCalls,
                sessionIdle, maxSessionsPerAgent, path);
    }

    /** {@code 127.0.0.1}. */
    public static InetAddress loopback() {
        try {
            return InetAddress.getByAddress("127.0.0.1", new byte[] {127, 0, 0, 1});
        } catch (UnknownHostException e) {
            throw new IllegalStateException("a four-byte address is always valid", e);
        }
    }
}
