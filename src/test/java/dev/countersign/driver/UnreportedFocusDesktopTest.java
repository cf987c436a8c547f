package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.err;
import static dev.countersign.driver.DriverHarness.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Decision;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.ScriptedApprover;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Keys in a Qt item view, which never says it has focus itself (src/test/resources/dev/countersign/
 * driver/qt_tree.py logs every key it receives): the window's input focus is proven, the key is
 * judged as reaching an unknown element of the window; Escape and Down pass, a key that could
 * change a value asks saying why, and neither a password field of the same window nor another
 * window of the app receives typed text.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class UnreportedFocusDesktopTest {
    private static final String AGENT = "agent-q";
    private static final Duration SETTLE = Duration.ofSeconds(5);
    /** Qt's key codes, as the test app logs them. */
    private static final int ESCAPE = 16777216;
    private static final int RETURN = 16777220;

    static TestDesktop.TargetApp launch(TestDesktop desktop, String title, String mode) throws IOException {
        return desktop.launchCommand(title, dir -> {
            Path script = dir.resolve("qt_tree.py");
            try (InputStream in = UnreportedFocusDesktopTest.class.getResourceAsStream("qt_tree.py")) {
                Files.copy(in, script);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return mode == null
                    ? List.of("env", "QT_ACCESSIBILITY=1", "QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1", "/usr/bin/python3",
                            script.toString(), title)
                    : List.of("env", "QT_ACCESSIBILITY=1", "QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1", "/usr/bin/python3",
                            script.toString(), title, mode);
        });
    }

    static String keys(TestDesktop.TargetApp app) {
        try {
            Path log = app.dir().resolve("keys");
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String tree(ComputerDriver driver, TestDesktop.TargetApp app) {
        // The tree's own window, by its title: the pair's unlock window may be the app's first.
        String window = ok(driver.apps(AGENT)).apps().stream().filter(a -> a.pid() == app.pid())
                .flatMap(a -> a.windows().stream()).filter(w -> !w.title().endsWith(": unlock"))
                .findFirst().orElseThrow().id();
        ObservationView view = ok(driver.observe(AGENT,
                new ObserveArgs(String.valueOf(app.pid()), window, null, null, null)));
        return view.nodes().stream().filter(n -> "tree".equals(n.role()) && "Planets".equals(n.name()))
                .findFirst().orElseThrow(() -> new AssertionError("no tree Planets in " + view.nodes())).ref();
    }

    static Receipt key(ComputerDriver driver, TestDesktop.TargetApp app, String keys) {
        return ok(driver.act(AGENT, new KeyArgs(tree(driver, app), keys, null)));
    }

    @Test
    void escapeAndDownReachTheTreeUnaskedAndAValueKeyAsksSayingTheAppDoesNotSayWhatHasFocus(TestDesktop desktop)
            throws Exception {
        ScriptedApprover approver = ScriptedApprover.always(Decision.DENY);
        ComputerDriver driver = DriverDesktopTest.driver(desktop, approver);
        TestDesktop.TargetApp app = launch(desktop, "Qt Tree", null);

        Receipt escape = key(driver, app, "Escape");

        assertThat(escape.status()).as("%s", escape).isNotEqualTo("rejected");
        assertThat(escape.verification().detail()).contains("unknown element of window");
        assertThat(TestDesktop.eventually(SETTLE, () -> keys(app).contains("tree key " + ESCAPE)))
                .as("Escape reached the tree: %s", keys(app)).isTrue();

        Receipt down = key(driver, app, "Down");

        assertThat(down.status()).as("%s", down).isNotEqualTo("rejected");
        // The window is known silent by now: its keys wait for the window's input focus, not out
        // the whole 2 s bound for an element report that never comes.
        assertThat(down.timings().get("total_ms")).as("%s", down.timings()).isLessThan(1800L);
        assertThat(TestDesktop.eventually(SETTLE, () -> keys(app).contains("tree current Venus")))
                .as("Down moved the tree's current row: %s", keys(app)).isTrue();
        assertThat(approver.asked).as("Escape and Down ask nobody").isEmpty();

        Receipt denied = key(driver, app, "Return");

        assertThat(approver.asked).hasSize(1);
        assertThat(approver.asked.get(0).category()).isEqualTo("send");
        assertThat(approver.asked.get(0).matchedWords()).contains(RiskPolicy.FOCUS_UNREPORTED);
        assertThat(approver.asked.get(0).summary()).contains("the app does not say which element has focus");
        assertThat(denied.approval().decision()).isEqualTo("denied");

        approver.answer = r -> CompletableFuture.completedFuture(Decision.ALLOW_ONCE);
        Receipt allowed = key(driver, app, "Return");

        assertThat(allowed.status()).as("%s", allowed).isNotEqualTo("rejected");
        assertThat(TestDesktop.eventually(SETTLE, () -> keys(app).contains("tree key " + RETURN)))
                .as("the allowed Return reached the tree: %s", keys(app)).isTrue();
        assertThat(keys(app).split("tree key " + RETURN, -1)).as("the denied Return never arrived").hasSize(2);
    }

    @Test
    void typingIntoAWindowWithAPasswordFieldIsRefusedWhenTheAppDoesNotSayWhatHasFocus(TestDesktop desktop)
            throws Exception {
        ScriptedApprover approver = ScriptedApprover.always(Decision.ALLOW_ONCE);
        ComputerDriver driver = DriverDesktopTest.driver(desktop, approver);
        TestDesktop.TargetApp app = launch(desktop, "Qt Login", "secure");
        ok(driver.act(AGENT, new KeyArgs(tree(driver, app), "Tab", null)));

        var typed = driver.act(AGENT, new KeyArgs(tree(driver, app), "a", null));

        assertThat(err(typed).code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
        assertThat(approver.asked).as("no approval unlocks it").isEmpty();
        Thread.sleep(500);
        assertThat(keys(app)).doesNotContain("key 65");
    }

    @Test
    void aWindowThatHandsItsInputFocusToAPasswordWindowGetsNoKeys(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = ScriptedApprover.always(Decision.ALLOW_ONCE);
        ComputerDriver driver = DriverDesktopTest.driver(desktop, approver);
        TestDesktop.TargetApp app = launch(desktop, "Qt Pair", "pair");

        Receipt escape = key(driver, app, "Escape");
        Receipt typed = key(driver, app, "x");

        for (Receipt receipt : List.of(escape, typed)) {
            assertThat(receipt.status()).as("%s", receipt).isEqualTo("rejected");
            assertThat(receipt.code()).isEqualTo("TARGET_CHANGED");
        }
        Thread.sleep(500);
        assertThat(keys(app)).as("nothing reached the unlock window").doesNotContain("unlock key");
    }
}
