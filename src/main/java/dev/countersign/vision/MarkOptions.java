package dev.countersign.vision;

import java.util.Optional;

/**
 * How many marks to burn (1–200, default 80, docs/endpoint.md) and, for the approval dialog, which ref's
 * mark to draw emphasised.
 */
public record MarkOptions(int maxMarks, String highlightRef) {
    public static final int DEFAULT_MAX_MARKS = 80;
    public static final int LIMIT_MAX_MARKS = 200;

    public MarkOptions {
        if (maxMarks < 1 || maxMarks > LIMIT_MAX_MARKS) {
            throw new IllegalArgumentException("max_marks is 1.." + LIMIT_MAX_MARKS + ", got " + maxMarks);
        }
    }

    public static MarkOptions defaults() {
        return new MarkOptions(DEFAULT_MAX_MARKS, null);
    }

    public static MarkOptions maxMarks(int maxMarks) {
        return new MarkOptions(maxMarks, null);
    }

    /** These options with the mark of {@code ref} drawn emphasised. */
    public MarkOptions highlight(String ref) {
        return new MarkOptions(maxMarks, ref);
    }

    public Optional<String> highlight() {
        return Optional.ofNullable(highlightRef);
    }
}
