package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import io.modelcontextprotocol.client.McpSyncClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code countersign serve}, as a person runs it, gives agents the lease settings.json names, and a
 * restart of serve gives back none of what an agent spent: the agent, clicking a GTK check box,
 * is refused at the budget the person set, before and after the restart.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class ServeLeaseDesktopTest {
    @TempDir
    Path dir;

    @Test
    void serveHonoursTheLeaseSettingsAndARestartKeepsTheSpentBudget(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchScript("Toggle Log", "/dev/countersign/app/toggle_log.py");
        Path home = dir.resolve("home");
        String token = ServeChild.token(home, "thrifty");
        Files.writeString(home.resolve("settings.json"), "{\"lease_actions\": 3, \"lease_minutes\": 60}");
        try (ServeChild serve = ServeChild.start(home, "lease-1")) {
            McpSyncClient agent = serve.agent(token);
            assertThat(click(agent, form)).containsEntry("status", "confirmed");
            assertThat(click(agent, form)).containsEntry("status", "confirmed");
        }
        try (ServeChild serve = ServeChild.start(home, "lease-2")) {
            McpSyncClient agent = serve.agent(token);
            assertThat(click(agent, form)).as("the third of three").containsEntry("status", "confirmed");
            assertThat(click(agent, form)).containsEntry("code", "BUDGET_EXHAUSTED");
        }
        try (ServeChild serve = ServeChild.start(home, "lease-3")) {
            McpSyncClient agent = serve.agent(token);
            assertThat(click(agent, form)).as("a restart refills nothing").containsEntry("code", "BUDGET_EXHAUSTED");
        }
        assertThat(ServeChild.toggles(form)).isEqualTo(3);
    }

    private static Map<String, Object> click(McpSyncClient agent, TestDesktop.TargetApp form) {
        return ServeChild.call(agent, "computer_act", Map.of("ref", ServeChild.ref(agent, form, "Remember me"), "op", "click"));
    }
}
