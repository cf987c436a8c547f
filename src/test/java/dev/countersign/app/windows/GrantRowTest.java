package dev.countersign.app.windows;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.driver.GrantBook;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A live grant as the Agents & leases window lists it. */
class GrantRowTest {
    static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

    @Test
    void namesTheAgentTheKindOfActWhereItsUsesAndItsExpiry() {
        GrantBook.Grant grant = new GrantBook.Grant("tgrant_1",
                new GrantBook.Scope("claude", "Mail", 100, "Inbox", "send", "click"), "p", NOW,
                NOW.plusSeconds(600), 20, 3);
        assertThat(AgentsModel.grantRow(grant, NOW.plusSeconds(60))).isEqualTo(new AgentsModel.GrantRow("tgrant_1",
                "claude", "send \u00B7 click", "Mail (pid 100) \u00B7 window \u2018Inbox\u2019", "3 / 20 acts",
                "expires in 9 min"));
    }

    @Test
    void aWindowWithoutATitleIsLeftOut() {
        GrantBook.Grant grant = new GrantBook.Grant("tgrant_1",
                new GrantBook.Scope("claude", "Mail", 100, null, "unknown_target", "visual click"), "p", NOW,
                NOW.plusSeconds(30), 20, 1);
        assertThat(AgentsModel.grantRow(grant, NOW).where()).isEqualTo("Mail (pid 100)");
        assertThat(AgentsModel.grantRow(grant, NOW).expiry()).isEqualTo("expires in 30 s");
    }
}
