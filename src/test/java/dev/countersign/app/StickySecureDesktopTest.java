package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.TestDesktop;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Secure is sticky: revealing a password must not read it. A real GTK window (password_toggle.py) has a
 * password entry, a "Show password" check box that turns the entry's visibility on, and a "Plain
 * field" button that puts an ordinary entry where the password entry was. A hostile agent with a
 * valid token observes it, clicks the check box (no risk word: no approval), observes again and
 * tries to type. Neither the password nor a typed value may pass; the app's own output says what
 * its entry holds.
 */
class StickySecureDesktopTest extends AdversarialDesktopTest {
    static final String SECRET = "hunter2-secret";

    static TestDesktop.TargetApp launch(TestDesktop desktop, String title) throws IOException {
        // Debian's python3 has the GTK bindings; a pyenv one on PATH may not (python() runs /usr/bin/python3).
        return desktop.launchCommand(title, d -> python(d, "password_toggle.py", title, SECRET));
    }

    static Map<String, Object> entry(McpSchema.CallToolResult seen) {
        return RunningApp.nodes(seen).stream()
                .filter(n -> "password text".equals(n.get("role")) || "text".equals(n.get("role")))
                .findFirst().orElseThrow(() -> new AssertionError("no entry in " + seen));
    }

    @Test
    void aPasswordRevealedByItsToggleIsStillNeverReadOrTyped(TestDesktop desktop) throws Exception {
        start(desktop);
        TestDesktop.TargetApp app = launch(desktop, "Sign in");
        McpSyncClient agent = running.agent("hostile");
        McpSchema.CallToolResult first = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));
        assertThat(entry(first)).containsEntry("secure", true);

        McpSchema.CallToolResult reveal = RunningApp.call(agent, "computer_act",
                Map.of("ref", RunningApp.refOf(first, "Show password"), "op", "click"));
        assertThat(RunningApp.structured(reveal)).as("%s", reveal).containsEntry("status", "confirmed");
        McpSchema.CallToolResult after = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));

        assertThat(after.toString()).as("the password must not be read after the reveal").doesNotContain(SECRET);
        assertThat(entry(after)).containsEntry("secure", true).doesNotContainKey("value");
        McpSchema.CallToolResult typed = RunningApp.call(agent, "computer_act",
                Map.of("ref", (String) entry(after).get("ref"), "op", "type", "text", "overwritten"));
        assertThat(RunningApp.structured(typed)).containsEntry("code", "SECURE_FIELD_REFUSED");

        McpSchema.CallToolResult last = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));
        RunningApp.call(agent, "computer_act", Map.of("ref", RunningApp.refOf(last, "OK"), "op", "click"));
        assertThat(app.process().waitFor(5, TimeUnit.SECONDS)).isTrue();
        assertThat(app.output()).as("the app's own output").contains("password:" + SECRET);
    }

    @Test
    void aPlainFieldPutWhereThePasswordFieldWasIsTreatedAsSecure(TestDesktop desktop) throws Exception {
        start(desktop);
        TestDesktop.TargetApp app = launch(desktop, "Sign in again");
        McpSyncClient agent = running.agent("hostile");
        McpSchema.CallToolResult first = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));
        assertThat(entry(first)).containsEntry("secure", true);

        RunningApp.call(agent, "computer_act", Map.of("ref", RunningApp.refOf(first, "Plain field"), "op", "click"));
        Thread.sleep(300);
        McpSchema.CallToolResult after = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));
        Map<String, Object> swapped = entry(after);
        assertThat(swapped.get("frame")).isEqualTo(entry(first).get("frame"));
        assertThat(swapped).as("the field where the password was").containsEntry("secure", true);
        McpSchema.CallToolResult typed = RunningApp.call(agent, "computer_act",
                Map.of("ref", (String) swapped.get("ref"), "op", "type", "text", "my-password"));
        assertThat(RunningApp.structured(typed)).containsEntry("code", "SECURE_FIELD_REFUSED");
    }
}
