package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.SessionState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The CoreGraphics dictionaries and bitmaps the native layer hands up, decoded without a Mac. */
class CoreGraphicsDecodingTest {
    private final AxFixture fixture = AxFixture.load("multi-display.json");

    private List<CgWindow> windows() {
        List<Map<String, Object>> entries = new ArrayList<>();
        for (JsonNode e : fixture.json.get("windowList")) {
            entries.add(AxFixture.plain(e));
        }
        return CgWindow.all(entries);
    }

    @Nested
    class WindowList {
        @Test
        void entriesWithoutANumberAreSkippedAndTheRestKeepTheirOrder() {
            assertThat(windows()).extracting(CgWindow::number).containsExactly(812, 4321, 4322, 90);
        }

        @Test
        void boundsAreGlobalTopLeftPointsRoundedOutward() {
            CgWindow notes = windows().get(1);
            assertThat(notes.bounds()).isEqualTo(new Rect(-1700, -100, 800, 600));
            assertThat(notes.applicationWindow()).isTrue();
            assertThat(windows().get(3).bounds()).isEqualTo(new Rect(100, 50, 301, 201));
            assertThat(windows().get(0).applicationWindow()).isFalse();
        }

        @Test
        void aMissingTitleIsNullNotEmpty() {
            // Without Screen Recording permission macOS leaves kCGWindowName out.
            assertThat(windows().get(3).title()).isNull();
        }

        @Test
        void theTitleDecidesBetweenWindowsThatShareBounds() {
            assertThat(WindowMatch.number(742, new Rect(-1700, -100, 800, 600), "Other note", windows())).isEqualTo(4322);
            assertThat(WindowMatch.number(742, new Rect(-1700, -100, 800, 600), "Notes on the left", windows()))
                    .isEqualTo(4321);
            // Unknown title: the front-most window with those bounds.
            assertThat(WindowMatch.number(742, new Rect(-1700, -100, 800, 600), null, windows())).isEqualTo(4321);
        }

        @Test
        void anotherPidOrFrameDoesNotMatch() {
            assertThat(WindowMatch.number(999, new Rect(-1700, -100, 800, 600), null, windows())).isEqualTo(-1);
            assertThat(WindowMatch.number(742, new Rect(0, 0, 800, 600), null, windows())).isEqualTo(-1);
            assertThat(WindowMatch.number(742, new Rect(101, 50, 300, 200), null, windows())).isEqualTo(90);
        }
    }

    @Nested
    class Session {
        private Map<String, Object> session(String name) {
            return AxFixture.plain(fixture.json.get("sessions").get(name));
        }

        @Test
        void onlyAnUnlockedConsoleSessionIsAvailable() {
            assertThat(SessionDictionary.state(session("unlocked"))).isEqualTo(SessionState.AVAILABLE);
            assertThat(SessionDictionary.state(session("locked"))).isEqualTo(SessionState.LOCKED);
            assertThat(SessionDictionary.state(session("switchedAway"))).isEqualTo(SessionState.LOCKED);
            assertThat(SessionDictionary.state(session("loggingIn"))).isEqualTo(SessionState.LOCKED);
        }

        @Test
        void noSessionDictionaryIsUnknownAndEachRefusalSaysWhy() {
            assertThat(SessionDictionary.state(null)).isEqualTo(SessionState.UNKNOWN);
            assertThat(SessionDictionary.why(null)).contains("no window-server session");
            assertThat(SessionDictionary.why(session("locked"))).contains("locked");
            assertThat(SessionDictionary.why(session("switchedAway"))).contains("not on the console");
        }
    }

    @Nested
    class Displays_ {
        @Test
        void theScaleIsThatOfTheDisplayShowingMostOfTheWindow() {
            assertThat(fixture.displays.scaleFor(new Rect(-1700, -100, 800, 600))).isEqualTo(1.0);
            assertThat(fixture.displays.scaleFor(new Rect(-100, 100, 800, 600))).isEqualTo(2.0);
            assertThat(fixture.displays.scaleFor(new Rect(5000, 5000, 10, 10))).isEqualTo(1.0);
        }

        @Test
        void pointsBetweenDisplaysAreOnNone() {
            assertThat(fixture.displays.contains(-1, 0)).isTrue();
            assertThat(fixture.displays.contains(-1, -181)).isFalse();
            assertThat(fixture.displays.contains(1439, 899)).isTrue();
            assertThat(fixture.displays.contains(1440, 0)).isFalse();
        }
    }

    @Nested
    class Bitmaps {
        @Test
        void littleEndianPremultipliedFirstIsBgraInMemoryAndRowPaddingIsSkipped() {
            int info = BitmapPixels.BYTE_ORDER_32_LITTLE | BitmapPixels.ALPHA_PREMULTIPLIED_FIRST;
            byte[] data = {
                // row 0: blue, red, then 8 bytes of padding
                (byte) 0xFF, 0, 0, (byte) 0xFF, 0, 0, (byte) 0xFF, (byte) 0xFF, 9, 9, 9, 9, 9, 9, 9, 9,
                // row 1: green, white (half transparent: alpha is dropped)
                0, (byte) 0xFF, 0, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0x80};
            int[] argb = BitmapPixels.argb(data, 2, 2, 16, 32, info);
            assertThat(argb).containsExactly(0xFF0000FF, 0xFFFF0000, 0xFF00FF00, 0xFFFFFFFF);
        }

        @Test
        void bigEndianAlphaLastIsRgbaInMemory() {
            byte[] data = {(byte) 0x11, (byte) 0x22, (byte) 0x33, (byte) 0x44};
            assertThat(BitmapPixels.argb(data, 1, 1, 4, 32, BitmapPixels.ALPHA_PREMULTIPLIED_LAST))
                    .containsExactly(0xFF112233);
            assertThat(BitmapPixels.argb(data, 1, 1, 4, 32, BitmapPixels.ALPHA_NONE_SKIP_FIRST))
                    .containsExactly(0xFF223344);
        }

        @Test
        void aShortBufferOrAnotherDepthIsRefused() {
            assertThatThrownBy(() -> BitmapPixels.argb(new byte[7], 2, 1, 8, 32, 0))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> BitmapPixels.argb(new byte[16], 2, 1, 8, 16, 0))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
