package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.AppListing;
import dev.countersign.desktop.AppSelector;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.FocusProof;
import dev.countersign.desktop.KeyInput;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Listing apps, suggesting names, and proving keyboard focus before typing, on real yad windows. */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class AtspiListingTest {

    @Test
    void listingShowsTheAppWithItsToolkitAndWindow(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "");

        AppListing mine = desktop.backend().listApps().stream().filter(l -> l.app().pid() == form.pid())
                .findFirst().orElseThrow();

        assertThat(mine.app().name()).isEqualTo("yad");
        assertThat(mine.toolkit()).startsWithIgnoringCase("gtk 3.");
        assertThat(mine.windows()).extracting(w -> w.title()).contains("Login Form");
    }

    /** The bus name a launch resolved to is remembered; an exited launch must never be served from it. */
    @Test
    void anAppThatExitedIsNotServedFromItsRememberedBusName(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        var backend = desktop.backend();
        var app = backend.resolveApp(AppSelector.pid(form.pid()));
        var window = backend.listWindows(app).get(0);
        assertThat(backend.snapshot(app, window, dev.countersign.desktop.SnapshotLimits.defaults()).nodes()).isNotEmpty();

        desktop.stop(form);

        assertThatThrownBy(() -> backend.listWindows(app)).isInstanceOfSatisfying(CountersignException.class,
                e -> assertThat(e.error().code()).isIn(ErrorCode.INVALID_ARGUMENT, ErrorCode.TARGET_CHANGED));
        assertThatThrownBy(() -> backend.snapshot(app, window, dev.countersign.desktop.SnapshotLimits.defaults()))
                .isInstanceOfSatisfying(CountersignException.class,
                        e -> assertThat(e.error().code()).isIn(ErrorCode.INVALID_ARGUMENT, ErrorCode.TARGET_CHANGED));
    }

    @Test
    void aWrongNameIsAnsweredWithTheClosestNames(TestDesktop desktop) throws Exception {
        desktop.launchForm("", "");

        assertThatThrownBy(() -> desktop.backend().resolveApp(AppSelector.name("yadd")))
                .isInstanceOf(CountersignException.class)
                .satisfies(e -> {
                    assertThat(((CountersignException) e).error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.getMessage()).contains("did you mean 'yad'");
                });
    }

    @Test
    void focusIsProvenBeforeKeyboardTextAndTheTextReadsBack(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        ElementNode entry = DesktopTrees.findRole(DesktopTrees.snapshot(desktop.backend(), form), "text");

        FocusProof proof = desktop.backend().focusForTyping(entry.handle());
        assertThat(proof.proven()).as(proof.detail()).isTrue();
        desktop.backend().keys(new KeyInput.Text("typed by keys"));

        assertThat(TestDesktop.eventually(Duration.ofSeconds(2), () -> {
            Recheck r = desktop.backend().recheck(entry.handle());
            return r instanceof Recheck.Present && "typed by keys".equals(((Recheck.Present) r).current().value());
        })).isTrue();
    }

    @Test
    void focusForTypingRefusesAPasswordField(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "secret");
        ElementNode password = DesktopTrees.findRole(DesktopTrees.snapshot(desktop.backend(), form), "password text");

        assertThatThrownBy(() -> desktop.backend().focusForTyping(password.handle()))
                .isInstanceOf(CountersignException.class)
                .satisfies(e -> assertThat(((CountersignException) e).error().code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED));
    }
    /**
     * A resolve asks for the application's windows in its own round trip, for the window list that
     * follows it in the same call. That answer stands 25 ms: a window list asked later reads the
     * windows again, so a window the application opened since is listed.
     */
    @Test
    void aWindowListAskedLaterThanItsResolveIsReadAgain(TestDesktop desktop) throws Exception {
        String title = "Later window";
        TestDesktop.TargetApp app = launchLaterWindow(desktop, title);
        var backend = desktop.backend();
        // The launch was resolved already, so this is the re-check that also asks for the windows.
        var resolved = backend.resolveApp(AppSelector.pid(app.pid()));
        assertThat(backend.listWindows(resolved)).extracting(w -> w.title()).containsExactly(title);
        resolved = backend.resolveApp(AppSelector.pid(app.pid()));
        // Only now does the application open its second window; the list is asked well after the resolve.
        Files.writeString(app.dir().resolve("open"), "");
        assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> outputSays(app, "opened"))).isTrue();
        Thread.sleep(100);

        assertThat(backend.listWindows(resolved)).extracting(w -> w.title())
                .containsExactlyInAnyOrder(title, title + ": later");
    }

    /**
     * An observation's resolve reads, in its re-check's round trip, the windows an observation
     * listed last time, and its window list takes those reads: it lists what resolving and listing
     * one after the other list. A window opened since is listed: the reads count only for exactly
     * the windows the root lists now.
     */
    @Test
    void anObservationsResolveReadsItsWindowsAheadOnlyWhileTheyStillHold(TestDesktop desktop) throws Exception {
        String title = "Ahead window";
        TestDesktop.TargetApp app = launchLaterWindow(desktop, title);
        var backend = (AtspiDesktopBackend) desktop.backend();
        var selector = AppSelector.pid(app.pid());
        var resolved = backend.resolveApp(selector);
        var listed = backend.listWindows(resolved);
        // The first remembers the windows; the next re-checks and reads them ahead. The reads count
        // only within 25 ms of the re-check, which a loaded machine may miss once: a few tries.
        backend.resolveForObservation(selector);
        long before = backend.windowReadsTakenAhead();
        AppListing ahead = null;
        for (int i = 0; i < 5 && backend.windowReadsTakenAhead() == before; i++) {
            ahead = backend.resolveForObservation(selector);
        }
        long taken = backend.windowReadsTakenAhead();
        assertThat(taken).isGreaterThan(before);
        assertThat(ahead.app()).isEqualTo(resolved);
        assertThat(ahead.windows()).isEqualTo(listed);

        Files.writeString(app.dir().resolve("open"), "");
        assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> outputSays(app, "opened"))).isTrue();
        Thread.sleep(100);
        assertThat(backend.resolveForObservation(selector).windows()).extracting(w -> w.title())
                .containsExactlyInAnyOrder(title, title + ": later");
        assertThat(backend.windowReadsTakenAhead()).isEqualTo(taken);
    }

    /**
     * An observation's snapshot takes its window's frame from the window list of the same call
     * (read moments before) instead of asking the application again, and reads the same tree; a
     * snapshot long after a window list, or after a plain one, reads the frame itself.
     */
    @Test
    void anObservationsSnapshotTakesTheFrameItsWindowListHasJustReadAndOnlyThen(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchForm("", "");
        var backend = (AtspiDesktopBackend) desktop.backend();
        var limits = dev.countersign.desktop.SnapshotLimits.defaults();
        var selector = AppSelector.pid(form.pid());
        List<String> expected = shape(backend.snapshot(form.app(), form.window(), limits).nodes());

        long before = backend.windowFramesTaken();
        dev.countersign.desktop.TreeSnapshot taken = null;
        AppListing listed = null;
        // Within 25 ms of the window list, which a loaded machine may miss once: a few tries.
        for (int i = 0; i < 5 && backend.windowFramesTaken() == before; i++) {
            listed = backend.resolveForObservation(selector);
            taken = backend.snapshot(listed.app(), listed.windows().get(0), limits);
        }
        assertThat(backend.windowFramesTaken()).isGreaterThan(before);
        assertThat(taken.window().frame()).isEqualTo(listed.windows().get(0).frame());
        assertThat(shape(taken.nodes())).isEqualTo(expected);

        long now = backend.windowFramesTaken();
        listed = backend.resolveForObservation(selector);
        Thread.sleep(60);
        assertThat(shape(backend.snapshot(listed.app(), listed.windows().get(0), limits).nodes())).isEqualTo(expected);
        var plain = backend.listWindows(backend.resolveApp(selector));
        assertThat(shape(backend.snapshot(form.app(), plain.get(0), limits).nodes())).isEqualTo(expected);
        assertThat(backend.windowFramesTaken()).isEqualTo(now);
    }

    private static List<String> shape(List<ElementNode> nodes) {
        return nodes.stream().map(n -> n.role() + "|" + n.name() + "|" + n.states() + "|" + n.frame()).toList();
    }

    private static TestDesktop.TargetApp launchLaterWindow(TestDesktop desktop, String title) throws Exception {
        return desktop.launchCommand(title, dir -> {
            Path script = dir.resolve("later_window.py");
            try (InputStream in = AtspiListingTest.class.getResourceAsStream("later_window.py")) {
                Files.copy(in, script);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return List.of("/usr/bin/python3", script.toString(), title, dir.toString());
        });
    }

    private static boolean outputSays(TestDesktop.TargetApp app, String line) {
        try {
            return app.output().contains(line);
        } catch (IOException e) {
            return false;
        }
    }
}
