package dev.countersign.desktop;

import java.util.Objects;

/** The result of re-reading one element by its handle: it is still there (as it reads now) or it is gone. */
public sealed interface Recheck {

    /** The element still exists; {@code current} is how it reads now (depth 0, no parent). */
    record Present(ElementNode current) implements Recheck {
        public Present {
            Objects.requireNonNull(current, "current");
        }
    }

    /** The element, its window or its application no longer exists; {@code reason} says which. */
    record Gone(String reason) implements Recheck {
        public Gone {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
