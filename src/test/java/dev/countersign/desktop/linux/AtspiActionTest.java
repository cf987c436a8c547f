package dev.countersign.desktop.linux;

import static dev.countersign.desktop.linux.DesktopTrees.find;
import static dev.countersign.desktop.linux.DesktopTrees.findRole;
import static dev.countersign.desktop.linux.DesktopTrees.snapshot;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.ElementHandle;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.KeyInput;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import java.nio.file.Files;
import java.time.Duration;
import java.util.function.Predicate;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class AtspiActionTest {
    private static final Duration SETTLE = Duration.ofSeconds(5);

    /** Re-reads the element until the predicate holds, as a verifier would. */
    static boolean rereadsAs(DesktopBackend backend, ElementHandle handle, Predicate<ElementNode> expected)
            throws InterruptedException {
        return TestDesktop.eventually(SETTLE, () -> {
            Recheck r = backend.recheck(handle);
            return r instanceof Recheck.Present && expected.test(((Recheck.Present) r).current());
        });
    }

    @Nested
    class AccessibilityActions {
        @Test
        void setTextReadsBack(TestDesktop desktop) throws Exception {
            DesktopBackend backend = desktop.backend();
            ElementNode entry = findRole(snapshot(backend, desktop.launchForm("alice", "")), "text");

            backend.perform(entry.handle(), new ElementAction.SetValue("bob@example.org"));

            assertThat(rereadsAs(backend, entry.handle(), n -> "bob@example.org".equals(n.value()))).isTrue();
        }

        @Test
        void pressingTheCheckBoxFlipsChecked(TestDesktop desktop) throws Exception {
            DesktopBackend backend = desktop.backend();
            ElementNode check = find(snapshot(backend, desktop.launchForm("", "")), "check box", "Remember me");

            backend.perform(check.handle(), new ElementAction.Press());

            assertThat(rereadsAs(backend, check.handle(), n -> n.hasState("checked"))).isTrue();
        }

        @Test
        void pressingClickMeRunsItsCommand(TestDesktop desktop) throws Exception {
            DesktopBackend backend = desktop.backend();
            TestDesktop.TargetApp form = desktop.launchForm("", "");
            ElementNode button = find(snapshot(backend, form), "push button", "Click me");

            backend.perform(button.handle(), new ElementAction.Press());

            assertThat(TestDesktop.eventually(SETTLE, () -> Files.exists(form.dir().resolve("clicked")))).isTrue();
        }

        @Test
        void pressingOkPrintsTheFormsValues(TestDesktop desktop) throws Exception {
            DesktopBackend backend = desktop.backend();
            TestDesktop.TargetApp form = desktop.launchForm("alice", "");
            ElementNode ok = find(snapshot(backend, form), "push button", "OK");

            backend.perform(ok.handle(), new ElementAction.Press());

            assertThat(form.process().waitFor(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            assertThat(form.output()).startsWith("alice|");
        }

        @Test
        void settingAPasswordFieldIsRefused(TestDesktop desktop) throws Exception {
            DesktopBackend backend = desktop.backend();
            ElementNode password = findRole(snapshot(backend, desktop.launchForm("", "")), "password text");

            assertThatThrownBy(() -> backend.perform(password.handle(), new ElementAction.SetValue("x")))
                    .isInstanceOfSatisfying(CountersignException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
        }
    }

    @Nested
    class SyntheticInput {
        @Test
        void clickAtTheCheckBoxCentreFlipsChecked(TestDesktop desktop) throws Exception {
            DesktopBackend backend = desktop.backend();
            ElementNode check = find(snapshot(backend, desktop.launchForm("", "")), "check box", "Remember me");

            backend.pointer(PointerInput.click(check.frame().centerX(), check.frame().centerY()));

            assertThat(rereadsAs(backend, check.handle(), n -> n.hasState("checked"))).isTrue();
        }

        @Test
        void typedKeysReachTheFocusedEntry(TestDesktop desktop) throws Exception {
            DesktopBackend backend = desktop.backend();
            ElementNode entry = findRole(snapshot(backend, desktop.launchForm("alice", "")), "text");
            backend.perform(entry.handle(), new ElementAction.Focus());
            assertThat(rereadsAs(backend, entry.handle(), n -> n.hasState("focused"))).isTrue();

            backend.keys(new KeyInput.Keys("ctrl+a"));
            backend.keys(new KeyInput.Keys("BackSpace"));
            backend.keys(new KeyInput.Text("Hi there!"));

            assertThat(rereadsAs(backend, entry.handle(), n -> "Hi there!".equals(n.value()))).isTrue();
        }

        @Test
        void returnKeyActivatesTheDefaultButton(TestDesktop desktop) throws Exception {
            DesktopBackend backend = desktop.backend();
            TestDesktop.TargetApp form = desktop.launchForm("carol", "");
            ElementNode entry = findRole(snapshot(backend, form), "text");
            backend.perform(entry.handle(), new ElementAction.Focus());
            assertThat(rereadsAs(backend, entry.handle(), n -> n.hasState("focused"))).isTrue();

            backend.keys(new KeyInput.Keys("Return"));

            assertThat(form.process().waitFor(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            assertThat(form.output()).startsWith("carol|");
        }
    }
}
