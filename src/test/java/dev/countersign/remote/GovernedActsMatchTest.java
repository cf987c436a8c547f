package dev.countersign.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ElementEvidence;
import dev.countersign.core.ErrorCode;
import dev.countersign.driver.NodeView;
import dev.countersign.driver.ObservationView;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A governed act names its element by role and name; the governed side finds it in its own
 * observation, the view the governor saw. One match proves the element unique only when the
 * observation holds the whole window: one cut at its node bound could have left out a second
 * element with that name.
 */
class GovernedActsMatchTest {
    private static NodeView node(String ref, String role, String name) {
        return new NodeView(ref, role, null, name, null, null, null, List.of(), List.of(), false, 0, null, null);
    }

    private static final List<NodeView> FORM = List.of(node("r_user", "text", "User name"),
            node("r_remember", "check box", "Remember me"), node("r_ok", "push button", "OK"),
            node("r_cancel", "push button", "Cancel"));

    private static ObservationView view(List<NodeView> nodes, boolean truncated, int omitted) {
        return new ObservationView("obs_1", "f1", "2026-12-02T00:00:15Z", null, null, nodes, truncated, omitted);
    }

    private static ElementEvidence named(String role, String name) {
        return new ElementEvidence(null, role, null, name, null, null, null, false);
    }

    @Test
    void oneMatchInAWholeWindowIsTheElementsRef() {
        assertThat(GovernedActs.match(view(FORM, false, 0), named("check box", "Remember me"))).isEqualTo("r_remember");
    }

    @Test
    void aRoleThatIsUniqueNeedsNoName() {
        assertThat(GovernedActs.match(view(FORM, false, 0), named("text", null))).isEqualTo("r_user");
    }

    @Test
    void severalMatchesAreRefusedAsAmbiguous() {
        assertThatThrownBy(() -> GovernedActs.match(view(FORM, false, 0), named("push button", null)))
                .isInstanceOfSatisfying(CountersignException.class, e -> {
                    assertThat(e.error().code()).isEqualTo(ErrorCode.TARGET_CHANGED);
                    assertThat(e.error().message()).startsWith("2 elements");
                });
    }

    @Test
    void noMatchIsRefused() {
        assertThatThrownBy(() -> GovernedActs.match(view(FORM, false, 0), named("push button", "Delete")))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().field()).isEqualTo("target.element"));
    }

    @Test
    void oneMatchInATruncatedObservationIsRefusedAsNotProvenUnique() {
        assertThatThrownBy(() -> GovernedActs.match(view(FORM, true, 40), named("check box", "Remember me")))
                .isInstanceOfSatisfying(CountersignException.class, e -> {
                    assertThat(e.error().code()).isEqualTo(ErrorCode.TARGET_CHANGED);
                    assertThat(e.error().field()).isEqualTo("target.element");
                    assertThat(e.error().message()).contains("40 left out").contains("unique");
                });
    }
}
