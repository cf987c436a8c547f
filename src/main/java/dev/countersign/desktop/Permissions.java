package dev.countersign.desktop;

import java.util.Objects;

/**
 * The two permissions Countersign needs, as preflighted without prompting: reading and acting on
 * the accessibility tree, and capturing the screen.
 */
public record Permissions(PermissionState accessibility, PermissionState screenRecording) {

    public Permissions {
        Objects.requireNonNull(accessibility, "accessibility");
        Objects.requireNonNull(screenRecording, "screenRecording");
    }

    public boolean allGranted() {
        return accessibility == PermissionState.GRANTED && screenRecording == PermissionState.GRANTED;
    }
}
