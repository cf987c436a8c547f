package dev.countersign.desktop.macos;

/**
 * A whole AX call that returned an error code: the one exception the native layer raises, so
 * callers decide by {@link AxError#meaning} (gone, busy, not trusted) instead of by number.
 */
final class AxFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient AxError error;

    AxFailure(String call, int code) {
        super(call + " failed with AXError " + code + " (" + AxError.of(code) + ")");
        this.error = AxError.of(code);
    }

    AxError error() {
        return error;
    }
}
