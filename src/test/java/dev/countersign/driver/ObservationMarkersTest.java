package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.err;
import static dev.countersign.driver.DriverHarness.ok;
import static dev.countersign.driver.DriverHarness.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.ErrorCode;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Memory that comes back: an observation that carried an act goes as soon as the act ended, and a
 * dropped observation leaves one marker for all its refs, bounded by age and by count, the oldest
 * dropped first. While a marker is kept, the refs answer why they stopped working; after it, they
 * answer REF_UNKNOWN like refs that never existed — never as if they were live.
 */
class ObservationMarkersTest {

    private static ObservationView shortLived(DriverHarness h, String agent) {
        return ok(h.driver.observe(agent, new ObserveArgs(null, null, null, null, 1000)));
    }

    @Test
    void anObservationThatCarriedAnActIsDroppedWhenTheActEndsAndItsRefsSayConsumed() {
        DriverHarness h = new DriverHarness();
        ObservationView seen = h.observe("agent-a");
        assertThat(h.driver.observationBytes("agent-a")).isPositive();
        ok(h.driver.act("agent-a", ActArgs.click(ref(seen, "Remember me"))));
        assertThat(h.driver.observationBytes("agent-a")).as("nothing held once the act ended").isZero();
        assertThat(err(h.driver.act("agent-a", ActArgs.click(ref(seen, "OK")))).code())
                .isEqualTo(ErrorCode.OBSERVATION_CONSUMED);
    }

    @Test
    void anExpiredRefAnswersRefExpiredWhileItsMarkerIsKeptThenRefUnknown() {
        DriverHarness h = new DriverHarness();
        ObservationView seen = shortLived(h, "agent-a");
        h.clock.advance(Duration.ofMillis(1500));
        h.observe("agent-a");
        assertThat(err(h.driver.act("agent-a", ActArgs.click(ref(seen, "OK")))).code()).isEqualTo(ErrorCode.REF_EXPIRED);

        h.clock.advance(ObservationStore.MARKER_TTL);
        h.observe("agent-a");
        assertThat(err(h.driver.act("agent-a", ActArgs.click(ref(seen, "OK")))).code()).isEqualTo(ErrorCode.REF_UNKNOWN);
    }

    @Test
    void markersAreBoundedByCountAndTheOldestGoFirst() {
        DriverHarness h = new DriverHarness();
        ObservationView oldest = shortLived(h, "agent-a");
        int observations = ObservationStore.MARKERS / 2 + 10;
        ObservationView recent = null;
        for (int i = 0; i < observations; i++) {
            h.clock.advance(Duration.ofMillis(1100));
            recent = shortLived(h, "agent-a");
        }
        h.clock.advance(Duration.ofMillis(1100));
        h.observe("agent-a");
        assertThat(err(h.driver.act("agent-a", ActArgs.click(ref(oldest, "OK")))).code())
                .as("the oldest marker went first").isEqualTo(ErrorCode.REF_UNKNOWN);
        assertThat(err(h.driver.act("agent-a", ActArgs.click(ref(recent, "OK")))).code())
                .isEqualTo(ErrorCode.REF_EXPIRED);
    }

    @Test
    void aHostileAgentsForgedRefOnALiveObservationsTagIsUnknownNotLive() {
        DriverHarness h = new DriverHarness();
        ObservationView seen = h.observe("agent-a");
        String real = ref(seen, "Remember me");
        // Same tag (the first four bytes), another node part: never issued.
        String forged = real.substring(0, 8) + (real.charAt(8) == 'A' ? 'B' : 'A') + real.substring(9);
        assertThat(Refs.tagOf(forged)).isEqualTo(Refs.tagOf(real));
        assertThat(err(h.driver.act("agent-a", ActArgs.click(forged))).code()).isEqualTo(ErrorCode.REF_UNKNOWN);
        // Another agent's ref, whole and live, is unknown to this one.
        assertThat(err(h.driver.act("agent-b", ActArgs.click(real))).code()).isEqualTo(ErrorCode.REF_UNKNOWN);
        assertThat(h.desktop.dispatched).isEmpty();
    }
}
