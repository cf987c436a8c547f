package dev.countersign.desktop;

import java.util.Objects;
import java.util.Optional;

/**
 * Countersign's own process as the platform sees it: its launch identity, executable, bundle and
 * signature (macOS; null elsewhere) and how it was started (e.g. its parent's command).
 */
public record OwnIdentity(LaunchIdentity launch, String executable, String bundleId, String signature,
                          String startedBy) {

    public OwnIdentity {
        Objects.requireNonNull(launch, "launch");
        Objects.requireNonNull(executable, "executable");
        Objects.requireNonNull(startedBy, "startedBy");
    }

    public long pid() {
        return launch.pid();
    }

    public Optional<String> bundle() {
        return Optional.ofNullable(bundleId);
    }

    public Optional<String> codeSignature() {
        return Optional.ofNullable(signature);
    }
}
