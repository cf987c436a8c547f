package dev.countersign.desktop;

import java.util.Objects;
import java.util.Optional;

/** A running application as the backend resolved it: its name, bundle id (macOS only) and launch identity. */
public record AppInfo(String name, String bundleId, LaunchIdentity launch) {

    public AppInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(launch, "launch");
    }

    public long pid() {
        return launch.pid();
    }

    public Optional<String> bundle() {
        return Optional.ofNullable(bundleId);
    }
}
