package dev.countersign.desktop.macos;

/**
 * Which {@code CFNumberType}s hold floating-point values, so a CFNumber becomes a Java Double
 * (a slider's 0.75) or a Long (a check box's 1) without losing either. Pure, to be tested anywhere.
 */
final class CfNumberTypes {
    static final int FLOAT32 = 5;
    static final int FLOAT64 = 6;
    static final int FLOAT = 12;
    static final int DOUBLE = 13;
    static final int CGFLOAT = 16;

    private CfNumberTypes() {
    }

    static boolean floating(long numberType) {
        return numberType == FLOAT32 || numberType == FLOAT64 || numberType == FLOAT || numberType == DOUBLE
                || numberType == CGFLOAT;
    }
}
