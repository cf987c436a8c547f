package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Decision;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.RandomIds;
import dev.countersign.driver.KeyArgs;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.NodeView;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.ScriptedApprover;
import java.security.SecureRandom;
import java.time.Clock;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Acts a Mac cannot carry out are refused before the person is asked, over the framework harness:
 * a chord whose character the current layout cannot type ({@code cmd+é} on a US layout), keys
 * under secure event input. The person, who would allow anything here, is never asked, and
 * nothing is posted. The same chord on AZERTY, where a key types é, goes through.
 */
@Tag("macos-sim")
class MacRefusedBeforeAskingHarnessTest extends HarnessBackendFixture {
    private final ScriptedApprover approver = ScriptedApprover.always(Decision.ALLOW_ONCE);

    MacRefusedBeforeAskingHarnessTest() {
        super("text-entry.json", "Mail", "com.example.mail");
    }

    private ComputerDriver driver() {
        DriverSettings settings = DriverSettings.defaults("sess-mac");
        Clock clock = Clock.systemUTC();
        return new ComputerDriver(backend, new PolicyApprovals(RiskPolicy.defaults()), approver,
                new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                clock, new RandomIds(), new SecureRandom(), settings);
    }

    @SuppressWarnings("unchecked")
    private static String subject(ComputerDriver driver) {
        ToolResult<ObservationView> r = driver.observe("agent-a", new ObserveArgs(null, null, null, null, null));
        assertThat(r).as("%s", r).isInstanceOf(ToolResult.Ok.class);
        return ((ToolResult.Ok<ObservationView>) r).value().nodes().stream().filter(n -> "Subject".equals(n.name()))
                .map(NodeView::ref).findFirst().orElseThrow();
    }

    private static CountersignError refusal(ToolResult<Receipt> result) {
        assertThat(result).as("%s", result).isInstanceOf(ToolResult.Err.class);
        return ((ToolResult.Err<Receipt>) result).error();
    }

    @Test
    void aChordTheLayoutCannotTypeIsRefusedUnsupportedAndNobodyIsAsked() {
        ComputerDriver driver = driver();
        CountersignError error = refusal(driver.act("agent-a", new KeyArgs(subject(driver), "cmd+é", null)));

        assertThat(error.code()).isEqualTo(ErrorCode.UNSUPPORTED_PLATFORM);
        assertThat(error.fieldName()).contains("keys");
        assertThat(error.message()).contains("'é'");
        assertThat(approver.asked).isEmpty();
        assertThat(sim.events()).isEmpty();
    }

    @Test
    void theSameChordOnAzertyIsPressedByTheKeyThatTypesIt() {
        sim.sim_layout_set(1);
        ComputerDriver driver = driver();
        ToolResult<Receipt> result = driver.act("agent-a", new KeyArgs(subject(driver), "cmd+é", null));

        assertThat(result).as("%s", result).isInstanceOf(ToolResult.Ok.class);
        // kVK_ANSI_2 (19) types é on Apple's French layout.
        assertThat(sim.events()).contains("key down code=19 flags=0x100000");
    }

    @Test
    void keysUnderSecureEventInputAreRefusedBeforeAnyoneIsAsked() {
        ComputerDriver driver = driver();
        String ref = subject(driver);
        sim.sim_secure_input_set(1);

        CountersignError error = refusal(driver.act("agent-a", new KeyArgs(ref, "cmd+w", null)));

        assertThat(error.code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
        assertThat(approver.asked).isEmpty();
        assertThat(sim.events()).isEmpty();
    }
}
