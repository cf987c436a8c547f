package dev.countersign.desktop.macos;

import java.util.HashMap;
import java.util.Map;

/**
 * The {@code AXError} codes of {@code AXError.h} and what each means for a caller. Decoding them
 * into these few meanings is what keeps a native return code from leaking upward as a number.
 */
enum AxError {
    SUCCESS(0, Meaning.OK),
    FAILURE(-25200, Meaning.FAILED),
    ILLEGAL_ARGUMENT(-25201, Meaning.FAILED),
    INVALID_UI_ELEMENT(-25202, Meaning.GONE),
    INVALID_UI_ELEMENT_OBSERVER(-25203, Meaning.FAILED),
    /** The target is busy, hung, or (after AXPress on a pop-up) waiting in its menu loop: "maybe". */
    CANNOT_COMPLETE(-25204, Meaning.BUSY),
    ATTRIBUTE_UNSUPPORTED(-25205, Meaning.UNSUPPORTED),
    ACTION_UNSUPPORTED(-25206, Meaning.UNSUPPORTED),
    NOTIFICATION_UNSUPPORTED(-25207, Meaning.UNSUPPORTED),
    NOT_IMPLEMENTED(-25208, Meaning.UNSUPPORTED),
    NOTIFICATION_ALREADY_REGISTERED(-25209, Meaning.FAILED),
    NOTIFICATION_NOT_REGISTERED(-25210, Meaning.FAILED),
    /** The process is not trusted for Accessibility (or the API is off). */
    API_DISABLED(-25211, Meaning.NOT_TRUSTED),
    NO_VALUE(-25212, Meaning.NO_VALUE),
    PARAMETERIZED_ATTRIBUTE_UNSUPPORTED(-25213, Meaning.UNSUPPORTED),
    NOT_ENOUGH_PRECISION(-25214, Meaning.FAILED),
    /** A code this table does not know; treated as a failure. */
    UNKNOWN(Integer.MIN_VALUE, Meaning.FAILED);

    /** What a code means for the caller's next step. */
    enum Meaning {
        OK, GONE, BUSY, UNSUPPORTED, NOT_TRUSTED, NO_VALUE, FAILED
    }

    private static final Map<Integer, AxError> BY_CODE = new HashMap<>();

    static {
        for (AxError e : values()) {
            BY_CODE.put(e.code, e);
        }
    }

    final int code;
    final Meaning meaning;

    AxError(int code, Meaning meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    static AxError of(int code) {
        return BY_CODE.getOrDefault(code, UNKNOWN);
    }

    boolean ok() {
        return this == SUCCESS;
    }

    /** Absent rather than broken: an attribute this element does not have or has no value for. */
    boolean absent() {
        return meaning == Meaning.UNSUPPORTED || meaning == Meaning.NO_VALUE;
    }
}
