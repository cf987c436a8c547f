package dev.countersign.govern;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.approval.ApprovalWatch;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.core.Rect;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.ForwardedAct;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A governed server's computer tool as one Countersign tool. Read-only actions ({@code screenshot},
 * {@code cursor_position}) pass through Countersign's checks; every other action is a
 * {@link ForwardedAct} on the driver's governed graph, and the server is called only from its
 * execute step. Points are in the pixels of the agent's last screenshot from this tool (the
 * server's own space); before one there is nothing to aim at.
 */
public final class ComputerProxy implements GuestTool {
    /** What every governed tool says of itself in {@code tools/list} (GuestToolTest weighs it). */
    public static final String DESCRIPTION = "Governed computer use: point is in pixels of your last screenshot; "
            + "acts return unknown receipts (screenshot again), risky ones wait for the person.";

    private final String name;
    private final GovernedServer server;
    private final Offer offer;
    private final ComputerDriver driver;
    private final ScreenWindows windows;
    /** Each agent's last screenshot size: the space its points are in. */
    private final Map<String, int[]> lastShot = new ConcurrentHashMap<>();

    public ComputerProxy(String name, GovernedServer server, ComputerDriver driver, ScreenWindows windows) {
        this.name = name;
        this.server = server;
        this.offer = Offer.of(server.tools());
        this.driver = driver;
        this.windows = windows;
        if (offer.tool() == null || offer.actions().isEmpty()) {
            throw new CountersignException(CountersignError.of(ErrorCode.UNSUPPORTED_PLATFORM, "the server '"
                    + server.name() + "' offers no computer tool Countersign can govern"));
        }
    }

    public Offer offer() {
        return offer;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return DESCRIPTION;
    }

    @Override
    public List<String> actions() {
        return List.copyOf(offer.actions().keySet());
    }

    @Override
    public Reply call(String agentId, Call call, ApprovalWatch watch) {
        if (!offer.actions().containsKey(call.action())) {
            return new Reply.Refused(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "action",
                    "not offered: " + call.action()));
        }
        try {
            ServerAction action = ActionNames.parse(call);
            if (action instanceof ServerAction.Screenshot shot) {
                return screenshot(agentId, shot);
            }
            if (action instanceof ServerAction.CursorPosition position) {
                return cursorPosition(position);
            }
            // Every other action mutates: the governed graph runs before the server hears of it.
            ServerAction.Act act = (ServerAction.Act) action;
            // The server is sent the act as the driver judged it (a chord as this desktop presses it).
            ForwardedAct forwarded = new ForwardedAct(name, server.name(), act.wire(),
                    act.input((field, p) -> area(agentId, field, p)), judged -> forward(act.calls(judged)));
            return new Reply.Governed(driver.forward(agentId, forwarded, watch));
        } catch (CountersignException e) {
            return new Reply.Refused(e.error());
        }
    }

    private Reply screenshot(String agentId, ServerAction.Screenshot shot) {
        Rect screen = screen();
        ScreenshotGate.Checked checked = ScreenshotGate.take(() -> server.call(offer.tool(), shot.calls().get(0)),
                windows, screen);
        lastShot.put(agentId, new int[] {checked.width(), checked.height()});
        String size = "{\"image_width\":" + checked.width() + ",\"image_height\":" + checked.height() + "}";
        return new Reply.Content(List.of(new McpSchema.TextContent(size),
                new McpSchema.ImageContent(null, Base64.getEncoder().encodeToString(checked.png()), "image/png")));
    }

    private Reply cursorPosition(ServerAction.CursorPosition position) {
        McpSchema.CallToolResult result = server.call(offer.tool(), position.calls().get(0));
        JsonNode body = result.structuredContent() == null ? null : Json.mapper().valueToTree(result.structuredContent());
        if (Boolean.TRUE.equals(result.isError()) || body == null || !body.path("x").isInt() || !body.path("y").isInt()) {
            return new Reply.Refused(CountersignError.of(ErrorCode.INTERNAL,
                    "the governed server gave no cursor position Countersign can read"));
        }
        // Only the two numbers reach the agent, never the server's own words.
        return new Reply.Content(List.of(new McpSchema.TextContent("{\"x\":" + body.path("x").asInt() + ",\"y\":"
                + body.path("y").asInt() + "}")));
    }

    /** The server's calls for one act, with the agent's own points (the server maps them itself). */
    private Dispatch forward(List<Map<String, Object>> calls) {
        String answered = "ok";
        for (Map<String, Object> c : calls) {
            McpSchema.CallToolResult result = server.call(offer.tool(), c);
            if (Boolean.TRUE.equals(result.isError())) {
                // Its error is no more evidence than its "ok": the outcome stays unknown either way.
                answered = "an error";
                break;
            }
        }
        return new Dispatch("govern:" + server.name(), calls.size() + " call(s) to its '" + offer.tool()
                + "' tool; it answered " + answered + " (its own claim, not evidence)");
    }

    private Rect area(String agentId, String field, ServerAction.Pixel p) {
        int[] shot = lastShot.get(agentId);
        if (shot == null) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, field,
                    "take a screenshot first: points are pixels of your last screenshot from " + name));
        }
        return CoordinateSpace.area(field, p.x(), p.y(), shot[0], shot[1], screen());
    }

    private Rect screen() {
        return windows.screen().orElseThrow(() -> new CountersignException(CountersignError.of(
                ErrorCode.UNSUPPORTED_PLATFORM, "the screen's size cannot be told; no point can be placed on it")));
    }
}
