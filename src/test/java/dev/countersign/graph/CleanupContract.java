package dev.countersign.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.ErrorCode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/graph.md's reservation cleanup, for any runtime in front of the scripted one: once a
 * reservation is accepted every terminal path releases it, the primary failure stays primary,
 * both failures travel in one deterministic error, and a cleanup failure after success is an error.
 * A test class extends it and says which harness (which runtime) to run it on.
 */
public abstract class CleanupContract {

    /** A fresh harness whose graph drives the runtime under test. */
    protected abstract GraphHarness harness();

    @Test
    public void primaryFailureStaysPrimaryWhenCleanupSucceeds() {
        GraphHarness h = harness();
        h.runtime.failExecute = ErrorCode.PERMISSION_MISSING;
        ActionResult result = h.finish(h.start());
        assertThat(result.error().code()).isEqualTo(ErrorCode.PERMISSION_MISSING);
        assertThat(result.error().cleanup()).isEmpty();
        assertThat(h.runtime.count("release")).isEqualTo(1);
    }

    @Test
    public void bothFailuresTravelInOneDeterministicError() {
        GraphHarness h = harness();
        h.runtime.failExecute = ErrorCode.PERMISSION_MISSING;
        h.runtime.failRelease = ErrorCode.RESERVATION_INVALID;
        ActionResult result = h.finish(h.start());
        assertThat(result.error().code()).isEqualTo(ErrorCode.PERMISSION_MISSING);
        assertThat(result.error().cleanupFailure().code()).isEqualTo(ErrorCode.RESERVATION_INVALID);
        assertThat(result.error().message()).isEqualTo(
                "scripted failure: PERMISSION_MISSING; cleanup also failed: RESERVATION_INVALID: "
                        + "scripted failure: RESERVATION_INVALID");
    }

    @Test
    public void cleanupFailureAfterSuccessIsAnErrorNotHidden() {
        GraphHarness h = harness();
        h.runtime.failRelease = ErrorCode.INTERNAL;
        ActionResult result = h.finish(h.start());
        assertThat(result.verification().isVerified()).isTrue();
        assertThat(result.error()).isNotNull();
        assertThat(result.error().code()).isEqualTo(ErrorCode.INTERNAL);
    }

    @Test
    public void everyPathAfterAnAcceptedReservationReleasesIt() {
        for (GraphScenarios.Scenario scenario : GraphScenarios.all()) {
            GraphHarness h = harness();
            ActionResult result = scenario.run().apply(h);
            boolean reserved = h.runtime.calls.contains("reserve") && h.runtime.failReserve == null
                    && !h.runtime.returnNoReservation;
            boolean released = result.trace().stream().map(Transition::from).toList().contains(Node.RELEASE)
                    || h.runtime.count("release") > 0;
            assertThat(released).as(scenario.name()).isEqualTo(reserved);
            if (reserved) {
                assertThat(h.runtime.count("release")).as(scenario.name() + ": released exactly once").isEqualTo(1);
            }
        }
    }
}
