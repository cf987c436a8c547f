package dev.countersign.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TimestampsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "2026-11-29T12:00:00Z, 2026-11-29T12:00:00Z",
        "2026-11-29t12:00:00z, 2026-11-29T12:00:00Z",
        "2026-11-29T13:00:00+01:00, 2026-11-29T12:00:00Z",
        "2026-11-29T12:00:00.123456789Z, 2026-11-29T12:00:00.123456789Z",
        "2024-02-29T00:00:00-00:00, 2024-02-29T00:00:00Z",
    })
    void rfc3339DateTimesParse(String text, String expected) {
        assertThat(Timestamps.parse(text)).contains(Instant.parse(expected));
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @ValueSource(strings = {"", "tomorrow", "2026-11-29", "2026-11-29T12:00:00", "2026-11-29 12:00:00Z",
        "2026-11-29T12:00Z", "2026-02-30T12:00:00Z", "2026-11-29T25:00:00Z", "2026-11-29T12:00:00+0100",
        "1764417600", "2026-11-29T12:00:00Z junk"})
    void anythingElseIsUnparseable(String text) {
        assertThat(Timestamps.parse(text)).isEmpty();
    }

    @Test
    void nullIsUnparseable() {
        assertThat(Timestamps.parse(null)).isEmpty();
    }

    @Test
    void formatIsUtcWithMillisecondsAndRoundTrips() {
        Instant instant = Instant.parse("2026-11-29T12:00:00.123456Z");
        assertThat(Timestamps.format(instant)).isEqualTo("2026-11-29T12:00:00.123Z");
        assertThat(Timestamps.parse(Timestamps.format(instant))).contains(Instant.parse("2026-11-29T12:00:00.123Z"));
    }

    @ParameterizedTest
    @CsvSource({
        "2026-11-29T12:00:00Z, 2026-11-29T12:00:00.000Z",
        "2026-11-29T12:00:00.100Z, 2026-11-29T12:00:00.100Z",
        "2026-11-29T12:00:00.020999Z, 2026-11-29T12:00:00.020Z",
        "2026-01-02T03:04:05.999999999Z, 2026-01-02T03:04:05.999Z"
    })
    void theAuditFormatAlwaysHasThreeFractionDigits(String instant, String expected) {
        String text = Timestamps.formatFixedMillis(Instant.parse(instant));
        assertThat(text).isEqualTo(expected).hasSize(24);
        assertThat(Timestamps.parse(text)).contains(Instant.parse(expected));
    }
}
