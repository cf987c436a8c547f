package dev.countersign.desktop;

import java.util.Objects;

/** How a caller names the application it wants: by name (bundle id on macOS), by pid, or frontmost. */
public sealed interface AppSelector {

    /** The application whose accessible name (Linux) or bundle id (macOS) equals this text. */
    record ByName(String name) implements AppSelector {
        public ByName {
            Objects.requireNonNull(name, "name");
            if (name.isBlank()) {
                throw new IllegalArgumentException("an application name is not blank");
            }
        }
    }

    /** The application running as this process. */
    record ByPid(long pid) implements AppSelector {
        public ByPid {
            if (pid <= 0) {
                throw new IllegalArgumentException("a pid is positive, got " + pid);
            }
        }
    }

    /** The application that has the active window. */
    record Frontmost() implements AppSelector {
    }

    static AppSelector name(String name) {
        return new ByName(name);
    }

    static AppSelector pid(long pid) {
        return new ByPid(pid);
    }

    static AppSelector frontmost() {
        return new Frontmost();
    }
}
