package dev.countersign.driver;

import java.time.Duration;

/**
 * Whether the Activity timeline keeps small pictures of each act's target region, and how much of
 * them: a size cap over all kept pictures and an age after which one is removed (settings.json;
 * docs/app.md). Off means no picture is taken at all, not merely not kept.
 */
public record PictureRules(boolean on, long capBytes, Duration maxAge) {
    /** On, 50 MB, 30 days. */
    public static final PictureRules DEFAULT = new PictureRules(true, 50L * 1024 * 1024, Duration.ofDays(30));
    /** Nothing taken. */
    public static final PictureRules OFF = new PictureRules(false, 0, Duration.ZERO);

    public PictureRules {
        if (capBytes < 0) {
            throw new IllegalArgumentException("a picture size cap is 0 or more bytes, got " + capBytes);
        }
        if (maxAge == null || maxAge.isNegative()) {
            throw new IllegalArgumentException("a picture age limit is a non-negative duration");
        }
    }
}
