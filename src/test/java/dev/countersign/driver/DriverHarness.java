package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.CountersignError;
import dev.countersign.graph.SequentialIds;
import dev.countersign.graph.TestClock;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import java.time.Instant;
import java.util.List;
import java.util.Random;

/** A driver over a {@link MemoryDesktop}, with a test clock, seeded randomness and a scripted approver. */
final class DriverHarness {
    static final String POLICY = "test-policy";
    final TestClock clock = new TestClock(Instant.parse("2026-11-29T12:00:00Z"));
    final MemoryDesktop desktop;
    final ScriptedApprover approver;
    final ComputerDriver driver;

    /** Clicks on anything named "Delete" need approval; nothing else does. */
    /** The digest the test policy reports as in force; a test may change it to simulate an edit. */
    static final java.util.concurrent.atomic.AtomicReference<String> CURRENT = new java.util.concurrent.atomic.AtomicReference<>(POLICY);

    static final ApprovalPolicy DELETE_ASKS = new ApprovalPolicy() {
        @Override
        public String currentDigest() {
            return CURRENT.get();
        }

        @Override
        public ApprovalRequirement requirementFor(ActArgs op, dev.countersign.desktop.ElementNode target) {
            return op instanceof ClickArgs && "Delete".equals(target.name())
                    ? ApprovalRequirement.required("delete", List.of("delete"), POLICY)
                    : ApprovalRequirement.notRequired(POLICY);
        }

        @Override
        public ApprovalRequirement requirementForVisual(VisualArgs.Act op) {
            return ApprovalRequirement.required("unknown_target", List.of(), POLICY);
        }
    };

    DriverHarness(MemoryDesktop desktop, ScriptedApprover approver, DriverSettings settings) {
        this(desktop, approver, settings, DELETE_ASKS);
    }

    DriverHarness(MemoryDesktop desktop, ScriptedApprover approver, DriverSettings settings, ApprovalPolicy policy) {
        this.desktop = desktop;
        this.approver = approver;
        this.driver = new ComputerDriver(desktop, policy, approver,
                new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                clock, new SequentialIds(), new Random(7), settings);
    }

    DriverHarness() {
        this(MemoryDesktop.loginForm(), new ScriptedApprover(), DriverSettings.defaults("sess-test"));
    }

    ObservationView observe(String agent) {
        return ok(driver.observe(agent, new ObserveArgs(null, null, null, null, null)));
    }

    static String ref(ObservationView view, String name) {
        return view.nodes().stream().filter(n -> name.equals(n.name())).findFirst()
                .orElseThrow(() -> new AssertionError("no node named " + name)).ref();
    }

    static <T> T ok(ToolResult<T> result) {
        assertThat(result).as("expected success, got %s", result).isInstanceOf(ToolResult.Ok.class);
        return ((ToolResult.Ok<T>) result).value();
    }

    static CountersignError err(ToolResult<?> result) {
        assertThat(result).as("expected an error, got %s", result).isInstanceOf(ToolResult.Err.class);
        return ((ToolResult.Err<?>) result).error();
    }
}
