package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Decision;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.ScriptedApprover;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Keys in real GIMP 2.10 (GTK 2 with gail), which does not say which of its elements has keyboard
 * focus: Escape closes the Preferences dialog and Tab moves on in the image window, both unasked,
 * as keys reaching an unknown element of a window that holds X input focus; a key that could change
 * something there asks, saying the app does not say which element has focus.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class GimpKeysDesktopTest {
    private static final Duration SETTLE = Duration.ofSeconds(10);
    private static final String AGENT = "agent-gimp";

    @Test
    void escapeClosesPreferencesAndTabPassesUnaskedWhileALetterAsksSayingWhy(TestDesktop desktop) throws Exception {
        ScriptedApprover approver = ScriptedApprover.always(Decision.DENY);
        ComputerDriver driver = DriverDesktopTest.driver(desktop, approver);
        TestDesktop.TargetApp gimp = desktop.launchGimp();
        ObservationView main = DriverDesktopTest.observe(driver, AGENT, gimp);
        ok(driver.act(AGENT, ActArgs.click(Gtk2MenuDesktopTest.item(main, "menu", "Edit").orElseThrow().ref())));
        ObservationView edit = Gtk2MenuDesktopTest.observeUntil(driver, gimp,
                v -> Gtk2MenuDesktopTest.item(v, "menu item", "Preferences").isPresent());
        ok(driver.act(AGENT, ActArgs.click(Gtk2MenuDesktopTest.item(edit, "menu item", "Preferences")
                .orElseThrow().ref())));
        assertThat(TestDesktop.eventually(SETTLE, () -> Gtk2MenuDesktopTest.window(ok(driver.apps(AGENT)), gimp.pid(),
                "Preferences").isPresent())).as("Preferences shows").isTrue();
        String dialog = Gtk2MenuDesktopTest.window(ok(driver.apps(AGENT)), gimp.pid(), "Preferences").orElseThrow()
                .id();
        ObservationView prefs = ok(driver.observe(AGENT,
                new ObserveArgs(String.valueOf(gimp.pid()), dialog, null, null, null)));

        Receipt escape = ok(driver.act(AGENT, new KeyArgs(prefs.nodes().get(0).ref(), "Escape", null)));

        assertThat(escape.status()).as("%s", escape).isNotEqualTo("rejected");
        assertThat(escape.verification().detail()).contains("unknown element of window " + dialog);
        assertThat(TestDesktop.eventually(SETTLE, () -> Gtk2MenuDesktopTest.window(ok(driver.apps(AGENT)),
                gimp.pid(), "Preferences").isEmpty())).as("Escape closed Preferences").isTrue();

        Receipt tab = ok(driver.act(AGENT, new KeyArgs(
                DriverDesktopTest.observe(driver, AGENT, gimp).nodes().get(0).ref(), "Tab", null)));

        assertThat(tab.status()).as("%s", tab).isNotEqualTo("rejected");
        assertThat(approver.asked).as("Escape and Tab ask nobody").isEmpty();

        Receipt letter = ok(driver.act(AGENT, new KeyArgs(
                DriverDesktopTest.observe(driver, AGENT, gimp).nodes().get(0).ref(), "x", null)));

        assertThat(approver.asked).hasSize(1);
        assertThat(approver.asked.get(0).matchedWords()).contains(RiskPolicy.FOCUS_UNREPORTED);
        assertThat(approver.asked.get(0).summary()).contains("the app does not say which element has focus");
        assertThat(letter.approval().decision()).isEqualTo("denied");
    }
}
