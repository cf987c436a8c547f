package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.Rect;
import dev.countersign.desktop.AppSelector;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The conversions between AX/CF values and Java that do not need the frameworks loaded. */
class ValueDecodingTest {

    @Nested
    class AxErrors {
        @ParameterizedTest(name = "{0} is {1}")
        @CsvSource({"0, OK", "-25202, GONE", "-25204, BUSY", "-25205, UNSUPPORTED", "-25206, UNSUPPORTED",
            "-25208, UNSUPPORTED", "-25211, NOT_TRUSTED", "-25212, NO_VALUE", "-25200, FAILED", "-1, FAILED"})
        void codesDecodeToWhatTheyMeanForTheCaller(int code, AxError.Meaning meaning) {
            assertThat(AxError.of(code).meaning).isEqualTo(meaning);
        }

        @Test
        void missingAttributesAreAbsentNotBroken() {
            assertThat(AxError.of(-25205).absent()).isTrue();
            assertThat(AxError.of(-25212).absent()).isTrue();
            assertThat(AxError.of(-25202).absent()).isFalse();
        }
    }

    @Nested
    class AxValues {
        @Test
        void geometricTypesTakeTwoOrFourDoubles() {
            assertThat(AxValue.doublesFor(AxValue.TYPE_POINT)).isEqualTo(2);
            assertThat(AxValue.doublesFor(AxValue.TYPE_SIZE)).isEqualTo(2);
            assertThat(AxValue.doublesFor(AxValue.TYPE_RECT)).isEqualTo(4);
            assertThat(AxValue.doublesFor(AxValue.TYPE_RANGE)).isZero();
            assertThat(AxValue.ofDoubles(AxValue.TYPE_RECT, new double[] {1, 2, 3, 4}))
                    .isEqualTo(new AxValue.Box(1, 2, 3, 4));
            assertThat(AxValue.ofDoubles(AxValue.TYPE_RANGE, new double[0])).isNull();
        }

        @Test
        void scalarValuesReadAsText() {
            assertThat(AxElementMapper.text(1L)).isEqualTo("1");
            assertThat(AxElementMapper.text(3.0)).isEqualTo("3");
            assertThat(AxElementMapper.text(0.5)).isEqualTo("0.5");
            assertThat(AxElementMapper.text(true)).isEqualTo("true");
            assertThat(AxElementMapper.text(List.of("a"))).isNull();
            assertThat(AxElementMapper.text(new AxValue.Range(0, 3))).isNull();
        }

        @Test
        void badGeometryHasNoFrame() {
            assertThat(Frames.rect(Double.NaN, 0, 1, 1)).isNull();
            assertThat(Frames.rect(0, 0, -1, 1)).isNull();
            assertThat(Frames.rect(0, 0, 1e12, 1)).isNull();
            assertThat(Frames.rect(-0.5, -0.5, 1, 1)).isEqualTo(new Rect(-1, -1, 2, 2));
        }
    }

    @Nested
    class Apps {
        private final List<RunningApp> apps = List.of(
                new RunningApp(300, "com.apple.Safari", "Safari", false),
                new RunningApp(200, "com.apple.TextEdit", "TextEdit", true),
                new RunningApp(100, "com.apple.TextEdit", "TextEdit", false),
                new RunningApp(400, null, "helper", false));

        @Test
        void aNameMatchesTheBundleIdFirstCaseInsensitively() {
            assertThat(RunningApp.choose(AppSelector.name("COM.APPLE.SAFARI"), apps)).map(RunningApp::pid).contains(300L);
            assertThat(RunningApp.choose(AppSelector.name("helper"), apps)).map(RunningApp::pid).contains(400L);
            assertThat(RunningApp.choose(AppSelector.name("Finder"), apps)).isEmpty();
        }

        @Test
        void ofTwoInstancesTheActiveOneWins() {
            assertThat(RunningApp.choose(AppSelector.name("com.apple.TextEdit"), apps)).map(RunningApp::pid)
                    .contains(200L);
        }

        @Test
        void frontmostIsTheActiveAppElseTheFirstListed() {
            assertThat(RunningApp.choose(AppSelector.frontmost(), apps)).map(RunningApp::pid).contains(200L);
            assertThat(RunningApp.choose(AppSelector.frontmost(), apps.subList(2, 4))).map(RunningApp::pid)
                    .contains(100L);
            assertThat(RunningApp.choose(AppSelector.pid(400), apps)).map(RunningApp::displayName).contains("helper");
            assertThat(new RunningApp(5, null, null, false).displayName()).isEqualTo("pid 5");
        }
    }
}
