package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.approval.Decision;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.RandomIds;
import dev.countersign.core.Rect;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Dispatch;
import dev.countersign.desktop.SecureMemory;
import dev.countersign.desktop.SelfTargetGuard;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.Forwarded;
import dev.countersign.driver.ForwardedAct;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.ToolResult;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.ScriptedApprover;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A governed server on a Mac ({@code countersign govern}; {@link ComputerDriver#forward}), over the
 * framework harness and the served app's wiring (secure memory around the self-target guard over the
 * Mac backend's window order and focus): its input is judged against CoreGraphics' window list and
 * the Accessibility tree, reaches the server once when it passes, and is refused before anyone is
 * asked — the server never called — when Countersign's window is on top at its point, when
 * Countersign has keyboard focus, or when keyboard focus is on a password field.
 */
@Tag("macos-sim")
class MacGovernedServerHarnessTest extends HarnessBackendFixture {
    /** Inside the "Sign In" button (780, 490, 80, 32) of secure-field.json. */
    private static final Rect ON_SIGN_IN = new Rect(810, 500, 2, 2);
    private final ScriptedApprover person = ScriptedApprover.always(Decision.ALLOW_ONCE);
    /** What the governed server was handed to send. */
    private final List<ForwardedAct.Input> sent = new CopyOnWriteArrayList<>();

    MacGovernedServerHarnessTest() {
        super("secure-field.json", "Sign In", "com.example.signin");
    }

    private ComputerDriver driver() {
        DriverSettings settings = DriverSettings.defaults("sess-mac");
        Clock clock = Clock.systemUTC();
        // As the served app wires it: secure memory around the guard over the backend's own window order.
        DesktopBackend served = new SecureMemory(new SelfTargetGuard(backend, backend.screenWindows().orElseThrow(),
                () -> false));
        return new ComputerDriver(served, new PolicyApprovals(RiskPolicy.defaults()), person,
                new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                clock, new RandomIds(), new SecureRandom(), settings);
    }

    private ForwardedAct act(String operation, ForwardedAct.Input input) {
        return new ForwardedAct("computer", "desk", operation, input, judged -> {
            sent.add(judged);
            return new Dispatch("desk." + operation, "ok");
        });
    }

    private CountersignError refused(ForwardedAct act) {
        ToolResult<Forwarded> result = driver().forward("claude", act, ApprovalWatch.NONE);
        assertThat(result).as("%s", result).isInstanceOf(ToolResult.Err.class);
        assertThat(sent).isEmpty();
        assertThat(person.asked).isEmpty();
        return ((ToolResult.Err<Forwarded>) result).error();
    }

    @Test
    void aClickOnTheAppsButtonReachesTheServerOnceAndItsReceiptIsUnknown() {
        ToolResult<Forwarded> result = driver().forward("claude",
                act("left_click", new ForwardedAct.Pointer(ForwardedAct.Gesture.CLICK, ON_SIGN_IN, null, null)),
                ApprovalWatch.NONE);

        assertThat(result).as("%s", result).isInstanceOf(ToolResult.Ok.class);
        Forwarded forwarded = ((ToolResult.Ok<Forwarded>) result).value();
        assertThat(forwarded.receipt().status()).isEqualTo("unknown");
        assertThat(forwarded.target()).contains("Sign In");
        assertThat(sent).hasSize(1);
        // The server sends the input; the backend posts nothing of its own.
        assertThat(sim.events()).isEmpty();
    }

    @Test
    void aClickWhereCountersignsWindowIsOnTopIsRefusedAndTheServerIsNeverCalled() {
        SimDesktop.countersignFocusedInFront(sim, 700, 450, 300, 200);

        CountersignError error = refused(act("left_click",
                new ForwardedAct.Pointer(ForwardedAct.Gesture.CLICK, ON_SIGN_IN, null, null)));

        assertThat(error.code()).isEqualTo(ErrorCode.TARGET_IS_COUNTERSIGN);
    }

    @Test
    void typingWhileCountersignHasKeyboardFocusIsRefused() {
        SimDesktop.countersignFocusedInFront(sim, 0, 0, 300, 200);

        CountersignError error = refused(act("type", new ForwardedAct.Typing("hello")));

        assertThat(error.code()).isEqualTo(ErrorCode.TARGET_IS_COUNTERSIGN);
    }

    @Test
    void typingWhereKeyboardFocusIsOnThePasswordFieldIsRefused() {
        // secure-field.json: the password field has keyboard focus.
        CountersignError error = refused(act("type", new ForwardedAct.Typing("hunter2")));

        assertThat(error.code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
    }
}
