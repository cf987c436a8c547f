package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.LaunchIdentity;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.desktop.WindowInfo;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.vision.Point;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PointCoverTest {
    private static final long PID = 4242;
    private static final Rect OBSERVED = new Rect(100, 130, 400, 300);

    private final MemoryDesktop desktop = new MemoryDesktop().withWindowSystem();
    /** The window stack the test rearranges between checks, topmost first. */
    private final List<ScreenWindows.ScreenWindow> stack = desktop.stack;

    private static Observation observation() {
        AppInfo app = new AppInfo("editor", null, new LaunchIdentity(PID, 1));
        WindowInfo window = new WindowInfo(new MemoryDesktop.Handle("w"), "Notes", OBSERVED, true);
        return new Observation("o1", "agent", app, window, "w1", List.of(), Map.of(), Instant.MAX, null, 0);
    }

    @Test
    void aSameTitledWindowOfTheAppLaidOverTheObservedOneAfterTheFirstCheckIsRefused() {
        // The observed window as a window manager frames it: its title bar above.
        ScreenWindows.ScreenWindow decorated = new ScreenWindows.ScreenWindow(11, PID, "Notes", new Rect(100, 100, 400, 330));
        stack.add(decorated);
        Observation observation = observation();
        Point delete = new Point(300, 400);
        assertThat(PointCover.check(desktop, observation, delete, null)).as("before the person is asked").isEmpty();

        // After Allow: the app opens an undecorated window with the same title exactly over it.
        // It fits the observed frame more tightly than the real one, so by frame alone it would pass.
        stack.add(0, new ScreenWindows.ScreenWindow(12, PID, "Notes", OBSERVED));
        Optional<CountersignError> beforeDispatch = PointCover.check(desktop, observation, delete, null);
        assertThat(beforeDispatch).isPresent();
        assertThat(beforeDispatch.get().code()).isEqualTo(ErrorCode.TARGET_CHANGED);
        assertThat(beforeDispatch.get().message()).contains("another window was laid over the observed one");
    }

    @Test
    void theSameWindowPassesEveryCheckOfTheAct() {
        stack.add(new ScreenWindows.ScreenWindow(11, PID, "Notes", new Rect(100, 100, 400, 330)));
        stack.add(new ScreenWindows.ScreenWindow(30, 77, "Other app", new Rect(600, 0, 300, 300)));
        Observation observation = observation();
        for (int i = 0; i < 3; i++) {
            assertThat(PointCover.check(desktop, observation, new Point(300, 400), new Point(450, 420))).isEmpty();
        }
    }

    @Test
    void anotherAppsWindowOnTopIsRefusedAsBefore() {
        stack.add(new ScreenWindows.ScreenWindow(30, 77, "Phish", new Rect(250, 350, 200, 200)));
        stack.add(new ScreenWindows.ScreenWindow(11, PID, "Notes", new Rect(100, 100, 400, 330)));
        Optional<CountersignError> refused = PointCover.check(desktop, observation(), new Point(300, 400), null);
        assertThat(refused).isPresent();
        assertThat(refused.get().code()).isEqualTo(ErrorCode.TARGET_CHANGED);
        assertThat(refused.get().message()).contains("covered by the window 'Phish'");
    }
}
