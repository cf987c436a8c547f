package dev.countersign.desktop.linux;

import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementNode;
import java.util.List;
import java.util.Set;

/** One element while it is being read: filled in by {@link NodeReader}, turned into an {@link ElementNode} at the end. */
final class RawNode {
    final AtspiRef ref;
    final int depth;
    /** Index of the parent in the walker's kept list (breadth-first), -1 for the root. */
    final int bfsParent;
    /** Index of this node in the walker's kept list. */
    final int bfsIndex;
    /**
     * The depth the depth bound is counted on: levels below the window, or below the nearest
     * document, so a web page or a Writer document gets the whole bound however deep the
     * application nests it (Chromium puts form fields nine levels down).
     */
    int boundDepth;

    String name = "";
    String description = "";
    String identifier;
    int role = -1;
    long stateBits;
    Rect frame;
    List<String> actions = List.of();
    List<AtspiRef> children = List.of();
    int childCount;
    /** Short interface names (Component, Action, Text, EditableText, Value, ...). */
    Set<String> interfaces = Set.of();
    String value;
    String goneReason;
    /** Why the walk left this element and its subtree out on purpose ("hidden", "closed_menu"), or null. */
    String skipped;

    RawNode(AtspiRef ref, int depth, int bfsParent, int bfsIndex) {
        this.ref = ref;
        this.depth = depth;
        this.bfsParent = bfsParent;
        this.bfsIndex = bfsIndex;
    }

    /** A password field: its value is never requested from the application. */
    boolean secure() {
        return role == AtspiNames.ROLE_PASSWORD_TEXT;
    }

    /**
     * Whether the element can be acted on, so its accessible id is worth a call: identity checks
     * before an action compare it, and static labels are never acted on.
     */
    boolean actionable() {
        return interfaces.contains("Action") || interfaces.contains("EditableText") || interfaces.contains("Value");
    }

    boolean gone() {
        return goneReason != null;
    }


    ElementNode toNode(int depthInSnapshot, int parentIndex) {
        Set<String> states = AtspiNames.states(stateBits);
        return new ElementNode(ref, AtspiNames.role(role), null, name, description, identifier,
                secure() ? null : value, frame, states, actions, secure(), depthInSnapshot, parentIndex);
    }
}
