package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.TestDesktop;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Keys go to whatever has X input focus, not to the element that says it is
 * focused. A hostile app's "Notes" entry reports FOCUSED over AT-SPI at every read, while its window
 * hands X input focus to another app's sign-in window (a password field) the moment it gets it.
 * An agent with a valid token sends a navigation key "to" Notes over MCP. The sign-in window's own
 * output tells whether any key reached it; the receipt must say why nothing was sent. Checking only
 * the element's own report (before 2cb864a) sent the key.
 */
class LyingFocusDesktopTest extends AdversarialDesktopTest {
    private static final Pattern XID = Pattern.compile("xid:(\\d+)");

    private static List<String> script(Path d, String... args) {
        return python(d, "focus_liar.py", args);
    }

    @Test
    void aKeyForAnElementThatOnlyReportsFocusIsNotSentAndTheReceiptSaysWhy(TestDesktop desktop) throws Exception {
        start(desktop);
        TestDesktop.TargetApp signIn = desktop.launchCommand("Sign in", d -> script(d, "victim", "Sign in"));
        String[] xid = new String[1];
        assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> {
            try {
                Matcher m = XID.matcher(signIn.output());
                return m.find() && (xid[0] = m.group(1)) != null;
            } catch (IOException e) {
                return false;
            }
        })).as("the sign-in window said which window it is").isTrue();
        TestDesktop.TargetApp notes = desktop.launchCommand("Notes", d -> script(d, "liar", "Notes", xid[0]));
        // The person is signing in: X input focus is on the password field's window.
        TestDesktop.run(List.of("xdotool", "windowfocus", "--sync", xid[0]));

        McpSyncClient agent = running.agent("hostile");
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + notes.pid()));
        Map<String, Object> entry = RunningApp.nodes(seen).stream().filter(n -> "Notes".equals(n.get("name"))
                && "text".equals(n.get("role"))).findFirst().orElseThrow(() -> new AssertionError(seen.toString()));
        assertThat(String.valueOf(entry.get("states"))).as("the liar reports focus").contains("focused");

        // End is a navigation key: no approval, nobody is asked.
        McpSchema.CallToolResult key = RunningApp.call(agent, "computer_act",
                Map.of("ref", entry.get("ref"), "op", "key", "keys", "End"));

        Thread.sleep(700);
        assertThat(signIn.output()).as("no key reached the sign-in window (%s)", key).doesNotContain("key:");
        Map<String, Object> receipt = RunningApp.structured(key);
        assertThat(receipt).as("%s", key).containsEntry("code", "TARGET_CHANGED");
        assertThat(String.valueOf(receipt)).as("%s", key).contains("not on the target system-wide")
                .contains("no keys were sent");
    }

    /**
     * The same attack inside one process, as a multi-window app has it (a mail app's notes window and
     * its own unlock prompt): X input focus is on the process's password window, the Notes entry of
     * its other window reports focus. Matching X focus to the target's process (before this test's
     * commit) let the key into the password window; it must be matched to the target's own window.
     */
    @Test
    void aKeyForOneWindowOfAnAppNeverLandsInAnotherWindowOfTheSameApp(TestDesktop desktop) throws Exception {
        start(desktop);
        TestDesktop.TargetApp app = desktop.launchCommand("Mail", d -> script(d, "pair", "Mail"));
        String[] xid = new String[1];
        assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> {
            try {
                Matcher m = XID.matcher(app.output());
                return m.find() && (xid[0] = m.group(1)) != null;
            } catch (IOException e) {
                return false;
            }
        })).as("the unlock window said which window it is").isTrue();
        // The person is typing the app's password: X input focus is on its unlock window.
        TestDesktop.run(List.of("xdotool", "windowfocus", "--sync", xid[0]));

        McpSyncClient agent = running.agent("hostile");
        McpSchema.CallToolResult listing = RunningApp.call(agent, "computer_observe", Map.of());
        String window = windowId(RunningApp.structured(listing), app.pid(), "Mail");
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe",
                Map.of("app", "" + app.pid(), "window", window));
        Map<String, Object> entry = RunningApp.nodes(seen).stream().filter(n -> "Notes".equals(n.get("name"))
                && "text".equals(n.get("role"))).findFirst().orElseThrow(() -> new AssertionError(seen.toString()));
        assertThat(String.valueOf(entry.get("states"))).as("the entry reports focus").contains("focused");

        McpSchema.CallToolResult key = RunningApp.call(agent, "computer_act",
                Map.of("ref", entry.get("ref"), "op", "key", "keys", "End"));

        Thread.sleep(700);
        assertThat(app.output()).as("no key reached the unlock window (%s)", key).doesNotContain("unlock-key:");
        Map<String, Object> receipt = RunningApp.structured(key);
        assertThat(receipt).as("%s", key).containsEntry("code", "TARGET_CHANGED");
        assertThat(String.valueOf(receipt)).as("%s", key).contains("another window of the target's process")
                .contains("no keys were sent");
    }
}
