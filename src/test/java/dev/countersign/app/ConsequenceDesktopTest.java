package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.TestDesktop;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * Acts judged by their consequence, on real GTK windows through the tray app and its real dialog:
 * a shortcut is what the app's menu binds it to, a Return in a single-line field presses the
 * window's default button, a Return in a multi-line text is a new line; consent, install, run and
 * discard buttons ask, and a value control set by {@code type} or {@code scroll} asks. The apps'
 * own output tells what ran.
 */
class ConsequenceDesktopTest extends AdversarialDesktopTest {
    /** An act the agent sends, and whether the person was asked on the way (the dialog is denied). */
    record Outcome(Map<String, Object> result, boolean asked, String words) {
    }

    static Outcome actDenyingIfAsked(FxRobot robot, McpSyncClient agent, Map<String, Object> args)
            throws Exception {
        CompletableFuture<McpSchema.CallToolResult> act = CompletableFuture.supplyAsync(() -> RunningApp.call(agent,
                "computer_act", args));
        boolean asked = FxTests.eventually(Duration.ofSeconds(10), () -> act.isDone() || dialogShowing(robot))
                && !act.isDone();
        String words = null;
        if (asked) {
            words = FxTests.onFx(() -> robot.lookup("#action").queryAs(Label.class).getText() + " ["
                    + robot.lookup("#category").queryAs(Label.class).getText() + "]");
            DialogAndPolicyGapsDesktopTest.deny(robot);
        }
        Map<String, Object> result = RunningApp.structured(act.get(30, TimeUnit.SECONDS));
        if (asked) {
            FxTests.eventually(Duration.ofSeconds(5), () -> !dialogShowing(robot));
        }
        return new Outcome(result, asked, words);
    }

    static boolean said(TestDesktop.TargetApp app, String line) throws InterruptedException {
        return TestDesktop.eventually(Duration.ofSeconds(5), () -> {
            try {
                return app.output().lines().anyMatch(line::equals);
            } catch (IOException e) {
                return false;
            }
        });
    }

    @Test
    void aShortcutIsJudgedByTheMenuItemTheAppBindsItTo(TestDesktop desktop) throws Exception {
        FxRobot robot = startWithNotes(desktop);
        TestDesktop.TargetApp notes = this.notes;
        McpSyncClient agent = running.agent("editor");

        // ctrl+s is File › Save: a click on "Save" asks nobody, so neither does its chord.
        Outcome save = actDenyingIfAsked(robot, agent, Map.of("ref", notesRef(agent, notes), "op", "key",
                "keys", "ctrl+s"));
        assertThat(save.asked()).as("ctrl+s (Save) asks nobody: %s", save.result()).isFalse();
        assertThat(said(notes, "saved")).as("the app saved").isTrue();

        // ctrl+d is Edit › Delete All Notes: asked as the deletion it is, and denied, nothing runs.
        Outcome delete = actDenyingIfAsked(robot, agent, Map.of("ref", notesRef(agent, notes), "op", "key",
                "keys", "ctrl+d"));
        assertThat(delete.asked()).as("ctrl+d (Delete All Notes) asks").isTrue();
        assertThat(delete.words()).contains("Deletes");
        assertThat(delete.result()).containsEntry("code", "APPROVAL_DENIED");

        // A chord no menu item is bound to: only the focused widget knows what it does.
        Outcome unbound = actDenyingIfAsked(robot, agent, Map.of("ref", notesRef(agent, notes), "op", "key",
                "keys", "ctrl+e"));
        assertThat(unbound.asked()).as("ctrl+e (bound to nothing) asks").isTrue();
        assertThat(unbound.result()).containsEntry("code", "APPROVAL_DENIED");
        Thread.sleep(300);
        assertThat(notes.output()).doesNotContain("deleted", "key:e");
    }

    @Test
    void returnAndBackSpaceInAMultiLineTextChangeOnlyThatTextAndAskNobody(TestDesktop desktop) throws Exception {
        FxRobot robot = startWithNotes(desktop);
        TestDesktop.TargetApp notes = this.notes;
        McpSyncClient agent = running.agent("editor");
        for (String key : List.of("Return", "BackSpace", "ctrl+a")) {
            Outcome pressed = actDenyingIfAsked(robot, agent, Map.of("ref", notesRef(agent, notes), "op", "key",
                    "keys", key));
            assertThat(pressed.asked()).as("%s in a multi-line text asks nobody: %s", key, pressed.result())
                    .isFalse();
        }
        assertThat(said(notes, "key:Return")).isTrue();
        assertThat(said(notes, "key:BackSpace")).isTrue();
    }

    @Test
    void returnInASingleLineFieldIsJudgedAsAClickOnTheWindowsDefaultButton(TestDesktop desktop) throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();
        McpSyncClient agent = running.agent("filler");

        TestDesktop.TargetApp risky = desktop.launchCommand("Cleanup",
                d -> python(d, "activate_default.py", "Cleanup", "Delete"));
        Outcome delete = actDenyingIfAsked(robot, agent, Map.of("ref", entryRef(agent, risky), "op", "key",
                "keys", "Return"));
        assertThat(delete.asked()).as("Return presses Delete: asks").isTrue();
        assertThat(delete.words()).contains("Deletes");
        Thread.sleep(300);
        assertThat(risky.output()).as("denied: nothing was pressed").doesNotContain("posted");

        TestDesktop.TargetApp plain = desktop.launchCommand("Rename",
                d -> python(d, "activate_default.py", "Rename", "OK"));
        Outcome ok = actDenyingIfAsked(robot, agent, Map.of("ref", entryRef(agent, plain), "op", "key",
                "keys", "Return"));
        assertThat(ok.asked()).as("Return presses OK: asks nobody (%s)", ok.result()).isFalse();
        assertThat(plain.process().waitFor(5, TimeUnit.SECONDS)).isTrue();
        assertThat(plain.output()).contains("posted:draft, not ready");
    }

    @Test
    void consentInstallRunAndDiscardButtonsAskThePersonInTheirOwnWords(TestDesktop desktop) throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();
        List<String> labels = List.of("Allow", "Install", "Run anyway", "Don't Save", "Add extension");
        TestDesktop.TargetApp app = desktop.launchCommand("Prompts", d -> {
            List<String> command = new ArrayList<>(List.of("yad", "--form", "--title=Prompts"));
            labels.forEach(l -> command.add("--field=" + l + ":BTN"));
            command.add("--button=OK:0");
            labels.forEach(l -> command.add("touch " + d.resolve(file(l))));
            return command;
        });
        McpSyncClient agent = running.agent("prompter");
        List<String> words = new ArrayList<>();
        for (String label : labels) {
            McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + app.pid()));
            Outcome click = actDenyingIfAsked(robot, agent, Map.of("ref", RunningApp.refOf(seen, label), "op",
                    "click"));
            assertThat(click.asked()).as("clicking '%s' asks the person", label).isTrue();
            assertThat(click.result()).containsEntry("code", "APPROVAL_DENIED");
            words.add(click.words());
        }
        assertThat(words.get(0)).contains("permission");
        assertThat(words.get(1)).contains("Installs");
        assertThat(words.get(2)).contains("Runs");
        assertThat(words.get(3)).contains("unsaved");
        assertThat(words.get(4)).contains("Installs");
        Thread.sleep(300);
        try (Stream<Path> files = Files.list(app.dir())) {
            assertThat(files.map(p -> p.getFileName().toString())).as("no button ran")
                    .noneMatch(n -> labels.stream().anyMatch(l -> file(l).equals(n)));
        }
    }

    @Test
    void aSpinButtonSetByTypeAndASliderSetByScrollAsk(TestDesktop desktop) throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();
        McpSyncClient agent = running.agent("shopper");
        TestDesktop.TargetApp order = desktop.launchCommand("Order", d -> List.of("yad", "--form", "--title=Order",
                "--field=Copies:NUM", "--button=OK:0", "1!1..100!1"));
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + order.pid()));
        String spin = byRole(seen, "spin button");
        Outcome typed = actDenyingIfAsked(robot, agent, Map.of("ref", spin, "op", "type", "text", "99"));
        assertThat(typed.asked()).as("typing 99 into a spin button asks: %s", typed.result()).isTrue();
        assertThat(typed.words()).contains("value");
        DialogAndPolicyGapsDesktopTest.pressOk(desktop, order);
        assertThat(order.process().waitFor(5, TimeUnit.SECONDS)).isTrue();
        assertThat(order.output()).as("the value is unchanged").startsWith("1");

        TestDesktop.TargetApp volume = desktop.launchCommand("Volume", d -> List.of("yad", "--scale",
                "--title=Volume", "--value=50", "--min-value=0", "--max-value=100"));
        McpSchema.CallToolResult slider = RunningApp.call(agent, "computer_observe", Map.of("app", "" + volume.pid()));
        Outcome scrolled = actDenyingIfAsked(robot, agent, Map.of("ref", byRole(slider, "slider"), "op", "scroll",
                "direction", "down", "amount", 5));
        assertThat(scrolled.asked()).as("a wheel on a slider asks: %s", scrolled.result()).isTrue();
        McpSchema.CallToolResult after = RunningApp.call(agent, "computer_observe", Map.of("app", "" + volume.pid()));
        assertThat(RunningApp.nodes(after).stream().filter(n -> "slider".equals(n.get("role")))
                .map(n -> String.valueOf(n.get("value")))).containsExactly("50");
    }

    private TestDesktop.TargetApp notes;

    /** Countersign and the notes window (menu_shortcuts.py), shown and ready for keys. */
    private FxRobot startWithNotes(TestDesktop desktop) throws Exception {
        start(desktop);
        FxRobot robot = FxTests.start();
        notes = desktop.launchCommand("Notes", d -> python(d, "menu_shortcuts.py", "Notes"));
        assertThat(said(notes, "ready")).isTrue();
        return robot;
    }

    private static String file(String label) {
        return label.replaceAll("[^A-Za-z]", "_");
    }

    private static String byRole(McpSchema.CallToolResult seen, String role) {
        return RunningApp.nodes(seen).stream().filter(n -> role.equals(n.get("role")))
                .map(n -> (String) n.get("ref")).findFirst().orElseThrow(() -> new AssertionError(seen.toString()));
    }

    private static String notesRef(McpSyncClient agent, TestDesktop.TargetApp notes) {
        McpSchema.CallToolResult seen = RunningApp.call(agent, "computer_observe", Map.of("app", "" + notes.pid()));
        return byRole(seen, "text");
    }

    private static String entryRef(McpSyncClient agent, TestDesktop.TargetApp form) {
        return byRole(RunningApp.call(agent, "computer_observe", Map.of("app", "" + form.pid())), "text");
    }
}
