package dev.countersign.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.spec.HttpHeaders;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything a request must pass before the MCP SDK sees it (docs/endpoint.md, "Security
 * checks"), in this order: a loopback {@code Host} on our port (DNS rebinding), a loopback
 * {@code Origin} if any, a valid bearer token, the body limit, the agent's rate and concurrency
 * limits, one well-formed JSON-RPC object; then a request of MCP 2026-07-28 (its {@code _meta}
 * names a version) goes to {@link StatelessCalls}, with no session; any other needs a known
 * {@code MCP-Protocol-Version} if any, and a session id that belongs to this agent. A refusal is a JSON-RPC error object answered here
 * ({@link JsonRpcErrors}); nothing of it reaches a tool or the audit log. No response ever carries
 * CORS headers. GET is answered 405: the endpoint sends everything on the POST that asked for it.
 */
final class GuardFilter implements Filter {
    static final String AGENT_ATTRIBUTE = "dev.countersign.server.agent";
    static final String RESPONSE_ATTRIBUTE = "dev.countersign.server.response";
    static final String CALL_ATTRIBUTE = "dev.countersign.server.call";
    static final String SESSION_HEADER = HttpHeaders.MCP_SESSION_ID;
    /**
     * Methods only MCP 2026-07-28 has (its discovery probe and its one stream of change
     * notifications), answered as unknown methods to a request that does not name that revision:
     * such a request is of a 2025 client, or of one that probes and falls back.
     */
    static final Set<String> NOT_SPOKEN = Set.of("server/discover", "subscriptions/listen");
    static final String VERSION_HEADER = HttpHeaders.PROTOCOL_VERSION;
    private static final Logger LOG = LoggerFactory.getLogger(GuardFilter.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final AgentDirectory agents;
    private final AgentLimits limits;
    private final SessionBook sessions;
    private final CallBook calls;
    private final SdkSessions sdk;
    private final int maxBody;
    private final IntSupplier port;
    private final Set<String> protocolVersions;
    private final StatelessCalls stateless;

    GuardFilter(AgentDirectory agents, AgentLimits limits, SessionBook sessions, CallBook calls, SdkSessions sdk,
            int maxBody, IntSupplier port, Set<String> protocolVersions, StatelessCalls stateless) {
        this.stateless = stateless;
        this.agents = agents;
        this.limits = limits;
        this.sessions = sessions;
        this.calls = calls;
        this.sdk = sdk;
        this.maxBody = maxBody;
        this.port = port;
        this.protocolVersions = new TreeSet<>(protocolVersions);
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        NoCorsResponse response = new NoCorsResponse((HttpServletResponse) res);
        boolean local = Boolean.TRUE.equals(request.getAttribute(LocalSocket.ATTRIBUTE));
        if (!local && !Loopback.host(single(request, "Host"), port.getAsInt())) {
            refuse(response, 403, "host_not_allowed", "this endpoint answers only to 127.0.0.1, localhost "
                    + "or [::1] on port " + port.getAsInt());
            return;
        }
        String origin = request.getHeader("Origin");
        if (origin != null && !Loopback.origin(origin)) {
            refuse(response, 403, "origin_not_allowed", "requests from web pages of other sites are refused");
            return;
        }
        String method = request.getMethod();
        if (!"POST".equals(method) && !"GET".equals(method) && !"DELETE".equals(method)) {
            // No OPTIONS (no CORS preflight to answer), no TRACE (it would echo the Authorization header).
            response.setHeader("Allow", "POST, DELETE");
            refuse(response, 405, "method_not_allowed", "the MCP endpoint takes POST and DELETE");
            return;
        }
        Optional<String> agent = bearer(request).flatMap(agents::authenticate);
        if (agent.isEmpty()) {
            response.setHeader("WWW-Authenticate", "Bearer realm=\"countersign\"");
            refuse(response, 401, "unauthorized", "send the agent's token as 'Authorization: Bearer cs_...'; "
                    + "issue one with 'countersign agent add NAME'");
            return;
        }
        if ("GET".equals(method)) {
            // Streamable HTTP lets a server offer no standalone stream: every answer, progress
            // included, travels on the POST that asked for it (MCP 2025-06-18, transports).
            response.setHeader("Allow", "POST, DELETE");
            refuse(response, 405, "method_not_allowed", "this endpoint offers no GET stream; "
                    + "answers and progress come on each POST's own stream");
            return;
        }
        String agentId = agent.get();
        LOG.debug("{} {} from agent {}", method, request.getRequestURI(), agentId);
        if (request.getContentLengthLong() > maxBody) {
            refuse(response, 413, "body_too_large", "a request body is at most " + maxBody + " bytes");
            return;
        }
        if (!limits.tryRequest(agentId)) {
            response.setHeader("Retry-After", Long.toString(limits.retryAfterSeconds()));
            refuse(response, 429, "rate_limited", "too many requests from this agent; slow down");
            return;
        }
        boolean post = "POST".equals(method);
        if (post && !limits.tryEnter(agentId)) {
            response.setHeader("Retry-After", "1");
            refuse(response, 429, "too_many_calls", "too many calls from this agent are in flight");
            return;
        }
        try {
            pass(request, response, chain, agentId, post);
        } finally {
            if (post) {
                limits.leave(agentId);
            }
        }
    }

    private void pass(HttpServletRequest request, NoCorsResponse response, FilterChain chain, String agentId,
            boolean post) throws IOException, ServletException {
        byte[] body = new byte[0];
        JsonNode message = null;
        if (post) {
            // Read at most one byte past the limit: a streamed (chunked) body that is too large is
            // refused without being buffered whole or parsed.
            body = request.getInputStream().readNBytes(maxBody + 1);
            if (body.length > maxBody) {
                refuse(response, 413, "body_too_large", "a request body is at most " + maxBody + " bytes");
                return;
            }
            message = parse(response, body);
            if (message == null) {
                return;
            }
            if (!accepts(request)) {
                refuse(response, 406, message.get("id"), JsonRpcErrors.INVALID_REQUEST, "not_acceptable",
                        "send 'Accept: application/json, text/event-stream': tool calls answer on a stream");
                return;
            }
        }
        String version = request.getHeader(VERSION_HEADER);
        if (post && StatelessRequest.claims(version, message)) {
            // MCP 2026-07-28: no session, whatever Mcp-Session-Id says; the token already named the agent.
            stateless.serve(request, response, agentId, message);
            return;
        }
        if (!post && StatelessRequest.VERSION.equals(version)) {
            // That revision has no DELETE (and no GET): there is no session to end.
            response.setHeader("Allow", "POST");
            refuse(response, 405, "method_not_allowed", "MCP " + StatelessRequest.VERSION + " has no sessions to end");
            return;
        }
        if (message != null && message.hasNonNull("id") && NOT_SPOKEN.contains(message.path("method").asText())) {
            // A method of a revision this endpoint does not speak (MCP 2026-07-28's server/discover)
            // is answered as a server of the older revisions answers any method it does not know:
            // method not found, whatever version the request names. That is what tells a probing
            // client to fall back to initialize; an unsupported-version error tells it the server is
            // of the newer revision, and clients then give up instead.
            String probed = message.path("method").asText();
            JsonRpcErrors.write(response, 200, JsonRpcErrors.error(message.get("id"), JsonRpcErrors.METHOD_NOT_FOUND,
                    "Method not found: " + probed, "method_not_found"));
            return;
        }
        if (version != null && !protocolVersions.contains(version)) {
            // The 2025 look (-32000): a client of those revisions reads -32022 as "the server is of the
            // newer revision" and gives up instead of falling back (JsonRpcErrors).
            JsonRpcErrors.write(response, 400, JsonRpcErrors.unsupportedVersion(
                    message == null ? null : message.get("id"), JsonRpcErrors.REFUSED, version, protocolVersions));
            return;
        }
        String outer = request.getHeader(SESSION_HEADER);
        String inner = null;
        if (outer != null) {
            Optional<String> known = sessions.acquire(agentId, outer);
            if (known.isEmpty()) {
                refuse(response, 404, message == null ? null : message.get("id"), -32001, "session_not_found",
                        "unknown or expired session; initialize again");
                return;
            }
            inner = known.get();
        } else if (post && "initialize".equals(message.path("method").asText())) {
            SessionBook.Room room = sessions.makeRoom(agentId);
            room.ended().forEach(ended -> sdk.end(request, response, ended.innerId()));
            if (!room.available()) {
                // Every session of this agent has a call in flight: the cap bounds memory.
                response.setHeader("Retry-After", "1");
                refuse(response, 429, message.get("id"), JsonRpcErrors.REFUSED, "too_many_sessions",
                        "every session of this agent is busy with a call; wait for one to finish");
                return;
            }
        }
        try {
            serve(request, response, chain, agentId, body, message, outer, inner);
        } finally {
            if (outer != null) {
                sessions.release(outer);
            }
        }
    }

    private void serve(HttpServletRequest request, NoCorsResponse response, FilterChain chain, String agentId,
            byte[] body, JsonNode message, String outer, String inner) throws IOException, ServletException {
        CallBook.Call call = null;
        if (message != null && outer != null) {
            String method = message.path("method").asText();
            if ("notifications/cancelled".equals(method)) {
                JsonNode requestId = message.path("params").get("requestId");
                if (requestId != null && calls.cancel(outer, requestId.toString())) {
                    LOG.info("an agent cancelled a call in flight");
                }
            } else if ("tools/call".equals(method) && message.hasNonNull("id")) {
                call = calls.begin(outer, message.get("id").toString());
            }
        }
        AgentRequest wrapped = new AgentRequest(request, body, inner);
        SessionResponse reply = new SessionResponse(response, sessions, agentId);
        wrapped.setAttribute(AGENT_ATTRIBUTE, agentId);
        wrapped.setAttribute(RESPONSE_ATTRIBUTE, reply);
        if (call != null) {
            wrapped.setAttribute(CALL_ATTRIBUTE, call);
        }
        try {
            chain.doFilter(wrapped, reply);
        } finally {
            if (call != null) {
                calls.end(call);
            }
        }
        int failed = reply.swallowedStatus();
        if (failed != 0) {
            sdkRefusal(response, failed, message);
        } else if ("DELETE".equals(request.getMethod()) && outer != null && reply.getStatus() < 300) {
            sessions.close(outer);
        }
    }

    /** The SDK refused the request; say why in JSON-RPC, without anything of its Java exception. */
    private static void sdkRefusal(NoCorsResponse response, int status, JsonNode message) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        JsonNode id = message == null ? null : message.get("id");
        switch (status) {
            case 400:
                refuse(response, 400, id, JsonRpcErrors.INVALID_REQUEST, "bad_request", message == null
                        ? "a DELETE needs the Mcp-Session-Id of the session to end"
                        : "start with 'initialize' (no Mcp-Session-Id), then send the session id the answer gave");
                break;
            case 404:
                refuse(response, 404, id, -32001, "session_not_found", "unknown or expired session; initialize again");
                break;
            case 406:
                refuse(response, 406, id, JsonRpcErrors.INVALID_REQUEST, "not_acceptable",
                        "send 'Accept: application/json, text/event-stream'");
                break;
            case 415:
                refuse(response, 415, id, JsonRpcErrors.INVALID_REQUEST, "unsupported_media_type",
                        "send 'Content-Type: application/json'");
                break;
            default:
                refuse(response, status, id, -32603, "refused", "the request could not be served");
                break;
        }
    }

    /** The one JSON-RPC object in the body, or null once a JSON-RPC error has been answered. */
    private static JsonNode parse(HttpServletResponse response, byte[] body) throws IOException {
        JsonNode message;
        try {
            message = MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
            refuse(response, 400, null, JsonRpcErrors.PARSE_ERROR, "parse_error", "the body is not JSON");
            return null;
        }
        if (message != null && message.isArray()) {
            refuse(response, 400, null, JsonRpcErrors.INVALID_REQUEST, "batch_not_supported",
                    "send one JSON-RPC message per request; batches are not supported");
            return null;
        }
        if (message == null || !message.isObject()) {
            refuse(response, 400, null, JsonRpcErrors.INVALID_REQUEST, "invalid_request",
                    "the body is one JSON-RPC object");
            return null;
        }
        return message;
    }

    private static boolean accepts(HttpServletRequest request) {
        String accept = String.join(",", Collections.list(request.getHeaders("Accept")));
        return accept.contains("application/json") && accept.contains("text/event-stream");
    }

    private static Optional<String> bearer(HttpServletRequest request) {
        String value = single(request, "Authorization");
        if (value == null || value.length() < 7 || !value.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Optional.empty();
        }
        return Optional.of(value.substring(7).trim());
    }

    /** The header's value when it appears exactly once; null when absent or repeated. */
    private static String single(HttpServletRequest request, String name) {
        Enumeration<String> values = request.getHeaders(name);
        if (values == null || !values.hasMoreElements()) {
            return null;
        }
        String first = values.nextElement();
        return values.hasMoreElements() ? null : first;
    }

    private static void refuse(HttpServletResponse response, int status, String reason, String message)
            throws IOException {
        refuse(response, status, null, JsonRpcErrors.REFUSED, reason, message);
    }

    private static void refuse(HttpServletResponse response, int status, JsonNode id, int code, String reason,
            String message) throws IOException {
        // Never log header values here: they may hold a token, and no token reaches a log
        // (docs/endpoint.md, "Logs").
        LOG.debug("refused a request with {} {}", status, reason);
        JsonRpcErrors.write(response, status, JsonRpcErrors.error(id, code, message, reason));
    }
}
