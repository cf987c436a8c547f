package dev.countersign.server.tools;

import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.ToolResult;
import dev.countersign.driver.VisualArgs;
import dev.countersign.driver.VisualObservation;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * {@code computer_visual_observe}: the fresh observation's window as a PNG with numbered marks. The
 * picture is MCP image content; the JSON carries only its hash, sizes, scale, marks and omissions.
 */
final class VisualObserveTool implements AgentTool {
    private final ComputerDriver driver;

    VisualObserveTool(ComputerDriver driver) {
        this.driver = driver;
    }

    @Override
    public String name() {
        return "computer_visual_observe";
    }

    @Override
    public String description() {
        return "Screenshot a fresh observation's window, its refs marked by number (default max_marks 80): "
                + "the PNG, capture_sha256, scale, marks {mark, ref, rect}. Leaves the observation usable.";
    }

    @Override
    public ArgSchema.Obj input() {
        return ArgSchema.object()
                .require("observation_id", ArgSchema.string(64))
                .with("max_marks", ArgSchema.integer(1, 200));
    }

    @Override
    public Map<String, Object> output() {
        return OutputSchema.object()
                .field("capture_sha256", "string").field("marks", "array")
                .required("capture_sha256", "marks").build();
    }

    @Override
    public McpSchema.ToolAnnotations annotations() {
        return AgentTool.readOnly();
    }

    @Override
    public McpSchema.CallToolResult call(ToolCall call) {
        ToolResult<VisualObservation> result = driver.visualObserve(call.agentId(),
                call.argumentsAs(VisualArgs.Observe.class));
        if (result instanceof ToolResult.Err<VisualObservation> err) {
            return ToolResults.error(err.error());
        }
        VisualObservation visual = result.orThrow();
        McpSchema.CallToolResult metadata = ToolResults.ok(visual);
        List<McpSchema.Content> content = new ArrayList<>(metadata.content());
        // The image travels as image content, never as a path or base64 inside the JSON.
        content.add(new McpSchema.ImageContent(null, Base64.getEncoder().encodeToString(visual.png()), "image/png"));
        return McpSchema.CallToolResult.builder()
                .content(content)
                .structuredContent(metadata.structuredContent())
                .isError(false)
                .build();
    }
}
