package dev.countersign.graph;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The governed graph as data: every allowed (node, event) → node. A pair that is not in the table
 * is a programming error, not a state the graph can reach.
 *
 * <p>Once a reservation was returned, every terminal path goes through {@code RELEASE}; before
 * that there is nothing to release and refusals end at {@code DONE}.
 */
public final class TransitionTable {
    private static final Map<Node, Map<Event, Node>> TABLE = new EnumMap<>(Node.class);

    static {
        on(Node.OBSERVE, Event.PASSED, Node.PREVIEW);
        on(Node.OBSERVE, Event.REFUSED, Node.DONE);

        on(Node.PREVIEW, Event.PASSED, Node.RESERVE);
        on(Node.PREVIEW, Event.REFUSED, Node.DONE);

        on(Node.RESERVE, Event.PASSED, Node.APPROVE);
        on(Node.RESERVE, Event.REFUSED, Node.DONE);
        on(Node.RESERVE, Event.RESERVATION_REJECTED, Node.RELEASE);

        on(Node.APPROVE, Event.PASSED, Node.LEASE);
        on(Node.APPROVE, Event.APPROVAL_REQUIRED, Node.AWAIT_APPROVAL);
        on(Node.APPROVE, Event.REFUSED, Node.RELEASE);

        on(Node.AWAIT_APPROVAL, Event.APPROVED, Node.LEASE);
        on(Node.AWAIT_APPROVAL, Event.DENIED, Node.RELEASE);
        on(Node.AWAIT_APPROVAL, Event.REFUSED, Node.RELEASE);

        on(Node.LEASE, Event.PASSED, Node.EXECUTE);
        on(Node.LEASE, Event.REFUSED, Node.RELEASE);

        on(Node.EXECUTE, Event.PASSED, Node.VERIFY);
        on(Node.EXECUTE, Event.REFUSED, Node.RELEASE);
        on(Node.EXECUTE, Event.DISPATCH_UNCERTAIN, Node.RELEASE);

        on(Node.VERIFY, Event.PASSED, Node.RELEASE);
        on(Node.VERIFY, Event.REFUSED, Node.RELEASE);

        on(Node.RELEASE, Event.RELEASED, Node.DONE);
        on(Node.RELEASE, Event.RELEASE_FAILED, Node.DONE);
    }

    private TransitionTable() {
    }

    private static void on(Node from, Event event, Node to) {
        Node previous = TABLE.computeIfAbsent(from, n -> new EnumMap<>(Event.class)).put(event, to);
        if (previous != null) {
            throw new IllegalStateException("duplicate transition " + from + " on " + event);
        }
    }

    /** The node that follows {@code from} on {@code event}, if the table allows that pair. */
    public static Optional<Node> next(Node from, Event event) {
        Map<Event, Node> row = TABLE.get(from);
        return Optional.ofNullable(row == null ? null : row.get(event));
    }

    /** Every transition in declaration order. */
    public static List<Transition> all() {
        List<Transition> all = new ArrayList<>();
        TABLE.forEach((from, row) -> row.forEach((event, to) -> all.add(new Transition(from, event, to))));
        return Collections.unmodifiableList(all);
    }

    /** The table as a Mermaid state diagram (committed as {@code docs/graph.md}, checked by a test). */
    public static String toMermaid() {
        StringBuilder out = new StringBuilder("stateDiagram-v2\n");
        out.append("    [*] --> OBSERVE\n");
        for (Transition t : all()) {
            String to = t.to() == Node.DONE ? "[*]" : t.to().name();
            out.append("    ").append(t.from()).append(" --> ").append(to)
                    .append(" : ").append(t.event()).append('\n');
        }
        return out.toString();
    }
}
