package dev.countersign.server;

import io.modelcontextprotocol.common.McpTransportContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.HashMap;
import java.util.Map;

/**
 * What the endpoint hands each tool call through the SDK's transport context: the agent id the
 * bearer token authenticated (docs/endpoint.md), and the call's response stream for noticing a
 * disconnect, and the call's cancellation flag. Tools read identity only from here, never from arguments.
 */
final class AgentContext {
    static final String AGENT = "countersign.agent";
    static final String LINE = "countersign.line";
    static final String CALL = "countersign.call";

    private AgentContext() {
    }

    static McpTransportContext extract(HttpServletRequest request) {
        Map<String, Object> values = new HashMap<>();
        Object agent = request.getAttribute(GuardFilter.AGENT_ATTRIBUTE);
        if (agent instanceof String) {
            values.put(AGENT, agent);
        }
        Object response = request.getAttribute(GuardFilter.RESPONSE_ATTRIBUTE);
        if (response instanceof HttpServletResponse http) {
            values.put(LINE, new ClientLine(http));
        }
        Object call = request.getAttribute(GuardFilter.CALL_ATTRIBUTE);
        if (call instanceof CallBook.Call) {
            values.put(CALL, call);
        }
        return McpTransportContext.create(values);
    }
}
