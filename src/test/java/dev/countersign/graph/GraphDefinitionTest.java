package dev.countersign.graph;

import static dev.countersign.graph.GraphDefinition.on;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** A declaration that is not a closed graph fails when it is built, never when a run reaches the gap. */
class GraphDefinitionTest {
    private static final GraphDefinition.Work PASS = (state, s) -> Event.PASSED;

    /** Every node but {@code DONE} declared as a straight line, with {@code edit} applied before building. */
    private static GraphDefinition line(UnaryOperator<GraphDefinition.Builder> edit) {
        GraphDefinition.Builder b = GraphDefinition.startingAt(Node.OBSERVE);
        Node[] order = {Node.OBSERVE, Node.PREVIEW, Node.RESERVE, Node.APPROVE, Node.LEASE, Node.EXECUTE,
                Node.VERIFY, Node.RELEASE};
        for (int i = 0; i < order.length; i++) {
            Node to = i + 1 < order.length ? order[i + 1] : Node.DONE;
            if (order[i] == Node.APPROVE) {
                b.node(Node.APPROVE, PASS, on(Event.PASSED, Node.LEASE), on(Event.APPROVAL_REQUIRED, Node.AWAIT_APPROVAL));
            } else {
                b.node(order[i], PASS, on(Event.PASSED, to));
            }
        }
        return edit.apply(b).build();
    }

    private static GraphDefinition.Builder withInterrupt(GraphDefinition.Builder b) {
        return b.interrupt(Node.AWAIT_APPROVAL, (state, d, s) -> Event.APPROVED, on(Event.APPROVED, Node.LEASE));
    }

    @Test
    void aClosedDeclarationBuildsAndStopsOnlyAtDeclaredStops() {
        GraphDefinition graph = line(b -> withInterrupt(b).terminal(Node.DONE));
        assertThat(graph.stopsAt(Node.DONE)).isTrue();
        assertThat(graph.stopsAt(Node.AWAIT_APPROVAL)).isTrue();
        assertThat(graph.isInterrupt(Node.AWAIT_APPROVAL)).isTrue();
        assertThat(graph.stopsAt(Node.EXECUTE)).isFalse();
    }

    @Test
    void aNodeNeverDeclaredFailsAtConstruction() {
        assertThatThrownBy(() -> line(b -> b.terminal(Node.DONE)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("AWAIT_APPROVAL is never declared");
    }

    @Test
    void aNodeDeclaredTwiceFailsAtConstruction() {
        assertThatThrownBy(() -> line(b -> withInterrupt(b).terminal(Node.DONE).node(Node.VERIFY, PASS,
                on(Event.PASSED, Node.RELEASE)))).hasMessageContaining("VERIFY is declared twice");
    }

    @Test
    void anEdgeToAStateNeverDeclaredFailsAtConstruction() {
        GraphDefinition.Builder b = GraphDefinition.startingAt(Node.OBSERVE)
                .node(Node.OBSERVE, PASS, on(Event.PASSED, Node.PREVIEW));
        assertThatThrownBy(b::build).isInstanceOf(IllegalStateException.class).hasMessageContaining("never declared");
    }

    @Test
    void aTerminalDeclaredAsAWorkingNodeFailsAtConstruction() {
        assertThatThrownBy(() -> line(b -> withInterrupt(b).node(Node.DONE, PASS, on(Event.PASSED, Node.OBSERVE))
                .terminal(Node.DONE))).hasMessageContaining("DONE is declared twice");
    }

    @Test
    void aWorkingNodeWithoutEdgesFailsAtConstruction() {
        assertThatThrownBy(() -> line(b -> b.interrupt(Node.AWAIT_APPROVAL, (state, d, s) -> Event.APPROVED)
                .terminal(Node.DONE))).hasMessageContaining("AWAIT_APPROVAL has no way out");
    }

    @Test
    void aDuplicateEdgeFailsAtConstruction() {
        assertThatThrownBy(() -> GraphDefinition.startingAt(Node.OBSERVE)
                .node(Node.OBSERVE, PASS, on(Event.PASSED, Node.PREVIEW), on(Event.PASSED, Node.DONE)))
                .hasMessageContaining("duplicate transition OBSERVE on PASSED");
    }

    @Test
    void aStateNoRunCanReachFailsAtConstruction() {
        // AWAIT_APPROVAL is declared but APPROVE no longer leads to it.
        GraphDefinition.Builder b = GraphDefinition.startingAt(Node.OBSERVE);
        Node[] order = {Node.OBSERVE, Node.PREVIEW, Node.RESERVE, Node.APPROVE, Node.LEASE, Node.EXECUTE,
                Node.VERIFY, Node.RELEASE};
        for (int i = 0; i < order.length; i++) {
            b.node(order[i], PASS, on(Event.PASSED, i + 1 < order.length ? order[i + 1] : Node.DONE));
        }
        withInterrupt(b).terminal(Node.DONE);
        assertThatThrownBy(b::build).hasMessageContaining("no run can reach [AWAIT_APPROVAL]");
    }

    @Test
    void theGovernedGraphIsDeclaredWithOneTerminalAndOneInterrupt() {
        GraphDefinition graph = TransitionTable.GOVERNED;
        assertThat(java.util.Arrays.stream(Node.values()).filter(graph::stopsAt))
                .containsExactly(Node.AWAIT_APPROVAL, Node.DONE);
        assertThat(graph.isInterrupt(Node.AWAIT_APPROVAL)).isTrue();
        assertThat(graph.start()).isEqualTo(Node.OBSERVE);
    }
}
