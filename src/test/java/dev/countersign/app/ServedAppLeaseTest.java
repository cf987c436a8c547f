package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.approval.HeadlessApprover;
import dev.countersign.core.ControlLease;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Timestamps;
import dev.countersign.server.EndpointConfig;
import dev.countersign.testkit.MemoryDesktop;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lease an agent gets is the person's, from settings.json, on the one path serve and the tray
 * app share; and what an agent spent of it, or a lease the person revoked, survives a restart.
 */
class ServedAppLeaseTest {
    @TempDir
    Path dir;

    private ServedApp start(Home home) throws IOException {
        return ServedApp.start(home, EndpointConfig.defaults().withPort(0), MemoryDesktop.loginForm(),
                new HeadlessApprover());
    }

    @Test
    void theLeaseAnAgentGetsComesFromSettings() throws Exception {
        Home home = Home.of(dir.resolve("home")).ensure();
        Files.writeString(home.settings(), "{\"lease_actions\": 10000, \"lease_minutes\": 60}");
        Instant before = Instant.now();
        try (ServedApp app = start(home)) {
            ControlLease lease = app.driver.leases().current("agent-a");
            assertThat(lease.actionBudget()).isEqualTo(10_000);
            Instant expires = Timestamps.parse(lease.expiresAt()).orElseThrow();
            assertThat(expires).isBetween(before.plus(Duration.ofMinutes(60)), Instant.now().plus(Duration.ofMinutes(60)));
        }
    }

    @Test
    void aRestartDoesNotRefillASpentBudget() throws Exception {
        Home home = Home.of(dir.resolve("home")).ensure();
        Files.writeString(home.settings(), "{\"lease_actions\": 3}");
        ControlLease spent;
        try (ServedApp app = start(home)) {
            assertThat(app.driver.leases().chargeCurrent("agent-a")).isEmpty();
            assertThat(app.driver.leases().chargeCurrent("agent-a")).isEmpty();
            spent = app.driver.leases().current("agent-a");
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home.leases()))).isEqualTo("rw-------");
        try (ServedApp app = start(home)) {
            ControlLease again = app.driver.leases().current("agent-a");
            assertThat(again.actionsUsed()).isEqualTo(2);
            assertThat(again.leaseId()).isEqualTo(spent.leaseId());
            assertThat(again.expiresAt()).as("nor is its time renewed").isEqualTo(spent.expiresAt());
            assertThat(app.driver.leases().chargeCurrent("agent-a")).isEmpty();
            assertThat(app.driver.leases().chargeCurrent("agent-a")).get()
                    .extracting(e -> e.code()).isEqualTo(ErrorCode.BUDGET_EXHAUSTED);
        }
        try (ServedApp app = start(home)) {
            assertThat(app.driver.leases().chargeCurrent("agent-a")).get()
                    .extracting(e -> e.code()).isEqualTo(ErrorCode.BUDGET_EXHAUSTED);
            // Another agent still gets the person's default lease, fresh.
            assertThat(app.driver.leases().chargeCurrent("agent-b")).isEmpty();
        }
    }

    @Test
    void aLeaseThePersonRevokedStaysRevokedAfterARestart() throws Exception {
        Home home = Home.of(dir.resolve("home")).ensure();
        try (ServedApp app = start(home)) {
            app.driver.leases().current("agent-a");
            app.driver.leases().revoke("agent-a");
        }
        try (ServedApp app = start(home)) {
            assertThat(app.driver.leases().chargeCurrent("agent-a")).get()
                    .extracting(e -> e.code()).isEqualTo(ErrorCode.LEASE_INVALID);
        }
    }

    @Test
    void anUnreadableLeaseFileStopsTheStartRatherThanRefillEveryBudget() throws Exception {
        Home home = Home.of(dir.resolve("home")).ensure();
        Files.writeString(home.leases(), "{not json");
        assertThatThrownBy(() -> start(home)).isInstanceOf(IOException.class).hasMessageContaining("leases.json");
    }
}
