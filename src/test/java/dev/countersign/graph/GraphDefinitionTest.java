package dev.countersign.graph;

import static dev.countersign.graph.GraphDefinition.on;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.graph.Outcome.Assessed;
import dev.countersign.graph.Outcome.Checked;
import dev.countersign.graph.Outcome.Decided;
import dev.countersign.graph.Outcome.Executed;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** A declaration that is not a closed graph fails when it is built, never when a run reaches the gap. */
class GraphDefinitionTest {
    private static final GraphDefinition.Work<Checked> PASS = (state, s) -> Checked.PASSED;
    private static final GraphDefinition.Work<Assessed> ASSESS = (state, s) -> Assessed.PASSED;
    private static final Node[] ORDER = {Node.OBSERVE, Node.PREVIEW, Node.RESERVE, Node.APPROVE, Node.LEASE,
        Node.EXECUTE, Node.VERIFY, Node.RELEASE};

    /** Every node but {@code DONE} declared as a straight line, with {@code edit} applied before building. */
    private static GraphDefinition line(UnaryOperator<GraphDefinition.Builder> edit) {
        GraphDefinition.Builder b = GraphDefinition.startingAt(Node.OBSERVE);
        for (int i = 0; i < ORDER.length; i++) {
            Node to = i + 1 < ORDER.length ? ORDER[i + 1] : Node.DONE;
            if (ORDER[i] == Node.APPROVE) {
                b.node(Node.APPROVE, Assessed.class, ASSESS, on(Assessed.PASSED, Node.LEASE),
                        on(Assessed.APPROVAL_REQUIRED, Node.AWAIT_APPROVAL), on(Assessed.REFUSED, Node.DONE));
            } else {
                b.node(ORDER[i], Checked.class, PASS, on(Checked.PASSED, to), on(Checked.REFUSED, Node.DONE));
            }
        }
        return edit.apply(b).build();
    }

    private static GraphDefinition.Builder withInterrupt(GraphDefinition.Builder b) {
        return b.interrupt(Node.AWAIT_APPROVAL, Decided.class, (state, d, s) -> Decided.APPROVED,
                on(Decided.APPROVED, Node.LEASE), on(Decided.DENIED, Node.DONE), on(Decided.REFUSED, Node.DONE));
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
    void anEventANodeCanEmitWithoutAnEdgeFailsAtConstruction() {
        // VERIFY's work can return REFUSED (its type says so), but the declaration forgot that edge:
        // the build fails, before any run could reach VERIFY and refuse.
        GraphDefinition.Builder b = GraphDefinition.startingAt(Node.OBSERVE);
        assertThatThrownBy(() -> b.node(Node.VERIFY, Checked.class, PASS, on(Checked.PASSED, Node.RELEASE)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("VERIFY can emit [REFUSED] but has no edge for it");
    }

    @Test
    void theGovernedDeclarationMissingOneEdgeFailsAtConstruction() {
        // The real table with EXECUTE's DISPATCH_UNCERTAIN edge left out: an action whose dispatch
        // became uncertain would otherwise have found no edge only at run time.
        assertThatThrownBy(() -> GraphDefinition.startingAt(Node.OBSERVE)
                .node(Node.EXECUTE, Executed.class,
                        (state, s) -> NodeSteps.execute(state, s.runtime(), s.clock()),
                        on(Executed.PASSED, Node.VERIFY), on(Executed.REFUSED, Node.RELEASE)))
                .hasMessage("EXECUTE can emit [DISPATCH_UNCERTAIN] but has no edge for it");
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void anEdgeOnAnEventTheWorkNeverEmitsFailsAtConstruction() {
        // Only an unchecked cast gets an edge on another type's event past the compiler; the build
        // refuses it rather than trusting the erased generic.
        GraphDefinition.Edge foreign = on(Assessed.APPROVAL_REQUIRED, Node.AWAIT_APPROVAL);
        assertThatThrownBy(() -> GraphDefinition.startingAt(Node.OBSERVE).node(Node.OBSERVE, Checked.class, PASS,
                on(Checked.PASSED, Node.PREVIEW), on(Checked.REFUSED, Node.DONE), foreign))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("OBSERVE has an edge on APPROVAL_REQUIRED, which its work never emits"
                        + " (it emits [PASSED, REFUSED])");
    }

    @Test
    void aNodeNeverDeclaredFailsAtConstruction() {
        assertThatThrownBy(() -> line(b -> b.terminal(Node.DONE)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("AWAIT_APPROVAL is never declared");
    }

    @Test
    void aNodeDeclaredTwiceFailsAtConstruction() {
        assertThatThrownBy(() -> line(b -> withInterrupt(b).terminal(Node.DONE).node(Node.VERIFY, Checked.class,
                PASS, on(Checked.PASSED, Node.RELEASE), on(Checked.REFUSED, Node.RELEASE))))
                .hasMessageContaining("VERIFY is declared twice");
    }

    @Test
    void anEdgeToAStateNeverDeclaredFailsAtConstruction() {
        GraphDefinition.Builder b = GraphDefinition.startingAt(Node.OBSERVE)
                .node(Node.OBSERVE, Checked.class, PASS, on(Checked.PASSED, Node.PREVIEW),
                        on(Checked.REFUSED, Node.DONE));
        assertThatThrownBy(b::build).isInstanceOf(IllegalStateException.class).hasMessageContaining("never declared");
    }

    @Test
    void aTerminalDeclaredAsAWorkingNodeFailsAtConstruction() {
        assertThatThrownBy(() -> line(b -> withInterrupt(b).node(Node.DONE, Checked.class, PASS,
                on(Checked.PASSED, Node.OBSERVE), on(Checked.REFUSED, Node.OBSERVE)).terminal(Node.DONE)))
                .hasMessageContaining("DONE is declared twice");
    }

    @Test
    void aWorkingNodeWithoutEdgesFailsAtConstruction() {
        assertThatThrownBy(() -> line(b -> b.interrupt(Node.AWAIT_APPROVAL, Decided.class,
                (state, d, s) -> Decided.APPROVED).terminal(Node.DONE)))
                .hasMessageContaining("AWAIT_APPROVAL has no way out");
    }

    @Test
    void aDuplicateEdgeFailsAtConstruction() {
        assertThatThrownBy(() -> GraphDefinition.startingAt(Node.OBSERVE)
                .node(Node.OBSERVE, Checked.class, PASS, on(Checked.PASSED, Node.PREVIEW),
                        on(Checked.PASSED, Node.DONE)))
                .hasMessageContaining("duplicate transition OBSERVE on PASSED");
    }

    @Test
    void aStateNoRunCanReachFailsAtConstruction() {
        // AWAIT_APPROVAL is declared but nothing leads to it any more.
        GraphDefinition.Builder b = GraphDefinition.startingAt(Node.OBSERVE);
        for (int i = 0; i < ORDER.length; i++) {
            b.node(ORDER[i], Checked.class, PASS, on(Checked.PASSED, i + 1 < ORDER.length ? ORDER[i + 1] : Node.DONE),
                    on(Checked.REFUSED, Node.DONE));
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
