package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.TestDesktop;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What text from the screen reaches an agent, against real GTK windows (screen_text.py): a token
 * split by an edit stays withheld, a window title with a token is redacted in an error as in an
 * observation, a huge text is read only up to its cap, and a field labelled PIN or masked by the
 * app itself is secure.
 */
class ScreenTextDesktopTest extends AdversarialDesktopTest {
    /** A GitHub token shape the default policy's {@code credentials} names. */
    static final String TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";

    static TestDesktop.TargetApp launch(TestDesktop desktop, String title, String mode, String arg)
            throws java.io.IOException {
        return desktop.launchCommand(title, d -> python(d, "screen_text.py", title, mode, arg));
    }

    static Map<String, Object> role(McpSchema.CallToolResult seen, String role, String name) {
        return RunningApp.nodes(seen).stream()
                .filter(n -> role.equals(n.get("role")) && (name == null || name.equals(n.get("name"))))
                .findFirst().orElseThrow(() -> new AssertionError("no " + role + " " + name + " in " + seen));
    }

    @Test
    void aTokenSplitByAnEditAfterItWasSeenStaysWithheld(TestDesktop desktop) throws Exception {
        start(desktop);
        TestDesktop.TargetApp app = launch(desktop, "Deploy keys", "token", TOKEN);
        McpSyncClient agent = running.agent("hostile");
        McpSchema.CallToolResult first = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));
        assertThat(first.toString()).doesNotContain(TOKEN.substring(8)).contains("[redacted:github_token]");

        // The edit an agent makes with Home, Right x8 and a typed " ": the token in two pieces.
        McpSchema.CallToolResult space = RunningApp.call(agent, "computer_act",
                Map.of("ref", RunningApp.refOf(first, "Space"), "op", "click"));
        assertThat(space.isError()).as("%s", space).isFalse();
        McpSchema.CallToolResult after = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));

        assertThat(after.toString()).as("the split token").doesNotContain(TOKEN.substring(8))
                .doesNotContain(TOKEN.substring(0, 8) + " ");
    }

    @Test
    void aTokenSplitByWhitespaceBeforeItWasEverSeenIsWithheld(TestDesktop desktop) throws Exception {
        start(desktop);
        String split = TOKEN.substring(0, 8) + " " + TOKEN.substring(8, 20) + "  " + TOKEN.substring(20);
        TestDesktop.TargetApp app = launch(desktop, "Deploy keys again", "token", split);
        McpSyncClient agent = running.agent("hostile");

        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));

        assertThat(seen.toString()).doesNotContain(TOKEN.substring(8, 20)).doesNotContain(TOKEN.substring(20))
                .contains("[redacted:github_token]");
    }

    @Test
    void aWindowTitleWithATokenIsRedactedInTheErrorThatNamesIt(TestDesktop desktop) throws Exception {
        start(desktop);
        TestDesktop.TargetApp big = desktop.launchSized(1600, 1000);
        McpSyncClient agent = running.agent("hostile");
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + big.pid()));
        Map<String, Object> target = RunningApp.nodes(seen).stream().filter(n -> n.get("frame") != null
                && !Integer.valueOf(0).equals(n.get("depth")))
                .max(Comparator.comparingLong(n -> {
                    List<?> f = (List<?>) n.get("frame");
                    return ((Number) f.get(2)).longValue() * ((Number) f.get(3)).longValue();
                })).orElseThrow(() -> new AssertionError(seen.toString()));
        List<?> f = (List<?>) target.get("frame");
        int cx = ((Number) f.get(0)).intValue() + ((Number) f.get(2)).intValue() / 2;
        int cy = ((Number) f.get(1)).intValue() + ((Number) f.get(3)).intValue() / 2;
        // A terminal-like window whose title holds a token is raised over the element's centre.
        String title = "Terminal " + TOKEN;
        TestDesktop.TargetApp cover = desktop.launchCommand(title, d -> List.of("yad", "--form", "--title=" + title,
                "--field=Notes", "--button=OK:0", ""));
        String id = TestDesktop.run(List.of("xdotool", "search", "--onlyvisible", "--pid", "" + cover.pid()))
                .lines().findFirst().orElseThrow();
        TestDesktop.run(List.of("xdotool", "windowmove", "--sync", id, "" + (cx - 60), "" + (cy - 40)));
        TestDesktop.run(List.of("xdotool", "windowraise", id));

        McpSchema.CallToolResult scroll = RunningApp.call(agent, "computer_act",
                Map.of("ref", target.get("ref"), "op", "scroll", "direction", "down", "amount", 5));

        Map<String, Object> result = RunningApp.structured(scroll);
        assertThat(result).as("%s", scroll).containsEntry("code", "TARGET_CHANGED");
        assertThat(scroll.toString()).doesNotContain(TOKEN).doesNotContain(TOKEN.substring(4));
        assertThat(String.valueOf(result.get("message"))).contains("covered by the window 'Terminal [redacted:github_token]'");
    }

    @Test
    void aHugeTextIsReadOnlyUpToItsCapAndSaysSo(TestDesktop desktop) throws Exception {
        start(desktop);
        TestDesktop.TargetApp app = launch(desktop, "Big text", "big", "3000000");
        McpSyncClient agent = running.agent("hostile");

        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));

        assertThat(seen.isError()).as("%.2000s", seen).isFalse();
        Map<String, Object> view = role(seen, "text", null);
        assertThat(((String) view.get("value")).length()).isLessThanOrEqualTo(65_536);
        assertThat(view.get("states")).asList().contains("text_truncated");
    }

    @Test
    void aFieldNamedPinAndAFieldTheAppMasksAreSecure(TestDesktop desktop) throws Exception {
        start(desktop);
        TestDesktop.TargetApp app = launch(desktop, "Unlock card", "pin", "4711");
        McpSyncClient agent = running.agent("hostile");

        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));

        assertThat(seen.toString()).doesNotContain("4711");
        Map<String, Object> pin = role(seen, "text", "PIN");
        assertThat(pin).containsEntry("secure", true).doesNotContainKey("value");
        assertThat(role(seen, "text", "Code")).containsEntry("secure", true).doesNotContainKey("value");
        McpSchema.CallToolResult typed = RunningApp.call(agent, "computer_act",
                Map.of("ref", (String) pin.get("ref"), "op", "type", "text", "0000"));
        assertThat(RunningApp.structured(typed)).as("%s", typed).containsEntry("code", "SECURE_FIELD_REFUSED");

        RunningApp.call(agent, "computer_act", Map.of("ref", RunningApp.refOf(seen, "OK"), "op", "click"));
        assertThat(app.process().waitFor(5, TimeUnit.SECONDS)).isTrue();
        assertThat(app.output()).as("the app's own output").contains("pin:4711");
    }
}
