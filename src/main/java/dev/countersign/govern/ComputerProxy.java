package dev.countersign.govern;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.core.Rect;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.approval.ApprovalWatch;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.ForwardedAct;
import dev.countersign.policy.KeyChord;
import dev.countersign.server.GuestTool;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    private static final Pattern SCROLL = Pattern.compile("(up|down|left|right)(?::([1-9][0-9]{0,4}))?");

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
            switch (call.action()) {
                case "screenshot":
                    return screenshot(agentId);
                case "cursor_position":
                    return cursorPosition();
                default:
                    return new Reply.Governed(driver.forward(agentId, act(agentId, call), watch));
            }
        } catch (CountersignException e) {
            return new Reply.Refused(e.error());
        }
    }

    private Reply screenshot(String agentId) {
        Rect screen = screen();
        ScreenshotGate.Checked checked = ScreenshotGate.check(server.call(offer.tool(), Map.of("action",
                "get_screenshot")), windows, screen);
        lastShot.put(agentId, new int[] {checked.width(), checked.height()});
        String size = "{\"image_width\":" + checked.width() + ",\"image_height\":" + checked.height() + "}";
        return new Reply.Content(List.of(new McpSchema.TextContent(size),
                new McpSchema.ImageContent(null, Base64.getEncoder().encodeToString(checked.png()), "image/png")));
    }

    private Reply cursorPosition() {
        McpSchema.CallToolResult result = server.call(offer.tool(), Map.of("action", "get_cursor_position"));
        JsonNode body = result.structuredContent() == null ? null : Json.mapper().valueToTree(result.structuredContent());
        if (Boolean.TRUE.equals(result.isError()) || body == null || !body.path("x").isInt() || !body.path("y").isInt()) {
            return new Reply.Refused(CountersignError.of(ErrorCode.INTERNAL,
                    "the governed server gave no cursor position Countersign can read"));
        }
        // Only the two numbers reach the agent, never the server's own words.
        return new Reply.Content(List.of(new McpSchema.TextContent("{\"x\":" + body.path("x").asInt() + ",\"y\":"
                + body.path("y").asInt() + "}")));
    }

    private ForwardedAct act(String agentId, Call call) {
        String op = call.action();
        if (ForwardedAct.KEYBOARD.contains(op) && call.point() != null) {
            // Keys and typed text go where keyboard focus is, never to a point: a point here would be
            // judged while the input lands elsewhere (a focused password field, an approval dialog).
            throw new CountersignException(ForwardedAct.noPoint(op));
        }
        Rect at = call.point() == null ? null : area(agentId, "point", call.point());
        Rect to = call.to() == null ? null : area(agentId, "to", call.to());
        String text = null;
        String keys = null;
        switch (op) {
            case "type":
                text = require(call.text(), "text", "text is required for type");
                break;
            case "key":
                keys = require(call.text(), "text", "text (the keys, e.g. ctrl+s) is required for key");
                Optional<CountersignError> bad = KeyChord.validate(keys);
                if (bad.isPresent()) {
                    throw new CountersignException(bad.get());
                }
                break;
            case "scroll":
                Matcher m = SCROLL.matcher(require(call.text(), "text", "text (up, down, left, right) is required for scroll"));
                if (!m.matches()) {
                    throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "text",
                            "scroll takes up, down, left or right, optionally :PIXELS (e.g. down:300)"));
                }
                text = m.group();
                break;
            default:
                if (call.text() != null) {
                    throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "text",
                            "text is not taken by " + op));
                }
        }
        if (!"drag".equals(op) && to != null) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "to", "to is only for drag"));
        }
        return new ForwardedAct(name, server.name(), op, at, to, text, keys, () -> forward(call));
    }

    /** The server's calls for one act, with the agent's own points (the server maps them itself). */
    private Dispatch forward(Call call) {
        List<Map<String, Object>> calls = new ArrayList<>();
        switch (call.action()) {
            case "drag":
                calls.add(args("mouse_move", call.point(), null));
                calls.add(args("left_click_drag", call.to(), null));
                break;
            case "type":
                calls.add(args("type", null, call.text()));
                break;
            case "key":
                calls.add(args("key", null, call.text()));
                break;
            case "scroll":
                calls.add(args("scroll", call.point(), call.text()));
                break;
            case "click":
                calls.add(args("left_click", call.point(), null));
                break;
            default:
                calls.add(args(call.action(), call.point(), null));
        }
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

    private static Map<String, Object> args(String action, int[] point, String text) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("action", action);
        if (point != null) {
            a.put("coordinate", List.of(point[0], point[1]));
        }
        if (text != null) {
            a.put("text", text);
        }
        return a;
    }

    private Rect area(String agentId, String field, int[] p) {
        int[] shot = lastShot.get(agentId);
        if (shot == null) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, field,
                    "take a screenshot first: points are pixels of your last screenshot from " + name));
        }
        return CoordinateSpace.area(field, p[0], p[1], shot[0], shot[1], screen());
    }

    private Rect screen() {
        return windows.screen().orElseThrow(() -> new CountersignException(CountersignError.of(
                ErrorCode.UNSUPPORTED_PLATFORM, "the screen's size cannot be told; no point can be placed on it")));
    }

    private static String require(String value, String field, String message) {
        if (value == null || value.isEmpty()) {
            throw new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, field, message));
        }
        return value;
    }
}
