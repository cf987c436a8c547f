package dev.countersign.core;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * RFC 3339 timestamps as they travel on the wire. Parsing is strict: a date-time with a full
 * time, seconds, and a {@code Z} or numeric offset. Anything else is unparseable, and an
 * unparseable expiry is refused by every validator (fail closed), never ignored.
 */
public final class Timestamps {
    // RFC 3339, section 5.6, date-time; 'T'/'Z' may be lower case, fractional seconds are optional.
    private static final Pattern RFC3339 = Pattern.compile(
            "\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?([Zz]|[+-]\\d{2}:\\d{2})");

    private Timestamps() {
    }

    /** The instant a well-formed RFC 3339 date-time names, or empty when it is not one. */
    public static Optional<Instant> parse(String text) {
        if (text == null || !RFC3339.matcher(text).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(OffsetDateTime.parse(text.toUpperCase(Locale.ROOT),
                    DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant());
        } catch (DateTimeParseException e) {
            // Matches the shape but names no real date (2026-02-30, hour 25): unparseable.
            return Optional.empty();
        }
    }

    /** Always three fraction digits: every audit record's time has the same width, and sorts as text. */
    private static final DateTimeFormatter FIXED_MILLIS = DateTimeFormatter
            .ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.ROOT).withZone(java.time.ZoneOffset.UTC);

    /**
     * UTC with exactly three fraction digits ({@code 2026-11-29T12:00:00.000Z}), also when the
     * milliseconds are zero: the audit log's record time, fixed width.
     */
    public static String formatFixedMillis(Instant instant) {
        return FIXED_MILLIS.format(instant.truncatedTo(ChronoUnit.MILLIS));
    }

    /** The canonical wire form: UTC, {@code Z}, millisecond precision. */
    public static String format(Instant instant) {
        return DateTimeFormatter.ISO_INSTANT.format(instant.truncatedTo(ChronoUnit.MILLIS));
    }
}
