package dev.countersign.approval;

import java.time.Duration;
import java.util.Objects;

/**
 * What the approval dialog offers besides "Allow once": allowing this kind of act for a while
 * (docs/approvals.md). The driver fixes every part of it from the act it is asking about — the
 * agent, the app (name and pid), the window title, the risk category and the operation — and the
 * person can only take it or leave it; nothing the person's click or an agent sends can widen it.
 *
 * @param pid the app's process id as the driver resolved it; a restarted app is another app
 * @param window the window's title; null when the window has none
 * @param operation what the act does as the dialog names it ("click", "key", "type", "visual click")
 * @param lifetime how long the grant lasts from the person's click
 * @param maxActs how many acts it covers at most
 */
public record GrantOffer(
        String agentId,
        String app,
        long pid,
        String window,
        String category,
        String operation,
        Duration lifetime,
        int maxActs) {

    public GrantOffer {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(app, "app");
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(lifetime, "lifetime");
        if (lifetime.isNegative() || lifetime.isZero()) {
            throw new IllegalArgumentException("a grant lasts a positive time, got " + lifetime);
        }
        if (maxActs < 1) {
            throw new IllegalArgumentException("a grant covers at least one act, got " + maxActs);
        }
    }
}
