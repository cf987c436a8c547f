package dev.countersign.vision;

import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import java.util.Objects;
import java.util.Optional;

/** What the pixel check says about a capture: usable (perhaps with a warning) or rejected. */
public sealed interface CaptureVerdict permits CaptureVerdict.Accepted, CaptureVerdict.Rejected {

    /** The measured fractions the verdict rests on, for logs and tests. */
    CaptureStats stats();

    /** A usable capture; {@code classification} is "near-white" or "near-uniform" when it deserves a warning. */
    record Accepted(String classification, CaptureStats stats) implements CaptureVerdict {
        public static final String NEAR_WHITE = "near-white";
        public static final String NEAR_UNIFORM = "near-uniform";

        public Accepted {
            Objects.requireNonNull(stats, "stats");
            if (classification != null && !classification.equals(NEAR_WHITE) && !classification.equals(NEAR_UNIFORM)) {
                throw new IllegalArgumentException("classification is near-white or near-uniform, got " + classification);
            }
        }

        public Optional<String> warning() {
            return Optional.ofNullable(classification);
        }
    }

    /** A capture that shows nothing usable: "near-black" or "transparent"; the error is CAPTURE_REJECTED. */
    record Rejected(String reason, CaptureStats stats) implements CaptureVerdict {
        public static final String NEAR_BLACK = "near-black";
        public static final String TRANSPARENT = "transparent";

        public Rejected {
            Objects.requireNonNull(stats, "stats");
            if (!NEAR_BLACK.equals(reason) && !TRANSPARENT.equals(reason)) {
                throw new IllegalArgumentException("a capture is rejected as near-black or transparent, got " + reason);
            }
        }

        public CountersignError error() {
            return CountersignError.of(ErrorCode.CAPTURE_REJECTED, "the window capture is " + reason
                    + "; the window may be hidden, minimised, on another space, or screen recording may be blocked");
        }
    }
}
