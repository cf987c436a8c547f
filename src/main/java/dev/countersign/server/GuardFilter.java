package dev.countersign.server;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything a request must pass before the MCP SDK sees it (SPEC.md §7, security.md checks
 * 1-7, 16), in this order: a loopback {@code Host} on our port (DNS rebinding), a loopback
 * {@code Origin} if any, a known {@code MCP-Protocol-Version} if any, a valid bearer token, the
 * body limit, the agent's rate and concurrency limits, and a session id that belongs to this agent.
 * A refusal is answered here and nothing of it reaches a tool or the audit log. No response ever
 * carries CORS headers.
 */
final class GuardFilter implements Filter {
    static final String AGENT_ATTRIBUTE = "dev.countersign.server.agent";
    static final String RESPONSE_ATTRIBUTE = "dev.countersign.server.response";
    static final String SESSION_HEADER = "Mcp-Session-Id";
    static final String VERSION_HEADER = "MCP-Protocol-Version";
    private static final Logger LOG = LoggerFactory.getLogger(GuardFilter.class);

    private final AgentDirectory agents;
    private final AgentLimits limits;
    private final SessionBook sessions;
    private final int maxBody;
    private final IntSupplier port;
    private final Set<String> protocolVersions;

    GuardFilter(AgentDirectory agents, AgentLimits limits, SessionBook sessions, int maxBody, IntSupplier port,
            Set<String> protocolVersions) {
        this.agents = agents;
        this.limits = limits;
        this.sessions = sessions;
        this.maxBody = maxBody;
        this.port = port;
        this.protocolVersions = Set.copyOf(protocolVersions);
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        NoCorsResponse response = new NoCorsResponse((HttpServletResponse) res);
        if (!Loopback.host(single(request, "Host"), port.getAsInt())) {
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
            response.setHeader("Allow", "GET, POST, DELETE");
            refuse(response, 405, "method_not_allowed", "the MCP endpoint takes GET, POST and DELETE");
            return;
        }
        String version = request.getHeader(VERSION_HEADER);
        if (version != null && !protocolVersions.contains(version)) {
            refuse(response, 400, "unsupported_protocol_version", "supported MCP protocol versions: "
                    + String.join(", ", new java.util.TreeSet<>(protocolVersions)));
            return;
        }
        Optional<String> agent = bearer(request).flatMap(agents::authenticate);
        if (agent.isEmpty()) {
            response.setHeader("WWW-Authenticate", "Bearer realm=\"countersign\"");
            refuse(response, 401, "unauthorized", "send the agent's token as 'Authorization: Bearer cs_...'; "
                    + "issue one with 'countersign agent add NAME'");
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
        if (post) {
            // Read at most one byte past the limit: a streamed (chunked) body that is too large is
            // refused without being buffered whole or parsed.
            body = request.getInputStream().readNBytes(maxBody + 1);
            if (body.length > maxBody) {
                refuse(response, 413, "body_too_large", "a request body is at most " + maxBody + " bytes");
                return;
            }
        }
        String outer = request.getHeader(SESSION_HEADER);
        String inner = null;
        if (outer != null) {
            Optional<String> known = sessions.resolve(agentId, outer);
            if (known.isEmpty()) {
                refuse(response, 404, "session_not_found", "unknown or expired session; initialize again");
                return;
            }
            inner = known.get();
        } else if (post && sessions.full(agentId)) {
            // A request without a session starts one in the SDK, which only a DELETE frees: refuse
            // new ones at the cap instead of evicting ours and leaving the SDK's behind.
            refuse(response, 429, "too_many_sessions", "this agent has too many open sessions; close one "
                    + "(HTTP DELETE with its Mcp-Session-Id) or reuse it");
            return;
        }
        AgentRequest wrapped = new AgentRequest(request, body, inner);
        SessionResponse reply = new SessionResponse(response, sessions, agentId);
        wrapped.setAttribute(AGENT_ATTRIBUTE, agentId);
        wrapped.setAttribute(RESPONSE_ATTRIBUTE, reply);
        chain.doFilter(wrapped, reply);
        if ("DELETE".equals(request.getMethod()) && outer != null && reply.getStatus() < 300) {
            sessions.close(outer);
        }
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

    private static void refuse(HttpServletResponse response, int status, String error, String message)
            throws IOException {
        // Never log header values here: they may hold a token (security.md check 15).
        LOG.debug("refused a request with {} {}", status, error);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        byte[] body = ("{\"error\":\"" + error + "\",\"message\":\"" + message.replace("\"", "'") + "\"}")
                .getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
