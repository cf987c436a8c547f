package dev.countersign.server;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.countersign.audit.AuditLog;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.driver.ActAccount;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.govern.GuestTool;
import dev.countersign.remote.RemoteTool;
import dev.countersign.remote.RuntimePort;
import dev.countersign.server.tools.AgentTool;
import dev.countersign.server.tools.AuditTrail;
import dev.countersign.server.tools.ScriptPort;
import dev.countersign.server.tools.Tools;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.DispatcherType;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.unixdomain.server.UnixDomainServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The loopback MCP endpoint (docs/endpoint.md): the official SDK's Streamable HTTP transport inside
 * embedded Jetty at {@code http://127.0.0.1:<port>/mcp}, behind {@link GuardFilter}, which also
 * serves MCP 2026-07-28 without sessions through {@link StatelessCalls} (the SDK does not speak that
 * revision yet; docs/decisions/0013-mcp-2026-07-28-on-jetty.md). Start it with
 * {@link #start}; {@link #close} stops it and leaves no thread behind.
 */
public final class McpEndpoint implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(McpEndpoint.class);
    static final String PATH = "/mcp";

    private final Server jetty;
    private final McpSyncServer mcp;
    private final AuditTrail audit;
    private final int port;
    private final String host;
    private final ToolRegistry registry;
    private final SessionBook sessions;
    private final SdkSessions sdkSessions;
    /** The transport's mapper: every JSON-RPC message on the wire is written with it. */
    private final ObjectMapper wire;
    /** The SDK's check of every tool result against the tool's output schema. */
    private final JsonSchemaValidator validator;
    private boolean closed;

    private McpEndpoint(Server jetty, McpSyncServer mcp, AuditTrail audit, int port, String host,
            ToolRegistry registry, SessionBook sessions, SdkSessions sdkSessions, ObjectMapper wire,
            JsonSchemaValidator validator) {
        this.wire = wire;
        this.validator = validator;
        this.sessions = sessions;
        this.sdkSessions = sdkSessions;
        this.jetty = jetty;
        this.mcp = mcp;
        this.audit = audit;
        this.port = port;
        this.host = host;
        this.registry = registry;
    }

    /**
     * Starts serving. Throws {@link CountersignException} {@code INVALID_ARGUMENT} for a bind
     * address that is not loopback, and {@code INTERNAL} when the port cannot be bound.
     */
    public static McpEndpoint start(EndpointConfig config, ComputerDriver driver, AgentDirectory agents,
            AuditLog auditLog, String version) {
        return start(config, driver, agents, auditLog, version, null);
    }

    /**
     * {@link #start(EndpointConfig, ComputerDriver, AgentDirectory, AuditLog, String)}, also serving
     * CodeAct scripts through {@code scripts} (null: no script tools).
     */
    public static McpEndpoint start(EndpointConfig config, ComputerDriver driver, AgentDirectory agents,
            AuditLog auditLog, String version, ScriptPort scripts) {
        return start(config, driver, agents, auditLog, version, scripts, List.of());
    }

    /**
     * As {@link #start(EndpointConfig, ComputerDriver, AgentDirectory, AuditLog, String, ScriptPort)},
     * also offering {@code guests} (the governing proxy's tools). A guest named like one of the
     * endpoint's own tools, or like another guest, is refused {@code INVALID_ARGUMENT}.
     */
    public static McpEndpoint start(EndpointConfig config, ComputerDriver driver, AgentDirectory agents,
            AuditLog auditLog, String version, ScriptPort scripts, List<GuestTool> guests) {
        Objects.requireNonNull(driver, "driver");
        return serve(config, audit -> Tools.withGuests(Tools.defaults(driver, audit, scripts), guests, audit),
                driver::redactForAgent, driver::takeAccount, agents, auditLog, version,
                "Observe a window, then act on one fresh ref per observation. Risky actions wait "
                        + "for the person. Receipts say confirmed only with evidence.");
    }

    /**
     * As {@link #start(EndpointConfig, ComputerDriver, AgentDirectory, AuditLog, String, ScriptPort, List)},
     * also offering one tool per registered remote ({@code countersign remote}). A remote named like
     * another tool is refused {@code INVALID_ARGUMENT}.
     */
    public static McpEndpoint start(EndpointConfig config, ComputerDriver driver, AgentDirectory agents,
            AuditLog auditLog, String version, ScriptPort scripts, List<GuestTool> guests, List<RemoteTool> remotes) {
        Objects.requireNonNull(driver, "driver");
        return serve(config, audit -> Tools.withRemotes(Tools.withGuests(Tools.defaults(driver, audit, scripts), guests,
                        audit), remotes, audit), driver::redactForAgent, driver::takeAccount, agents, auditLog, version,
                "Observe a window, then act on one fresh ref per observation. Risky actions wait "
                        + "for the person. Receipts say confirmed only with evidence.");
    }

    /**
     * Serves the runtime operations to a governing Countersign, on their own port and
     * only to the tokens in {@code governors} (never an agent's): the same guard as the agent
     * endpoint (loopback, Host, Origin, bearer token, limits), none of the agent tools. Reached
     * from another machine only through an SSH-forwarded loopback port.
     */
    public static McpEndpoint startRuntime(EndpointConfig config, RuntimePort port, AgentDirectory governors,
            AuditLog auditLog, String version) {
        Objects.requireNonNull(port, "port");
        // What it serves goes to a governing Countersign, whose own endpoint redacts it for its agents.
        return serve(config, audit -> Tools.runtime(port), ComputerDriver::withoutTokens, receiptId -> Optional.empty(),
                governors, auditLog,
                version,
                "The runtime of a governed Countersign, for a governing Countersign only.");
    }

    private static McpEndpoint serve(EndpointConfig config,
            Function<AuditTrail, List<AgentTool>> toolsFor, UnaryOperator<String> redactor,
            Function<String, Optional<ActAccount>> accounts, AgentDirectory agents,
            AuditLog auditLog, String version, String instructions) {
        Objects.requireNonNull(agents, "agents");
        Objects.requireNonNull(auditLog, "auditLog");
        if (!Loopback.bindable(config.bindAddress())) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "bind",
                    "Countersign listens on this machine only (127.0.0.1 or ::1); refusing to bind "
                            + config.bindAddress().getHostAddress()));
        }
        AuditTrail audit = new AuditTrail(auditLog, accounts);
        ToolRegistry registry = new ToolRegistry(toolsFor.apply(audit), audit, Duration.ofSeconds(1), redactor);
        ObjectMapper wire = Json.mapper().copy()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(new JacksonMcpJsonMapper(wire))
                .mcpEndpoint(PATH)
                .contextExtractor(AgentContext::extract)
                .maxRequestSize(config.maxBodyBytes())
                // 2.1.0's sweeper runs on a non-daemon thread that outlives close(); SessionBook
                // evicts and forgets sessions instead and ends the SDK's (see docs/endpoint.md).
                .sessionSweepInterval(null)
                .build();
        // Results are checked against their output schemas on the map itself, not turned into a tree
        // and back (Tools.outputCheck); one instance, so that warming up prepares the validator in use.
        JsonSchemaValidator validator = Tools.outputCheck(Json.mapper());
        McpSyncServer mcp = McpServer.sync(transport)
                .serverInfo("countersign", version)
                .jsonSchemaValidator(validator)
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .instructions(instructions)
                // Our own validation names the field with our error shape (the tools' ArgSchema).
                .validateToolInputs(false)
                // Run tools on the request's Jetty thread, not the SDK's small shared pool: an
                // approval wait holds its thread, and the per-agent limit bounds how many.
                .immediateExecution(true)
                .tools(registry.specifications())
                .build();

        QueuedThreadPool threads = new QueuedThreadPool(200, 4);
        threads.setName("countersign-http");
        Server jetty = new Server(threads);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendDateHeader(false);
        ServerConnector connector = new ServerConnector(jetty, new HttpConnectionFactory(http));
        String host = config.bindAddress().getHostAddress();
        connector.setHost(host);
        connector.setPort(config.port());
        jetty.addConnector(connector);
        if (config.socket() != null) {
            LocalSocket.prepare(config.socket());
            HttpConfiguration local = new HttpConfiguration(http);
            local.addCustomizer(LocalSocket.marker());
            UnixDomainServerConnector unix = new UnixDomainServerConnector(jetty, new HttpConnectionFactory(local));
            unix.setUnixDomainPath(config.socket());
            jetty.addConnector(unix);
        }

        int[] bound = {config.port()};
        SecureRandom random = new SecureRandom();
        SessionBook sessions = new SessionBook(random, System::nanoTime, config.sessionIdle(),
                config.maxSessionsPerAgent());
        AgentLimits limits = new AgentLimits(config.requestsPerSecond(), config.burst(), config.maxConcurrentCalls(),
                System::nanoTime);
        SdkSessions sdkSessions = new SdkSessions(transport);
        StatelessCalls stateless = new StatelessCalls(registry, wire, version, instructions, transport.protocolVersions());
        GuardFilter guard = new GuardFilter(agents, limits, sessions, new CallBook(), sdkSessions,
                config.maxBodyBytes(), () -> bound[0], new HashSet<>(transport.protocolVersions()), stateless);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        FilterHolder guardHolder = new FilterHolder(guard);
        guardHolder.setAsyncSupported(true);
        context.addFilter(guardHolder, "/*", EnumSet.of(DispatcherType.REQUEST));
        ServletHolder servlet = new ServletHolder(transport);
        servlet.setAsyncSupported(true);
        context.addServlet(servlet, PATH);
        jetty.setHandler(context);
        try {
            jetty.start();
        } catch (Exception e) {
            // Jetty's start declares Exception; this is the boundary where it becomes ours.
            stopQuietly(jetty);
            mcp.closeGracefully();
            throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL, "cannot listen on "
                    + host + ":" + config.port() + ": " + e.getMessage()), e);
        }
        bound[0] = connector.getLocalPort();
        if (config.socket() != null) {
            LocalSocket.ownerOnly(config.socket());
        }
        McpEndpoint endpoint = new McpEndpoint(jetty, mcp, audit, bound[0], host, registry, sessions, sdkSessions, wire,
                validator);
        audit.serverStarted(endpoint.uri().toString(), registry.names());
        LOG.info("serving MCP at {}", endpoint.uri());
        return endpoint;
    }

    /**
     * Prepares the call paths of {@code computer_observe} (see {@link Tools#warmUpObserve}) and
     * {@code computer_act} (see {@link Tools#warmUpAct}) so that the first agent's first observe
     * and act do not pay for loading and compiling them: a few hundred milliseconds of CPU, best
     * spent before the app says it serves. Never throws: warming up is an optimization, and a call
     * simply does whatever it did not prepare. Returns the tools whose paths it ran to the end.
     */
    public List<String> warmUp() {
        List<String> warmed = new ArrayList<>();
        try {
            registry.tool(Tools.OBSERVE).ifPresent(observe -> {
                Tools.warmUpObserve(observe, wire, validator);
                warmed.add(Tools.OBSERVE);
            });
        } catch (RuntimeException e) {
            LOG.debug("warming up the observe path failed; the first observe prepares it: {}", e.toString());
        }
        try {
            registry.tool(Tools.ACT).flatMap(act -> Tools.warmUpAct(act, wire, validator))
                    .ifPresent(answer -> warmed.add(Tools.ACT));
        } catch (RuntimeException e) {
            LOG.debug("warming up the act path failed; the first act prepares it: {}", e.toString());
        }
        return List.copyOf(warmed);
    }

    /** The transport's mapper (what warming up must prepare). */
    ObjectMapper wire() {
        return wire;
    }

    /**
     * Ends every session of a revoked agent: its session ids stop resolving at once, also for a
     * new agent given the same name later. (Its token is refused anyway once it left agents.json.)
     */
    public int endSessions(String agentId) {
        return sessions.forgetAgent(agentId);
    }

    public int port() {
        return port;
    }

    /** {@code http://127.0.0.1:<port>/mcp}. */
    public URI uri() {
        String shown = host.contains(":") ? "[" + host + "]" : host;
        return URI.create("http://" + shown + ":" + port + PATH);
    }

    List<String> toolNames() {
        return registry.names();
    }

    ToolRegistry registry() {
        return registry;
    }

    /** Live sessions of one agent, as the endpoint counts them. */
    int sessionsOf(String agentId) {
        return sessions.sizeOf(agentId);
    }

    /** SDK sessions the endpoint ended itself after evicting or forgetting them. */
    int sdkSessionsEnded() {
        return sdkSessions.ended();
    }

    /** Closes every session, stops listening and records the stop; idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        mcp.closeGracefully();
        stopQuietly(jetty);
        try {
            audit.serverStopped();
        } catch (CountersignException e) {
            LOG.warn("could not record the server stop: {}", e.getMessage());
        }
        LOG.info("stopped serving MCP on port {}", port);
    }

    private static void stopQuietly(Server jetty) {
        try {
            jetty.stop();
        } catch (Exception e) {
            // Jetty's stop declares Exception; nothing more can be done than saying so.
            LOG.warn("stopping the HTTP server failed: {}", e.toString());
        }
    }
}
