package dev.countersign.govern;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.Json;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What of a governed server Countersign can offer agents, and what it withholds and why. Countersign
 * governs one shape: an Anthropic-style {@code computer} tool (one {@code action} enum, a
 * {@code coordinate} pair, a {@code text}). Each of our actions is offered only when the server
 * has every action it forwards to; everything else the server lists is withheld with a reason,
 * because an action Countersign cannot resolve to a target is one it cannot govern.
 *
 * @param tool the server's computer tool, or null when it has none
 * @param actions our actions offered, each mapped to the server's actions it uses
 * @param withheld what the server offers and agents do not get, with the reason
 */
public record Offer(String tool, Map<String, List<String>> actions, List<Withheld> withheld) {

    /** One thing withheld: a tool, or {@code tool.action}. */
    public record Withheld(String what, String why) {
    }

    /**
     * Our action → the server's actions it forwards to (all must exist), in the order offered; the
     * first is the one it stands for, the rest are helpers ({@link ActionNames}).
     */
    static final Map<String, List<String>> VOCABULARY = ActionNames.vocabulary();

    /** Reasons for the server's own actions that no offered action covers. */
    private static final Map<String, String> WHY = Map.of(
            "mouse_move", "a bare pointer move has no target to judge; Countersign moves the pointer only as the "
                    + "first half of a governed drag",
            "left_mouse_down", "half a click: what it lands on cannot be judged until the button comes up",
            "left_mouse_up", "half a click: what it lands on cannot be judged until the button comes up",
            "hold_key", "a held key has no end Countersign can judge",
            "wait", "not an action on the desktop");

    /** Classifies a server's tools. */
    public static Offer of(List<McpSchema.Tool> tools) {
        String computer = null;
        Set<String> serverActions = new TreeSet<>();
        List<Withheld> withheld = new ArrayList<>();
        for (McpSchema.Tool t : tools) {
            Set<String> actions = computerActions(t);
            if (computer == null && actions != null) {
                computer = t.name();
                serverActions.addAll(actions);
            } else {
                withheld.add(new Withheld(t.name(), actions == null
                        ? "not a computer-use tool Countersign can resolve to a point or a focused element, so it "
                                + "cannot be governed"
                        : "a second computer tool; Countersign governs one per server"));
            }
        }
        Map<String, List<String>> offered = new LinkedHashMap<>();
        if (computer != null) {
            Set<String> covered = new TreeSet<>();
            VOCABULARY.forEach((ours, theirs) -> {
                if (serverActions.containsAll(theirs)) {
                    offered.put(ours, theirs);
                    covered.addAll(theirs);
                }
            });
            for (String a : serverActions) {
                boolean primary = offered.values().stream().anyMatch(l -> l.get(0).equals(a));
                if (!primary) {
                    withheld.add(new Withheld(computer + "." + a, WHY.getOrDefault(a,
                            "an action Countersign does not know how to resolve to a target, so it cannot govern it")));
                }
            }
        }
        return new Offer(computer, Collections.unmodifiableMap(offered), List.copyOf(withheld));
    }

    /** The values of the tool's {@code action} enum when it has the computer shape; null otherwise. */
    static Set<String> computerActions(McpSchema.Tool tool) {
        JsonNode schema = Json.mapper().valueToTree(tool.inputSchema());
        JsonNode props = schema.path("properties");
        JsonNode action = props.path("action").path("enum");
        if (!action.isArray() || !props.has("coordinate")) {
            return null;
        }
        Set<String> actions = new TreeSet<>();
        action.forEach(a -> actions.add(a.asText()));
        return actions;
    }
}
