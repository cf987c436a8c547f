package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.err;
import static dev.countersign.driver.DriverHarness.ok;
import static dev.countersign.driver.DriverHarness.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.Decision;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.graph.TestClock;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.ScriptedApprover;
import java.nio.file.Files;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The driver against real GTK apps on the private test desktop, with the person's default policy. */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class DriverDesktopTest {

    static ComputerDriver driver(TestDesktop desktop, ScriptedApprover approver, Clock clock) {
        DriverSettings settings = DriverSettings.defaults("sess-desktop");
        return new ComputerDriver(desktop.backend(), new PolicyApprovals(RiskPolicy.defaults()), approver,
                new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                clock, new RandomIds(), new SecureRandom(), settings);
    }

    static ComputerDriver driver(TestDesktop desktop, ScriptedApprover approver) {
        return driver(desktop, approver, Clock.systemUTC());
    }

    static ObservationView observe(ComputerDriver driver, String agent, TestDesktop.TargetApp app) {
        return ok(driver.observe(agent, new ObserveArgs(String.valueOf(app.pid()), null, null, null, null)));
    }

    @Nested
    class Acting {
        @Test
        void clickOnTheCheckBoxIsConfirmedByTheCheckedChange(TestDesktop desktop) throws Exception {
            ComputerDriver driver = driver(desktop, new ScriptedApprover());
            TestDesktop.TargetApp form = desktop.launchForm("alice", "secret");
            ObservationView view = observe(driver, "agent-a", form);

            Receipt receipt = ok(driver.act("agent-a", ActArgs.click(ref(view, "Remember me"))));

            assertThat(receipt.status()).isEqualTo("confirmed");
            assertThat(receipt.verification().detail()).contains("checked");
            NodeView after = observe(driver, "agent-a", form).nodes().stream()
                    .filter(n -> "Remember me".equals(n.name())).findFirst().orElseThrow();
            assertThat(after.states()).contains("checked");
        }

        @Test
        void typeIntoTheEntryIsConfirmedWhenItReadsBack(TestDesktop desktop) throws Exception {
            ComputerDriver driver = driver(desktop, new ScriptedApprover());
            TestDesktop.TargetApp form = desktop.launchForm("alice", "secret");
            ObservationView view = observe(driver, "agent-a", form);
            String entry = view.nodes().stream().filter(n -> "text".equals(n.role())).findFirst().orElseThrow().ref();

            Receipt receipt = ok(driver.act("agent-a", ActArgs.type(entry, "bob@example.org")));

            assertThat(receipt.status()).isEqualTo("confirmed");
        }

        @Test
        void typingIntoThePasswordFieldIsRefusedAndNothingIsTyped(TestDesktop desktop) throws Exception {
            ComputerDriver driver = driver(desktop, new ScriptedApprover());
            TestDesktop.TargetApp form = desktop.launchForm("alice", "secret");
            ObservationView view = observe(driver, "agent-a", form);
            NodeView password = view.nodes().stream().filter(NodeView::secure).findFirst().orElseThrow();
            assertThat(password.role()).isEqualTo("password text");
            assertThat(password.value()).isNull();

            assertThat(err(driver.act("agent-a", ActArgs.type(password.ref(), "hunter2"))).code())
                    .isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);

            // Press OK and read what yad prints: the password is still the original one.
            Receipt ok = ok(driver.act("agent-a", ActArgs.click(ref(observe(driver, "agent-a", form), "OK"))));
            assertThat(ok.status()).isIn("unknown", "confirmed");
            assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> output(form).contains("|"))).isTrue();
            assertThat(output(form)).contains("secret").doesNotContain("hunter2");
        }

        @Test
        void aRefUsedAfterItsTtlIsExpired(TestDesktop desktop) throws Exception {
            TestClock clock = new TestClock(Instant.now());
            ComputerDriver driver = driver(desktop, new ScriptedApprover(), clock);
            TestDesktop.TargetApp form = desktop.launchForm("", "");
            ObservationView view = ok(driver.observe("agent-a",
                    new ObserveArgs(String.valueOf(form.pid()), null, null, null, 1000)));
            clock.advance(Duration.ofMillis(1001));
            assertThat(err(driver.act("agent-a", ActArgs.click(ref(view, "Remember me")))).code())
                    .isEqualTo(ErrorCode.REF_EXPIRED);
        }

        @Test
        void aSecondActOnAConsumedObservationIsRefused(TestDesktop desktop) throws Exception {
            ComputerDriver driver = driver(desktop, new ScriptedApprover());
            ObservationView view = observe(driver, "agent-a", desktop.launchForm("", ""));
            ok(driver.act("agent-a", ActArgs.click(ref(view, "Remember me"))));
            assertThat(err(driver.act("agent-a", ActArgs.click(ref(view, "Click me")))).code())
                    .isEqualTo(ErrorCode.OBSERVATION_CONSUMED);
        }

        @Test
        void anotherAgentsRefIsUnknown(TestDesktop desktop) throws Exception {
            ComputerDriver driver = driver(desktop, new ScriptedApprover());
            ObservationView view = observe(driver, "agent-a", desktop.launchForm("", ""));
            assertThat(err(driver.act("agent-b", ActArgs.click(ref(view, "Remember me")))).code())
                    .isEqualTo(ErrorCode.REF_UNKNOWN);
        }

        @Test
        void restartingTheAppBetweenObserveAndActIsTargetChanged(TestDesktop desktop) throws Exception {
            ComputerDriver driver = driver(desktop, new ScriptedApprover());
            TestDesktop.TargetApp form = desktop.launchForm("", "");
            ObservationView view = observe(driver, "agent-a", form);
            desktop.stop(form);
            desktop.launchForm("", "");
            assertThat(err(driver.act("agent-a", ActArgs.click(ref(view, "Remember me")))).code())
                    .isEqualTo(ErrorCode.TARGET_CHANGED);
        }
    }

    @Nested
    class Approving {
        @Test
        void deniedDeleteDoesNotHappen(TestDesktop desktop) throws Exception {
            ScriptedApprover approver = ScriptedApprover.always(Decision.DENY);
            ComputerDriver driver = driver(desktop, approver);
            TestDesktop.TargetApp app = desktop.launchDeleteForm();

            Receipt receipt = ok(driver.act("agent-a", ActArgs.click(ref(observe(driver, "agent-a", app), "Delete"))));

            assertThat(receipt.code()).isEqualTo("APPROVAL_DENIED");
            assertThat(approver.asked).singleElement().satisfies(r -> {
                assertThat(r.category()).isEqualTo("delete");
                assertThat(r.summary()).isEqualTo("Click \u2018Delete\u2019 in yad \u2014 window \u2018Cleanup\u2019");
                assertThat(r.screenshot()).as("the dialog gets the Set-of-Mark screenshot").isPresent();
            });
            Thread.sleep(300);
            assertThat(Files.exists(app.dir().resolve("deleted"))).isFalse();
        }

        @Test
        void typingASpaceIntoTheDeleteButtonIsRefusedAndDeletesNothing(TestDesktop desktop) throws Exception {
            // An attack on the keyboard route: "type" needs no approval, and a space typed into a
            // focused button presses it. Typing is for text fields only.
            ScriptedApprover approver = ScriptedApprover.always(Decision.ALLOW_ONCE);
            ComputerDriver driver = driver(desktop, approver);
            TestDesktop.TargetApp app = desktop.launchDeleteForm();
            String delete = ref(observe(driver, "agent-a", app), "Delete");

            ToolResult<Receipt> typed = driver.act("agent-a", new TypeArgs(delete, " ", null, "insert"));

            Thread.sleep(500);
            assertThat(Files.exists(app.dir().resolve("deleted"))).as("the app's own side effect").isFalse();
            assertThat(approver.asked).isEmpty();
            String code = typed instanceof ToolResult.Ok<Receipt> ok ? ok.value().code() : typed.toString();
            assertThat(code).contains("INVALID_ARGUMENT");
        }

        /**
         * A type replaces a field's whole text, and an autosaving document keeps no copy: clearing
         * the two lines of a GTK text view asks as discard, saying how much goes, and denied, the
         * text stays. Replacing a short single-line entry asks nobody. (Before, the erase ran unasked.)
         */
        @Test
        void clearingADocumentsTextAsksAsDiscardAndAShortFieldIsReplacedUnasked(TestDesktop desktop) throws Exception {
            ScriptedApprover approver = ScriptedApprover.always(Decision.DENY);
            ComputerDriver driver = driver(desktop, approver);
            TestDesktop.TargetApp app = desktop.launchScript("Erase", "/dev/countersign/desktop/linux/selection.py");
            ObservationView view = ok(driver.observe("agent-a", new ObserveArgs(String.valueOf(app.pid()), null, 400,
                    12, null)));

            Receipt cleared = ok(driver.act("agent-a", ActArgs.type(ref(view, "Body"), "")));

            assertThat(cleared.code()).isEqualTo("APPROVAL_DENIED");
            assertThat(approver.asked).singleElement().satisfies(r -> {
                assertThat(r.category()).isEqualTo("discard");
                assertThat(r.matchedWords()).containsExactly("erases 2 lines (38 characters)");
                assertThat(r.summary()).isEqualTo("Type into \u2018Body\u2019 in selection.py \u2014 window "
                        + "\u2018Erase\u2019 \u2014 erases what it holds: 2 lines (38 characters)");
            });
            ObservationView after = ok(driver.observe("agent-a", new ObserveArgs(String.valueOf(app.pid()), null, 400,
                    12, null)));
            assertThat(after.nodes().stream().filter(n -> "Body".equals(n.name())).findFirst().orElseThrow().value())
                    .isEqualTo("Dear Ann,\nthe meeting moved to Friday.");

            Receipt replaced = ok(driver.act("agent-a", ActArgs.type(ref(after, "Title"), "A slow red fox")));

            assertThat(replaced.status()).isEqualTo("confirmed");
            assertThat(approver.asked).as("a short single-line field is replaced unasked").hasSize(1);
        }

        @Test
        void allowedDeleteIsDispatchedOnce(TestDesktop desktop) throws Exception {
            ComputerDriver driver = driver(desktop, ScriptedApprover.always(Decision.ALLOW_ONCE));
            TestDesktop.TargetApp app = desktop.launchDeleteForm();

            Receipt receipt = ok(driver.act("agent-a", ActArgs.click(ref(observe(driver, "agent-a", app), "Delete"))));

            assertThat(receipt.approval().decision()).isEqualTo("allowed_once");
            assertThat(receipt.status()).isEqualTo("unknown");
            assertThat(TestDesktop.eventually(Duration.ofSeconds(5), () -> Files.exists(app.dir().resolve("deleted"))))
                    .isTrue();
            assertThat(driver.evidence("agent-a").receiptsTotal()).isEqualTo(1);
        }
    }

    @Nested
    class Concurrency {
        @Test
        void twoAgentsOnOneWindowSerializeThroughTheReservation(TestDesktop desktop) throws Exception {
            ComputerDriver driver = driver(desktop, new ScriptedApprover());
            TestDesktop.TargetApp form = desktop.launchForm("", "");
            ObservationView a = observe(driver, "agent-a", form);
            ObservationView b = observe(driver, "agent-b", form);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                Future<ToolResult<Receipt>> first = pool.submit(() ->
                        driver.act("agent-a", ActArgs.type(textRef(a), "from a")));
                Future<ToolResult<Receipt>> second = pool.submit(() ->
                        driver.act("agent-b", ActArgs.click(ref(b, "Remember me"))));
                assertThat(ok(first.get()).status()).isEqualTo("confirmed");
                assertThat(ok(second.get()).status()).isEqualTo("confirmed");
            } finally {
                pool.shutdownNow();
            }
        }

        @Test
        void sixteenAgentsObservingInParallelKeepTheirScopesApart(TestDesktop desktop) throws Exception {
            ComputerDriver driver = driver(desktop, new ScriptedApprover());
            TestDesktop.TargetApp form = desktop.launchForm("", "");
            ExecutorService pool = Executors.newFixedThreadPool(16);
            try {
                List<Callable<ObservationView>> jobs = new ArrayList<>();
                for (int i = 0; i < 16; i++) {
                    String agent = "agent-" + i;
                    jobs.add(() -> observe(driver, agent, form));
                }
                List<ObservationView> views = new ArrayList<>();
                for (Future<ObservationView> f : pool.invokeAll(jobs)) {
                    views.add(f.get());
                }
                assertThat(views.stream().map(ObservationView::observationId).distinct()).hasSize(16);
                Set<String> fingerprints = Set.copyOf(views.stream().map(ObservationView::fingerprint).toList());
                assertThat(fingerprints).as("same window, same content").hasSize(1);
                // Agent 0's refs are unknown to agent 1, and vice versa.
                assertThat(err(driver.act("agent-1", ActArgs.click(ref(views.get(0), "Remember me")))).code())
                        .isEqualTo(ErrorCode.REF_UNKNOWN);
                assertThat(ok(driver.act("agent-0", ActArgs.click(ref(views.get(0), "Remember me")))).status())
                        .isEqualTo("confirmed");
            } finally {
                pool.shutdownNow();
            }
        }
    }

    static String textRef(ObservationView view) {
        return view.nodes().stream().filter(n -> "text".equals(n.role())).findFirst().orElseThrow().ref();
    }

    static String output(TestDesktop.TargetApp app) {
        try {
            return app.output();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
