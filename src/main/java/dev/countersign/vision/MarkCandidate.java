package dev.countersign.vision;

import dev.countersign.core.Rect;
import java.util.Objects;
import java.util.Optional;

/**
 * One node of an observation offered for marking: its index in the observation's node list, its
 * opaque ref, role, frame in screen coordinates (absent when the tree gives none), whether it is
 * interactive, whether it is a static label, and, when the caller already knows the ref went
 * stale, why.
 */
public record MarkCandidate(
        int sourceIndex,
        String ref,
        String role,
        Rect frame,
        boolean interactive,
        boolean staticLabel,
        String staleReason) {

    public MarkCandidate {
        if (sourceIndex < 0) {
            throw new IllegalArgumentException("source_index is the node's position, >= 0, got " + sourceIndex);
        }
        Objects.requireNonNull(ref, "a candidate carries the ref it stands for");
        role = role == null ? "" : role;
        if (staleReason != null && staleReason.isBlank()) {
            throw new IllegalArgumentException("a stale candidate must say why it is stale");
        }
    }

    /** A fresh candidate; {@code frame} may be null for a node without one. */
    public MarkCandidate(int sourceIndex, String ref, String role, Rect frame, boolean interactive,
                         boolean staticLabel) {
        this(sourceIndex, ref, role, frame, interactive, staticLabel, null);
    }

    /** This candidate, known to be stale for the given reason (e.g. "ref expired"). */
    public MarkCandidate stale(String why) {
        return new MarkCandidate(sourceIndex, ref, role, frame, interactive, staticLabel, why);
    }

    public Optional<Rect> frameIfAny() {
        return Optional.ofNullable(frame).filter(f -> !f.isEmpty());
    }

    public Optional<String> stale() {
        return Optional.ofNullable(staleReason);
    }
}
