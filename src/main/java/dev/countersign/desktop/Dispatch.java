package dev.countersign.desktop;

import java.util.Objects;

/**
 * How an action or input was actually delivered, for receipts: the mechanism ({@code strategy},
 * e.g. {@code atspi.Action.DoAction}) and what it was given ({@code detail}). It says the request
 * was dispatched, never that its effect happened.
 */
public record Dispatch(String strategy, String detail) {

    public Dispatch {
        Objects.requireNonNull(strategy, "strategy");
        Objects.requireNonNull(detail, "detail");
    }
}
