package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.err;
import static dev.countersign.driver.DriverHarness.ok;
import static dev.countersign.driver.DriverHarness.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.Recheck;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A click whose effect shows on another element of the window (a calculator's display) declares
 * that element as its postcondition. Confirmed only by that element's read-back; unknown when it
 * never changes; and the declaration is attack surface: a secure field, a ref of another
 * observation or agent, a stale ref, or an element swapped before dispatch is refused with its
 * code and nothing is pressed.
 */
class DeclaredPostconditionTest {
    private static final Set<String> SHOWN = Set.of("enabled", "showing", "visible");

    /** The login form plus a display, a "7" that writes into it and a "Noop" that does nothing. */
    private static DriverHarness calculator() {
        MemoryDesktop d = MemoryDesktop.loginForm();
        MemoryDesktop.Element display = new MemoryDesktop.Element("text", "Display", "0", new Rect(10, 140, 200, 24),
                Set.of("enabled", "showing", "visible", "editable"), List.of(), false);
        d.add("display", display);
        MemoryDesktop.Element seven = new MemoryDesktop.Element("push button", "7", null, new Rect(10, 170, 40, 28),
                SHOWN, List.of("click"), false);
        seven.onPress = e -> display.value = "7";
        d.add("seven", seven);
        d.add("noop", new MemoryDesktop.Element("push button", "Noop", null, new Rect(60, 170, 40, 28), SHOWN,
                List.of("click"), false));
        return new DriverHarness(d, new ScriptedApprover(), DriverSettings.defaults("sess-test"));
    }

    private static Receipt click(DriverHarness h, String target, Postcondition post) {
        ObservationView v = h.observe("agent-a");
        return ok(h.driver.act("agent-a", new ClickArgs(ref(v, target), post.ref() == null ? post
                : new Postcondition(post.kind(), post.exists(), post.valueDigest(), post.contentDigest(),
                        ref(v, post.ref()), post.change(), post.equalsText()))));
    }

    @Test
    void aClickDeclaringTheDisplayIsConfirmedWithTheDisplaysReadBack() {
        DriverHarness h = calculator();
        Receipt r = click(h, "7", Postcondition.watching("Display", null, null));
        assertThat(r.status()).isEqualTo("confirmed");
        assertThat(r.verification().detail()).contains("value reads '7'");
        assertThat(r.timings()).containsKey("verify_ms");
        assertThat(h.desktop.presses("seven")).isEqualTo(1);
    }

    @Test
    void aClickDeclaringTheTextTheDisplayMustShowIsConfirmedWhenItDoes() {
        DriverHarness h = calculator();
        assertThat(click(h, "7", Postcondition.watching("Display", "value", "7")).status()).isEqualTo("confirmed");
    }

    @Test
    void aDisplayThatShowsOtherTextThanDeclaredFailsAndSaysWhatItReads() {
        DriverHarness h = calculator();
        Receipt r = click(h, "7", Postcondition.watching("Display", "value", "8"));
        assertThat(r.status()).isEqualTo("failed");
        assertThat(r.verification().detail()).contains("still reads '7'");
    }

    @Test
    void aDeclarationThatNeverChangesIsUnknown() {
        DriverHarness h = calculator();
        Receipt r = click(h, "Noop", Postcondition.watching("Display", null, null));
        assertThat(r.status()).isEqualTo("unknown");
        assertThat(h.desktop.presses("noop")).isEqualTo(1);
    }

    @Test
    void aClickThatChangesNothingIsUnknownEvenWhenTheDisplayAlreadyShowsTheDeclaredText() {
        // The display reads "0" before and after a click that does nothing: declaring "0" is no evidence.
        DriverHarness h = calculator();
        Receipt r = click(h, "Noop", Postcondition.watching("Display", "value", "0"));
        assertThat(r.status()).isEqualTo("unknown");
        assertThat(r.verification().detail()).contains("still reads '0'");
        assertThat(h.desktop.presses("noop")).isEqualTo(1);
    }

    @Test
    void aWatchedNameOrStateCountsOnlyWhenThatPropertyChanges() {
        DriverHarness h = calculator();
        h.desktop.elements.get("seven").onPress = e -> h.desktop.elements.get("remember").states =
                MemoryDesktop.toggled(h.desktop.elements.get("remember").states, "checked");
        assertThat(click(h, "7", Postcondition.watching("Remember me", "states", null)).verification().detail())
                .contains("+[checked]");
        assertThat(click(h, "7", Postcondition.watching("Remember me", "name", null)).status()).isEqualTo("unknown");
    }

    @Test
    void theReadBackIsRedactedLikeAnObservation() {
        DriverHarness h = calculator();
        String token = "cs_" + "A".repeat(43);
        h.desktop.elements.get("seven").onPress = e -> h.desktop.elements.get("display").value = "key " + token;
        Receipt r = click(h, "7", Postcondition.watching("Display", null, null));
        assertThat(r.status()).isEqualTo("confirmed");
        assertThat(r.verification().detail()).doesNotContain(token).contains("[redacted:countersign_token]");
    }

    @Test
    void aSecureFieldIsNeverDeclaredAndTheObservationStaysUsable() {
        DriverHarness h = calculator();
        ObservationView v = h.observe("agent-a");
        CountersignError e = err(h.driver.act("agent-a", new ClickArgs(ref(v, "7"),
                Postcondition.watching(ref(v, "Password"), null, null))));
        assertThat(e.code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
        assertThat(e.field()).isEqualTo("postcondition.ref");
        assertThat(h.desktop.dispatched).isEmpty();
        // Refused before the observation was spent: the agent's next act on it still runs.
        assertThat(ok(h.driver.act("agent-a", ActArgs.click(ref(v, "7")))).status()).isNotEqualTo("rejected");
    }

    @Test
    void aRefOfAnotherObservationOrAnotherAgentIsUnknown() {
        DriverHarness h = calculator();
        ObservationView older = h.observe("agent-a");
        ObservationView v = h.observe("agent-a");
        ObservationView theirs = h.observe("agent-b");
        CountersignError other = err(h.driver.act("agent-a", new ClickArgs(ref(v, "7"),
                Postcondition.watching(ref(older, "Display"), null, null))));
        assertThat(other.code()).isEqualTo(ErrorCode.REF_UNKNOWN);
        assertThat(other.field()).isEqualTo("postcondition.ref");
        CountersignError foreign = err(h.driver.act("agent-a", new ClickArgs(ref(v, "7"),
                Postcondition.watching(ref(theirs, "Display"), null, null))));
        assertThat(foreign.code()).isEqualTo(ErrorCode.REF_UNKNOWN);
        assertThat(foreign.field()).isEqualTo("postcondition.ref");
        assertThat(h.desktop.dispatched).isEmpty();
    }

    @Test
    void aStaleDeclaredRefIsRefusedWithItsCode() {
        DriverHarness h = calculator();
        ObservationView spent = h.observe("agent-a");
        ok(h.driver.act("agent-a", ActArgs.click(ref(spent, "Noop"))));
        ObservationView v = h.observe("agent-a");
        CountersignError consumed = err(h.driver.act("agent-a", new ClickArgs(ref(v, "7"),
                Postcondition.watching(ref(spent, "Display"), null, null))));
        assertThat(consumed.code()).isEqualTo(ErrorCode.OBSERVATION_CONSUMED);
        assertThat(consumed.field()).isEqualTo("postcondition.ref");
        assertThat(h.desktop.presses("seven")).isZero();
    }

    @Test
    void aDeclaredElementSwappedBeforeDispatchRefusesTheClick() {
        DriverHarness h = calculator();
        ObservationView v = h.observe("agent-a");
        h.desktop.elements.get("display").name = "Result";
        Receipt r = ok(h.driver.act("agent-a", new ClickArgs(ref(v, "7"),
                Postcondition.watching(ref(v, "Display"), null, null))));
        assertThat(r.status()).isEqualTo("rejected");
        assertThat(r.code()).isEqualTo("TARGET_CHANGED");
        assertThat(r.detail()).contains("declared element");
        assertThat(h.desktop.presses("seven")).isZero();
    }

    @Test
    void aDeclaredElementThatTurnsSecureIsNeverReadBack() {
        DriverHarness h = calculator();
        h.desktop.elements.get("seven").onPress = e -> {
            MemoryDesktop.Element display = h.desktop.elements.get("display");
            display.value = "hunter2";
            display.secure = true;
        };
        Receipt r = click(h, "7", Postcondition.watching("Display", null, null));
        assertThat(r.status()).isEqualTo("unknown");
        assertThat(String.valueOf(r.verification()) + r.detail()).doesNotContain("hunter2");
    }

    @Test
    void aDeclarationIsWellFormedOrRefusedNamingTheField() {
        DriverHarness h = calculator();
        ObservationView v = h.observe("agent-a");
        String seven = ref(v, "7");
        String display = ref(v, "Display");
        assertThat(err(h.driver.act("agent-a", new ClickArgs(seven,
                new Postcondition("ui_element", null, null, null, null, "value", null)))).field())
                .isEqualTo("postcondition.ref");
        assertThat(err(h.driver.act("agent-a", new ClickArgs(seven,
                new Postcondition("ui_element", true, null, null, display, null, null)))).field())
                .isEqualTo("postcondition.ref");
        assertThat(err(h.driver.act("agent-a", new ClickArgs(seven,
                Postcondition.watching(display, "states", "7")))).field()).isEqualTo("postcondition.equals");
        assertThat(err(h.driver.act("agent-a", new ClickArgs(seven,
                Postcondition.watching(display, "colour", null)))).field()).isEqualTo("postcondition.change");
        assertThat(h.desktop.dispatched).isEmpty();
    }

    @Test
    void aProbeThatFindsNothingEndsWithinItsBoundEvenWhenReadsAreSlow() {
        // Each re-read takes 70 ms of the test's time; the bound is 400 ms. The probe must not
        // start a read it cannot finish within the bound.
        long[] now = {0};
        MemoryDesktop d = MemoryDesktop.loginForm();
        MemoryDesktop slow = new MemoryDesktop() {
            @Override
            public Recheck recheck(dev.countersign.desktop.ElementHandle element) {
                now[0] += 70_000_000L;
                return d.recheck(element);
            }
        };
        EffectProbe.Pace pace = new EffectProbe.Pace() {
            @Override
            public long nanoTime() {
                return now[0];
            }

            @Override
            public boolean sleep(long nanos) {
                now[0] += nanos;
                return true;
            }
        };
        ElementNode user = ((Recheck.Present) d.recheck(new MemoryDesktop.Handle("user"))).current();
        EffectProbe probe = new EffectProbe(slow, Duration.ofMillis(400), pace);
        assertThat(probe.watched(user, "value", null, s -> s)).isNull();
        assertThat(now[0]).isLessThanOrEqualTo(400_000_000L);
        now[0] = 0;
        assertThat(probe.click(user)).isNull();
        assertThat(now[0]).isLessThanOrEqualTo(400_000_000L);
    }

    @Test
    void theArgsDigestBindsTheDeclaredElementWhatMustChangeAndTheText() {
        ElementNode display = ((Recheck.Present) calculator().desktop.recheck(new MemoryDesktop.Handle("display")))
                .current();
        dev.countersign.core.ElementEvidence seen = new dev.countersign.core.ElementEvidence("d1", display.role(),
                null, display.name(), "", null, display.frame(), false);
        dev.countersign.core.ElementEvidence other = new dev.countersign.core.ElementEvidence("d2", display.role(),
                null, display.name(), "", null, display.frame(), false);
        List<String> digests = java.util.stream.Stream.of(
                        Postcondition.watching("r1", null, null).declared(seen),
                        Postcondition.watching("r1", null, null).declared(other),
                        Postcondition.watching("r1", "name", null).declared(seen),
                        Postcondition.watching("r1", null, "7").declared(seen),
                        Postcondition.watching("r1", null, "8").declared(seen))
                .map(p -> dev.countersign.graph.ActionDigests.argsDigest(new dev.countersign.core.ActionRequest("s",
                        "p", "a", null, "computer_act", "click", "mutate", "foreground", java.util.Map.of("op", "click"),
                        new dev.countersign.core.ActionTarget("app", "w", seen), p, "fp", 1000)))
                .toList();
        assertThat(java.util.Set.copyOf(digests)).hasSize(digests.size());
        // The text is bound as its digest, never in clear.
        assertThat(dev.countersign.core.Json.mapper().valueToTree(Postcondition.watching("r1", null, "secret text")
                .declared(seen)).toString()).doesNotContain("secret text").doesNotContain("r1");
    }
}
