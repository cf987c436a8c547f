package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.WindowCapture;
import dev.countersign.desktop.WindowInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The capture path through the ScreenCaptureKit shim's contract ({@code cs_capture_window}),
 * with the harness's stand-in loaded from {@code -Dcountersign.native.dir} as the real one is:
 * the picture it returns, a declined capture refused, a failed one falling back to CoreGraphics.
 */
@Tag("macos-sim")
class MacCaptureShimTest extends HarnessBackendFixture {
    private WindowInfo window;

    MacCaptureShimTest() {
        super("secure-field.json", "Sign In", "com.example.signin");
    }

    /** The backend with the harness's stand-in for the shim where the real one is looked for. */
    @Override
    MacDesktopBackend newBackend() {
        System.setProperty("countersign.native.dir", MacSim.Holder.DIR.resolve("shim").toString());
        try {
            return MacDesktopBackend.overLoadedFrameworks();
        } finally {
            System.clearProperty("countersign.native.dir");
        }
    }

    @BeforeEach
    void findTheWindow() {
        window = window(app());
    }

    @AfterEach
    void forgetTheWindow() {
        window = null;
    }

    @Test
    void theShimsPictureIsTheCapture() {
        WindowCapture c = backend.capture(window);
        assertThat(c.argb()).isEqualTo(desktop.expectedPixels);
        assertThat(sim.calls()).contains("shim capture " + SimDesktop.WINDOW_NUMBER)
                .doesNotContain("capture " + SimDesktop.WINDOW_NUMBER + " list=");
    }

    @Test
    void aCaptureTheShimReportsAsDeclinedIsPermissionMissing() {
        sim.sim_fault("cs_capture_window", MacSim.F_ERROR, ScreenCaptureShim.DENIED, -1);
        CountersignException e = catchThrowableOfType(CountersignException.class, () -> backend.capture(window));
        assertThat(e.error().code()).isEqualTo(ErrorCode.PERMISSION_MISSING);
        assertThat(sim.calls()).doesNotContain("capture " + SimDesktop.WINDOW_NUMBER + " list=");
    }

    @Test
    void aShimThatFailsOrTimesOutFallsBackToCoreGraphics() {
        sim.sim_fault("cs_capture_window", MacSim.F_ERROR, -2, -1);
        assertThat(backend.capture(window).argb()).isEqualTo(desktop.expectedPixels);
        assertThat(sim.calls()).contains("capture " + SimDesktop.WINDOW_NUMBER + " list=");
    }
}
