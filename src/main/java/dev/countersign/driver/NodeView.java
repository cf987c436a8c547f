package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementNode;
import dev.countersign.policy.ScreenRedactor;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One node as an agent sees it. Agents pay per byte, so empty and default fields are left out:
 * no {@code value} for secure fields (never), {@code secure} only when true, {@code parent} absent
 * for the root, states only where they differ from "enabled, visible, showing", and a description
 * only where it differs from the name.
 *
 * @param frame {@code [x, y, width, height]} in screen pixels
 * @param parent index of the parent node in the same observation
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record NodeView(
        @JsonProperty("ref") String ref,
        @JsonProperty("role") String role,
        @JsonProperty("subrole") String subrole,
        @JsonProperty("name") String name,
        @JsonProperty("identifier") String identifier,
        @JsonProperty("value") String value,
        @JsonProperty("frame") int[] frame,
        @JsonProperty("states") List<String> states,
        @JsonProperty("actions") List<String> actions,
        @JsonProperty("secure") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean secure,
        @JsonProperty("depth") @JsonInclude(JsonInclude.Include.NON_DEFAULT) int depth,
        @JsonProperty("parent") Integer parent,
        @JsonProperty("description") String description) {

    private static String value(ElementNode node, ScreenRedactor redactor, ScreenRedactor.Tally tally,
            CredentialMemory memory) {
        String value = node.secure() ? null : node.value();
        if (value == null || !node.hasState("editable")) {
            return redactor.redact(value, tally);
        }
        if (!"terminal".equals(node.role())) {
            // A document (multi-line) is remembered only for a whole credential: its prose can join
            // into a shape once its spaces are left out, and that must not withhold it for good.
            redactor.shapeIn(value, !node.hasState("multi_line"))
                    .ifPresent(shape -> memory.remember(node.handle(), shape));
            var held = memory.heldBy(node.handle());
            if (held.isPresent()) {
                return value.isEmpty() ? value : whole(held.get(), tally);
            }
        }
        return redactor.redactField(value, tally);
    }

    private static String whole(String shape, ScreenRedactor.Tally tally) {
        tally.add();
        return "[redacted:" + shape + "]";
    }

    /** States every ordinary node has; reporting them would cost bytes and say nothing. */
    private static final Set<String> DEFAULT_STATES = Set.of("enabled", "sensitive", "visible", "showing");

    /**
     * The node as the agent sees it, with credentials in its name, identifier, value and
     * description withheld and counted in {@code tally}. The value of an editable element is
     * redacted also where a credential is split by separators, and withheld whole once the element
     * has held one ({@link CredentialMemory}): its text is what an agent's keys can cut apart.
     */
    static NodeView of(String ref, ElementNode node, ScreenRedactor redactor, ScreenRedactor.Tally tally,
            CredentialMemory memory) {
        Rect f = node.frame();
        // The description only where it says something the name does not ("Square [Ctrl+2]").
        String description = node.description().isBlank() || node.description().equals(node.name()) ? null
                : node.description();
        return new NodeView(ref, node.role(), node.subrole(), redactor.redact(node.name(), tally),
                redactor.redact(node.identifier(), tally), value(node, redactor, tally, memory),
                f == null ? null : new int[] {f.x(), f.y(), f.width(), f.height()},
                states(node.states()), node.actions(), node.secure(), node.depth(),
                node.parent() < 0 ? null : node.parent(), redactor.redact(description, tally));
    }

    /** The states that say something, sorted; one small list per node (observations hold hundreds). */
    private static List<String> states(Set<String> states) {
        List<String> shown = new ArrayList<>(states.size() + 1);
        for (String state : states) {
            if (!DEFAULT_STATES.contains(state)) {
                shown.add(state);
            }
        }
        if (!states.contains("enabled") && !states.contains("sensitive") && !states.contains("disabled")) {
            shown.add("disabled");
        }
        if (!states.contains("showing") && !states.contains("visible") && !states.contains("hidden")) {
            shown.add("hidden");
        }
        shown.sort(null);
        return shown;
    }

    /** The node without its ref: what the observation fingerprint covers (refs are random). */
    NodeView withoutRef() {
        return new NodeView(null, role, subrole, name, identifier, value, frame, states, actions, secure, depth, parent,
                description);
    }
}
