package dev.countersign.desktop.linux;

import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.SecretFields;
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
    /** Whether {@link #children} came whole from the application's cache (nothing left to ask). */
    boolean childrenListed;
    int childCount;
    /** Whether {@link #childCount} was read (else it says 0 for a count the application did not give). */
    boolean countKnown;
    /**
     * The header names of a table cell read by {@link VisibleChildren} ("Fruit"; row and column
     * joined), which become its description where it has none of its own; null otherwise.
     */
    String headers;
    /** Short interface names (Component, Action, Text, EditableText, Value, ...). */
    Set<String> interfaces = Set.of();
    String value;
    /** Whether its text, name or description was cut at {@link NodeReader#MAX_TEXT}. */
    boolean textTruncated;
    /** Whether its text read as a mask only ({@link SecretFields#masked}): a password the app masks itself. */
    boolean masked;
    String goneReason;
    /** Whether a click reaches it only as a pointer click ({@link ElementNode#CLICK_BY_POINTER}). */
    boolean clickByPointer;
    /** Why the walk left this element and its subtree out on purpose ("hidden", "closed_menu"), or null. */
    String skipped;

    RawNode(AtspiRef ref, int depth, int bfsParent, int bfsIndex) {
        this.ref = ref;
        this.depth = depth;
        this.bfsParent = bfsParent;
        this.bfsIndex = bfsIndex;
    }

    /**
     * A password field, or a text field that holds one by its label or its mask ({@link SecretFields}):
     * its value is never requested from the application, or (a mask, seen only once read) dropped.
     */
    boolean secure() {
        return role == AtspiNames.ROLE_PASSWORD_TEXT || masked
                || interfaces.contains("EditableText") && (SecretFields.labelled(name) || SecretFields.labelled(description));
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
        if (textTruncated || clickByPointer) {
            Set<String> marked = new java.util.HashSet<>(states);
            if (textTruncated) {
                marked.add(NodeReader.TRUNCATED);
            }
            if (clickByPointer) {
                marked.add(ElementNode.CLICK_BY_POINTER);
            }
            states = marked;
        }
        String shownDescription = description.isEmpty() && headers != null ? headers : description;
        return new ElementNode(ref, AtspiNames.role(role), null, name, shownDescription, identifier,
                secure() ? null : value, frame, states, actions, secure(), depthInSnapshot, parentIndex);
    }
}
