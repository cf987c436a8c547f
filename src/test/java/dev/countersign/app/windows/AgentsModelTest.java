package dev.countersign.app.windows;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.ControlLease;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.core.Timestamps;
import dev.countersign.driver.LeaseBook;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AgentsModelTest {
    static final Instant NOW = Instant.parse("2025-05-01T10:00:00Z");

    static ControlLease lease(String state, int used, int budget, Duration left, LeaseBoundaries b) {
        return new ControlLease("l1", "s", "p", "claude", null, state, Timestamps.format(NOW.plus(left)), budget, used, b);
    }

    @Test
    void anActiveLeaseShowsBudgetExpiryAndBoundaries() {
        AgentsModel.Row row = AgentsModel.row("claude",
                Optional.of(lease("active", 12, 50, Duration.ofMinutes(14).plusSeconds(30), LeaseBoundaries.unscoped())), NOW);
        assertThat(row.leaseState()).isEqualTo("active");
        assertThat(row.budget()).isEqualTo("12 / 50 actions");
        assertThat(row.expiry()).isEqualTo("expires in 14 min");
        assertThat(row.boundaries()).isEqualTo("All apps and windows");
        assertThat(row.usable()).isTrue();
    }

    @Test
    void revokedExpiredAndUsedUpLeasesSaySo() {
        assertThat(AgentsModel.row("a", Optional.of(lease("revoked", 0, 5, Duration.ofMinutes(5),
                LeaseBoundaries.unscoped())), NOW).leaseState()).isEqualTo("revoked");
        AgentsModel.Row expired = AgentsModel.row("a", Optional.of(lease("active", 0, 5, Duration.ofSeconds(-1),
                LeaseBoundaries.unscoped())), NOW);
        assertThat(expired.leaseState()).isEqualTo("expired");
        assertThat(expired.usable()).isFalse();
        assertThat(AgentsModel.row("a", Optional.of(lease("active", 5, 5, Duration.ofMinutes(5),
                LeaseBoundaries.unscoped())), NOW).leaseState()).isEqualTo("used up");
    }

    @Test
    void anAgentWithoutALeaseGetsTheDefaultOnFirstUse() {
        AgentsModel.Row row = AgentsModel.row("new", Optional.empty(), NOW);
        assertThat(row.leaseState()).isEqualTo("none yet");
        assertThat(row.expiry()).contains("default lease");
    }

    @Test
    void boundariesNameAppsAndWindows() {
        assertThat(AgentsModel.boundaries(new LeaseBoundaries(List.of("Safari", "Mail"), List.of())))
                .isEqualTo("apps: Safari, Mail \u00B7 any window");
    }

    @Test
    void expiryIsInWordsAtTheRightScale() {
        assertThat(AgentsModel.expiry(Duration.ofSeconds(42))).isEqualTo("expires in 42 s");
        assertThat(AgentsModel.expiry(Duration.ofHours(5))).isEqualTo("expires in 5 h");
        assertThat(AgentsModel.expiry(Duration.ZERO)).isEqualTo("expired");
    }

    @Test
    void theLeaseFormParsesIntoTermsWithEmptyBoundariesUnscoped() {
        Result<LeaseBook.Terms> r = AgentsModel.parse(new AgentsModel.LeaseForm("50", "15", " Safari , ", ""));
        assertThat(r.isOk()).isTrue();
        LeaseBook.Terms t = r.value().get();
        assertThat(t.budget()).isEqualTo(50);
        assertThat(t.lifetime()).isEqualTo(Duration.ofMinutes(15));
        assertThat(t.boundaries().appIds()).containsExactly("Safari");
        assertThat(t.boundaries().windowIds()).isEmpty();
    }

    @Test
    void aBadFormSaysWhatToFix() {
        assertThat(AgentsModel.parse(new AgentsModel.LeaseForm("0", "15", "", "")).problem()).contains("Actions");
        assertThat(AgentsModel.parse(new AgentsModel.LeaseForm("5", "lots", "", "")).problem()).contains("Minutes");
    }
}
