package dev.countersign.desktop;

/** The answer of a permission preflight, which never prompts the person. */
public enum PermissionState {
    GRANTED,
    DENIED,
    /** The platform could not say; callers treat it as not granted. */
    UNKNOWN
}
