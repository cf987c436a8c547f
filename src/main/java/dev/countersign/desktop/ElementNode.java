package dev.countersign.desktop;

import dev.countersign.core.Rect;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One element of a window's accessibility tree as read at one moment.
 *
 * <p>{@code value} is always null for a secure element: a backend never reads a password field's
 * value, so it cannot leak. {@code parent} is the index of the parent node in the same snapshot,
 * or -1 for the snapshot's root. States are lowercase words ({@code focused}, {@code checked},
 * {@code editable}, ...); {@code subrole} and {@code identifier} may be null where the platform has
 * none, and {@code frame} is null when the element has no on-screen extent.
 */
public record ElementNode(
        ElementHandle handle,
        String role,
        String subrole,
        String name,
        String description,
        String identifier,
        String value,
        Rect frame,
        Set<String> states,
        List<String> actions,
        boolean secure,
        int depth,
        int parent) {
    /**
     * Countersign's own state word: the element's accessible action changes the element but not
     * the app (a Qt radio button or item row "toggled" is marked without the app seeing
     * a click), so a click reaches it as a guarded pointer click at its centre.
     */
    public static final String CLICK_BY_POINTER = "click_by_pointer";


    public ElementNode {
        Objects.requireNonNull(handle, "handle");
        Objects.requireNonNull(role, "role");
        name = name == null ? "" : name;
        description = description == null ? "" : description;
        states = Set.copyOf(states);
        actions = List.copyOf(actions);
        if (secure && value != null) {
            throw new IllegalArgumentException("a secure element never carries a value");
        }
        if (depth < 0) {
            throw new IllegalArgumentException("depth is not negative, got " + depth);
        }
        if (parent < -1) {
            throw new IllegalArgumentException("parent is a node index or -1, got " + parent);
        }
    }

    public boolean hasState(String state) {
        return states.contains(state);
    }

    public Optional<Rect> bounds() {
        return Optional.ofNullable(frame);
    }

    public Optional<String> currentValue() {
        return Optional.ofNullable(value);
    }
}
