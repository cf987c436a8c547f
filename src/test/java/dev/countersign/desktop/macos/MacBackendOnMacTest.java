package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.jna.platform.mac.CoreFoundation.CFStringRef;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.AppSelector;
import dev.countersign.desktop.PermissionState;
import dev.countersign.desktop.SessionState;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.desktop.WindowInfo;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The native half on a real Mac. Selected only by the macOS workflow ({@code -Dgroups=macos});
 * excluded everywhere else by the pom's default {@code test.excludedGroups}. Not yet run: no Mac
 * runner has executed this workflow.
 *
 * <p>A CI runner has a GUI session but grants no Accessibility or Screen Recording permission,
 * so the test that needs a grant checks the fail-closed refusal there instead; on a developer's
 * Mac with the grants it walks Finder's window.
 */
@Tag("macos")
class MacBackendOnMacTest {

    @Test
    void cfStringsRoundTripThroughTheConverter() {
        CFStringRef s = CFStringRef.createCFString("AXRole ✓");
        try {
            assertThat(Cf.toJava(s.getPointer())).isEqualTo("AXRole ✓");
        } finally {
            Cf.release(s.getPointer());
        }
        assertThat(Cf.toJava(MacNative.Libs.CF_TRUE)).isEqualTo(true);
    }

    @Test
    void preflightsAnswerWithoutPromptingAndTheSessionIsReadable() {
        try (MacDesktopBackend backend = MacDesktopBackend.create()) {
            assertThat(backend.permissions().accessibility()).isIn(PermissionState.GRANTED, PermissionState.DENIED);
            assertThat(backend.sessionState()).isNotNull();
            assertThat(backend.ownIdentity().launch().startTime()).isPositive();
        }
    }

    @Test
    void runningAppsIncludeTheDockWithABundleIdAndALaunchIdentity() {
        List<RunningApp> apps = new MacApps().running();
        assertThat(apps).anySatisfy(a -> assertThat(a.bundleId()).isEqualTo("com.apple.dock"));
        RunningApp dock = apps.stream().filter(a -> "com.apple.dock".equals(a.bundleId())).findFirst().orElseThrow();
        assertThat(MacApps.launch(dock.pid())).isPresent();
        assertThat(MacApps.launch(dock.pid())).isEqualTo(MacApps.launch(dock.pid()));
    }

    @Test
    void theMainDisplayStartsAtTheOriginAndWindowsDecode() {
        MacCapture capture = new MacCapture();
        Displays displays = capture.displays();
        assertThat(displays.displays()).isNotEmpty();
        assertThat(displays.displays().get(0).bounds().x()).isZero();
        assertThat(displays.displays().get(0).bounds().y()).isZero();
        assertThat(capture.windows()).allSatisfy(w -> assertThat(w.number()).isPositive());
    }

    @Test
    void finderIsSnapshottedWithTheGrantAndRefusedWithACodeWithout() {
        try (MacDesktopBackend backend = MacDesktopBackend.create()) {
            AppSelector finder = AppSelector.name("com.apple.finder");
            boolean allowed = backend.permissions().accessibility() == PermissionState.GRANTED
                    && backend.sessionState() == SessionState.AVAILABLE;
            if (!allowed) {
                // A CI runner has no Accessibility grant: the backend must fail closed, with a code.
                assertThatThrownBy(() -> backend.resolveApp(finder)).isInstanceOf(CountersignException.class)
                        .satisfies(e -> assertThat(((CountersignException) e).error().code())
                                .isIn(ErrorCode.PERMISSION_MISSING, ErrorCode.SESSION_LOCKED));
                return;
            }
            AppInfo app = backend.resolveApp(finder);
            for (WindowInfo window : backend.listWindows(app).stream().limit(1).toList()) {
                TreeSnapshot snap = backend.snapshot(app, window, SnapshotLimits.defaults());
                assertThat(snap.nodes().get(0).role()).isEqualTo("AXWindow");
                Rect frame = snap.nodes().get(0).frame();
                assertThat(frame).isNotNull();
            }
        }
    }
}
