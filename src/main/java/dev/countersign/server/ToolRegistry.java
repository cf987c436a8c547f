package dev.countersign.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.approval.ApprovalWatch;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.server.tools.AgentTool;
import dev.countersign.server.tools.AuditTrail;
import dev.countersign.server.tools.ToolCall;
import dev.countersign.server.tools.ToolResults;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The endpoint's tools: their MCP definitions, and the one path every call takes — the agent id
 * from the transport context, our own validation of the arguments against the tool's strict
 * schema, then the tool, and its result redacted for the agent ({@link AgentBound}). The same path
 * serves the SDK and the fuzz test.
 */
final class ToolRegistry {
    private static final Logger LOG = LoggerFactory.getLogger(ToolRegistry.class);

    private final Map<String, AgentTool> tools = new LinkedHashMap<>();
    private final AuditTrail audit;
    private final Duration tick;
    /** Redacts a text for the agent with the policy in force at the time ({@link ComputerDriver#redactForAgent}). */
    private final UnaryOperator<String> redactor;

    ToolRegistry(List<AgentTool> tools, AuditTrail audit, Duration tick) {
        this(tools, audit, tick, ComputerDriver::withoutTokens);
    }

    ToolRegistry(List<AgentTool> tools, AuditTrail audit, Duration tick, UnaryOperator<String> redactor) {
        tools.forEach(t -> this.tools.put(t.name(), t));
        this.audit = audit;
        this.tick = tick;
        this.redactor = redactor;
    }

    List<String> names() {
        return List.copyOf(tools.keySet());
    }

    /** The tool of that name, if this registry serves one. */
    Optional<AgentTool> tool(String name) {
        return Optional.ofNullable(tools.get(name));
    }

    List<McpServerFeatures.SyncToolSpecification> specifications() {
        return tools.values().stream().map(tool -> McpServerFeatures.SyncToolSpecification.builder()
                .tool(tool.definition())
                .callHandler((exchange, request) -> handle(tool.name(), exchange, request))
                .build()).toList();
    }

    private McpSchema.CallToolResult handle(String name, McpSyncServerExchange exchange,
            McpSchema.CallToolRequest request) {
        McpTransportContext context = exchange.transportContext();
        Object agent = context == null ? null : context.get(AgentContext.AGENT);
        Object line = context == null ? null : context.get(AgentContext.LINE);
        Object token = request.meta() == null ? null : request.meta().get("progressToken");
        Object call = context == null ? null : context.get(AgentContext.CALL);
        Function<String, ApprovalWatch> watch = tool -> new ApprovalProgress(tool, exchange::progressNotification, token,
                line instanceof ClientLine client ? client::alive : null,
                call instanceof CallBook.Call booked ? booked : null, audit, tick, redactor);
        return call(agent instanceof String agentId ? agentId : null, name, request.arguments(), watch);
    }

    /**
     * One call of the stateless 2026-07-28 path ({@link StatelessCalls}): the same path as the SDK's,
     * with progress sent through {@code progress} and the agent's connection probed by {@code alive}.
     * There is no session, so nothing else can cancel it: closing the call's stream is the cancel.
     */
    McpSchema.CallToolResult call(String agentId, String name, Map<String, Object> arguments, Object progressToken,
            Consumer<McpSchema.ProgressNotification> progress, BooleanSupplier alive) {
        return call(agentId, name, arguments, tool -> new ApprovalProgress(tool, progress, progressToken, alive, null,
                audit, tick, redactor));
    }

    /** The tools' definitions as {@code tools/list} gives them, in the order they were registered. */
    List<McpSchema.Tool> definitions() {
        return tools.values().stream().map(AgentTool::definition).toList();
    }

    /** One call: identity, validation, then the tool; never throws for anything an agent can send. */
    McpSchema.CallToolResult call(String agentId, String name, Map<String, Object> arguments,
            Function<String, ApprovalWatch> watch) {
        return AgentBound.redact(unredacted(agentId, name, arguments, watch), redactor);
    }

    private McpSchema.CallToolResult unredacted(String agentId, String name, Map<String, Object> arguments,
            Function<String, ApprovalWatch> watch) {
        if (agentId == null) {
            // The filter authenticates every request; a call without an agent is a wiring fault. Fail closed.
            return ToolResults.error(CountersignError.of(ErrorCode.INVALID_ARGUMENT, "no authenticated agent"));
        }
        AgentTool tool = tools.get(name);
        if (tool == null) {
            return ToolResults.error(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "name",
                    "no tool named '" + name + "'; tools: " + String.join(", ", tools.keySet())));
        }
        JsonNode args = arguments == null ? Json.mapper().createObjectNode() : Json.mapper().valueToTree(arguments);
        Optional<CountersignError> problem = tool.input().check("", args);
        if (problem.isPresent()) {
            return ToolResults.error(problem.get());
        }
        try {
            return tool.call(new ToolCall(agentId, (ObjectNode) args, watch.apply(name)));
        } catch (CountersignException e) {
            if (e.error().code() == ErrorCode.INTERNAL) {
                LOG.warn("{} failed for agent {}: {}", name, agentId, e.error().message());
            }
            return ToolResults.error(e.error());
        }
    }
}
