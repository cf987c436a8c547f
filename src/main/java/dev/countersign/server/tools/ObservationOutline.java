package dev.countersign.server.tools;

import dev.countersign.driver.NodeView;
import dev.countersign.driver.ObservationView;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.Map;

/**
 * The text a model reads of an observation: an indented outline, one line per node, at about a
 * third of the JSON's bytes (docs/decisions/0007-observation-outline.md). The full JSON stays in
 * {@code structuredContent}.
 *
 * <pre>
 * obs_… expires 2026-12-02T00:31:02Z fingerprint sha256:…
 * app "gtk3-widget-factory" pid 4242 launch 4242:99
 * window w1 "Widget Factory" @0,0,800,600
 * rAbCdEfGhIjK frame "Widget Factory"
 *  rLmNoPqRsTuV check box "Remember me" [checked,focusable]
 *  rWxYz0123456 text "Name" ="Ada"
 * </pre>
 *
 * A line is: one space of indent per level below the window, the ref, the role, then what is
 * present of {@code "name"}, {@code ="value"}, {@code [states]} (without the layout and
 * capability ones, {@link #QUIET}), {@code (id "identifier")},
 * {@code (desc "description")} and, when asked, {@code @x,y,w,h}. A role is a bare phrase of
 * letters, digits, spaces, {@code _} and {@code -}, so each field after it starts with a
 * character a role cannot hold. Every text from the screen is a
 * JSON string literal (quotes, backslashes, newlines, tabs, control and line-separator
 * characters escaped), so no name can start a line, fake a ref or end its own quotes; roles and
 * states are bare only while they are plain words, else quoted the same way. Texts are the
 * view's, which the driver has already redacted; secure nodes have no value and say
 * {@code secure}.
 */
public final class ObservationOutline {
    /**
     * States that say what a node could do or how it is laid out rather than what it is now: left
     * out of the outline (the JSON keeps them). Line-ness stays on editable nodes, where it says
     * whether Return submits.
     */
    private static final Set<String> QUIET = Set.of("focusable", "selectable", "horizontal", "vertical", "transient",
            "has_tooltip", "manages_descendants", "opaque", "resizable");
    private static final Set<String> LINES = Set.of("single_line", "multi_line");
    private static final String LEGEND = "# ref role \"name\" =\"value\" [states] (desc …); indent = nesting\n";

    private ObservationOutline() {
    }

    /** The outline of {@code view}; node frames only when {@code frames}. */
    public static String render(ObservationView view, boolean frames) {
        StringBuilder out = new StringBuilder(64 + view.nodes().size() * 48);
        out.append(view.observationId()).append(" expires ").append(view.expiresAt());
        if (view.fingerprint() != null) {
            out.append(" fingerprint ").append(view.fingerprint());
        }
        out.append('\n');
        if (view.app() != null) {
            ObservationView.AppView app = view.app();
            out.append("app ");
            quote(out, app.name());
            out.append(" pid ").append(app.pid());
            if (app.bundleId() != null) {
                out.append(" bundle ");
                quote(out, app.bundleId());
            }
            if (app.launchId() != null) {
                out.append(" launch ");
                quote(out, app.launchId());
            }
            out.append('\n');
        }
        if (view.window() != null) {
            out.append("window ");
            quote(out, view.window().id());
            out.append(' ');
            quote(out, view.window().title());
            frame(out, view.window().frame());
            out.append('\n');
        }
        if (view.truncated() || view.omittedCount() > 0) {
            out.append(view.truncated() ? "truncated, " : "").append(view.omittedCount()).append(" omitted");
            Map<String, Integer> reasons = view.omittedByReason();
            if (reasons != null && !reasons.isEmpty()) {
                out.append(':');
                reasons.forEach((reason, count) -> {
                    out.append(' ');
                    atom(out, reason);
                    out.append(' ').append(count);
                });
            }
            out.append('\n');
        }
        if (view.redacted() > 0) {
            out.append("redacted ").append(view.redacted()).append('\n');
        }
        out.append(LEGEND);
        List<NodeView> nodes = view.nodes();
        int[] level = new int[nodes.size()];
        for (int i = 0; i < nodes.size(); i++) {
            NodeView node = nodes.get(i);
            Integer parent = node.parent();
            // Nodes come in pre-order, so a parent is always printed (and levelled) before its children.
            level[i] = parent == null || parent < 0 || parent >= i ? 0 : level[parent] + 1;
            out.append(" ".repeat(level[i]));
            line(out, node, frames);
        }
        return out.toString();
    }

    private static void line(StringBuilder out, NodeView node, boolean frames) {
        atom(out, node.ref());
        out.append(' ');
        atom(out, node.subrole() == null || node.subrole().isEmpty() ? String.valueOf(node.role())
                : node.role() + ":" + node.subrole());
        if (present(node.name())) {
            out.append(' ');
            quote(out, node.name());
        }
        if (present(node.value())) {
            out.append(" =");
            quote(out, node.value());
        }
        List<String> states = shown(node.states());
        if (node.secure() || !states.isEmpty()) {
            out.append(" [");
            boolean first = true;
            if (node.secure()) {
                out.append("secure");
                first = false;
            }
            for (String state : states) {
                if (!first) {
                    out.append(',');
                }
                atom(out, state);
                first = false;
            }
            out.append(']');
        }
        if (present(node.identifier())) {
            out.append(" (id ");
            quote(out, node.identifier());
            out.append(')');
        }
        if (present(node.description())) {
            out.append(" (desc ");
            quote(out, node.description());
            out.append(')');
        }
        if (frames) {
            frame(out, node.frame());
        }
        out.append('\n');
    }

    private static List<String> shown(List<String> states) {
        if (states == null || states.isEmpty()) {
            return List.of();
        }
        boolean editable = states.contains("editable");
        List<String> shown = new ArrayList<>(states.size());
        for (String state : states) {
            if (!QUIET.contains(state) && (editable || !LINES.contains(state))) {
                shown.add(state);
            }
        }
        return shown;
    }

    private static boolean present(String text) {
        return text != null && !text.isEmpty();
    }

    private static void frame(StringBuilder out, int[] frame) {
        if (frame != null && frame.length == 4) {
            out.append(" @").append(frame[0]).append(',').append(frame[1]).append(',').append(frame[2]).append(',')
                    .append(frame[3]);
        }
    }

    /** A word as it is while it is plainly one (a role, a state, a ref); anything else quoted. */
    private static void atom(StringBuilder out, String text) {
        if (bare(text)) {
            out.append(text);
        } else {
            quote(out, text == null ? "" : text);
        }
    }

    /**
     * Whether {@code text} may stand unquoted: a letter, then up to 63 letters, digits, spaces,
     * {@code _} or {@code -}, not ending in a space. Checked by hand rather than by a regex, as it
     * is for three words or more on each of hundreds of lines.
     */
    static boolean bare(String text) {
        if (text == null || text.isEmpty() || text.length() > 64 || text.endsWith(" ") || !letter(text.charAt(0))) {
            return false;
        }
        for (int i = 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!letter(c) && !(c >= '0' && c <= '9') && c != ' ' && c != '_' && c != '-') {
                return false;
            }
        }
        return true;
    }

    private static boolean letter(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z';
    }

    /** {@code text} as a JSON string literal, also escaping the separators some readers break lines at. */
    static void quote(StringBuilder out, String text) {
        out.append('"');
        if (text != null) {
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\r' -> out.append("\\r");
                    case '\t' -> out.append("\\t");
                    default -> {
                        if (c < 0x20 || c == 0x7f || c == 0x85 || c == 0x2028 || c == 0x2029
                                || c >= 0x200b && c <= 0x200f || c >= 0x202a && c <= 0x202e
                                || c >= 0x2066 && c <= 0x2069 || c == 0xfeff) {
                            out.append(String.format("\\u%04x", (int) c));
                        } else {
                            out.append(c);
                        }
                    }
                }
            }
        }
        out.append('"');
    }
}
