package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.ok;
import static dev.countersign.driver.DriverHarness.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Decision;
import dev.countersign.core.Rect;
import dev.countersign.graph.SequentialIds;
import dev.countersign.graph.TestClock;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A switch's label names a setting ("Send a ‘Do Not Track’ request…", "Delete data … when you
 * close all windows"): flipping it still asks as its words say, but the person reads that a
 * setting is turned on or off, not that the click sends or deletes something.
 */
class ToggleWordsTest {
    private static final String AGENT = "agent-t";

    private static final class Settings extends MemoryDesktop {
        Settings() {
            add("dnt", new Element("check box", "Send a \u201cDo Not Track\u201d request with your browsing traffic",
                    null, new Rect(0, 0, 400, 30), Set.of("enabled", "focusable", "showing", "visible", "checkable"),
                    List.of("click"), false));
            add("wipe", new Element("check box", "Delete data sites have saved when you close all windows", null,
                    new Rect(0, 40, 400, 30), Set.of("enabled", "focusable", "showing", "visible", "checkable",
                            "checked"), List.of("click"), false));
            add("wipeOption", new Element("radio button",
                    "Delete data sites have saved to your device when you close all windows", null,
                    new Rect(0, 120, 400, 30), Set.of("enabled", "focusable", "showing", "visible", "checkable"),
                    List.of("click"), false));
            add("trash", new Element("push button", "Delete history", null, new Rect(0, 80, 100, 30),
                    Set.of("enabled", "focusable", "showing", "visible"), List.of("press"), false));
        }
    }

    private final TestClock clock = new TestClock(Instant.parse("2026-12-06T12:00:00Z"));

    private String asked(String element, KeyArgs key) {
        Settings desktop = new Settings();
        ScriptedApprover approver = ScriptedApprover.always(Decision.DENY);
        DriverSettings settings = DriverSettings.defaults("sess-toggle");
        ComputerDriver driver = new ComputerDriver(desktop, new PolicyApprovals(RiskPolicy.defaults()), approver,
                new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                clock, new SequentialIds(), new Random(7), settings);
        ObservationView view = ok(driver.observe(AGENT, new ObserveArgs(null, null, null, null, null)));
        String target = ref(view, element);
        ok(driver.act(AGENT, key == null ? ActArgs.click(target) : new KeyArgs(target, key.keys(), null)));
        assertThat(approver.asked).hasSize(1);
        return approver.asked.get(0).summary() + " [" + approver.asked.get(0).category() + "]";
    }

    @Test
    void flippingASwitchOnSaysTurnOnItsSettingAndStillAsksAsItsWords() {
        assertThat(asked("Send a \u201cDo Not Track\u201d request with your browsing traffic", null))
                .startsWith("Turn on \u2018Send a \u201cDo Not Track\u201d request").endsWith("[send]");
        assertThat(asked("Send a \u201cDo Not Track\u201d request with your browsing traffic",
                new KeyArgs(null, "space", null))).startsWith("Turn on \u2018Send").endsWith("[send]");
    }

    @Test
    void aCheckedSwitchIsTurnedOffAndAButtonIsStillClicked() {
        assertThat(asked("Delete data sites have saved when you close all windows", null))
                .startsWith("Turn off \u2018Delete data").endsWith("[delete]");
        assertThat(asked("Delete history", null)).startsWith("Click \u2018Delete history\u2019").endsWith("[delete]");
        assertThat(asked("Delete data sites have saved to your device when you close all windows",
                new KeyArgs(null, "space", null))).startsWith("Choose the option \u2018Delete data sites")
                .endsWith("[delete]");
    }
}
