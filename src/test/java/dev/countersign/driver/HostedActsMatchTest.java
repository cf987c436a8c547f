package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ElementEvidence;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.Recheck;
import dev.countersign.testkit.MemoryDesktop;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A governed act names its element by role and name; the governed side finds it in its own
 * observation. One match proves the element unique only when the observation holds the whole
 * window: one cut at its node bound could have left out a second element with that name.
 */
class HostedActsMatchTest {
    private static ElementNode node(MemoryDesktop d, String key) {
        return ((Recheck.Present) d.recheck(new MemoryDesktop.Handle(key))).current();
    }

    private static Observation observation(List<ElementNode> nodes, boolean truncated, int omitted) {
        ObservationView view = new ObservationView("obs_1", "f1", "2026-12-02T00:00:15Z", null, null, List.of(),
                truncated, omitted);
        return new Observation("obs_1", "gov", null, null, "w_1", nodes, Map.of(), Instant.EPOCH, view, 0);
    }

    private static ElementEvidence named(ElementNode n) {
        return new ElementEvidence(null, n.role(), null, n.name(), null, null, null, false);
    }

    @Test
    void oneMatchInAWholeWindowIsTheElement() {
        MemoryDesktop d = MemoryDesktop.loginForm();
        List<ElementNode> nodes = List.of(node(d, "user"), node(d, "remember"));
        assertThat(HostedActs.match(observation(nodes, false, 0), named(node(d, "remember")))).isEqualTo(1);
    }

    @Test
    void oneMatchInATruncatedObservationIsRefusedAsNotProvenUnique() {
        MemoryDesktop d = MemoryDesktop.loginForm();
        List<ElementNode> nodes = List.of(node(d, "user"), node(d, "remember"));
        assertThatThrownBy(() -> HostedActs.match(observation(nodes, true, 40), named(node(d, "remember"))))
                .isInstanceOfSatisfying(CountersignException.class, e -> {
                    assertThat(e.error().code()).isEqualTo(ErrorCode.TARGET_CHANGED);
                    assertThat(e.error().field()).isEqualTo("target.element");
                    assertThat(e.error().message()).contains("40 left out").contains("unique");
                });
    }
}
