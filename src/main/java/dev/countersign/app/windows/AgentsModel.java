package dev.countersign.app.windows;

import dev.countersign.core.ControlLease;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.core.Timestamps;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.GrantBook;
import dev.countersign.driver.LeaseBook;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** The Agents & leases window without a stage: rows as text, and the person's edits. */
final class AgentsModel {
    /** One agent as listed; {@code leaseState} is "active", "revoked", "expired", "used up" or "none yet". */
    record Row(String name, String leaseState, String budget, String expiry, String boundaries, boolean usable) {
    }

    /**
     * One live grant for a task as listed: whose, what kind of act, where, how many acts used of
     * how many, and when it ends.
     */
    record GrantRow(String id, String agent, String allows, String where, String uses, String expiry) {
    }

    /** What the edit form holds, as the person typed it. */
    record LeaseForm(String actions, String minutes, String apps, String windows) {
    }

    private final AgentRegistry agents;
    private final ComputerDriver driver;
    private final Clock clock;

    AgentsModel(AgentRegistry agents, ComputerDriver driver, Clock clock) {
        this.agents = agents;
        this.driver = driver;
        this.clock = clock;
    }

    List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (AgentRegistry.Agent a : agents.agents()) {
            rows.add(row(a.name(), driver.leases().find(a.name()), clock.instant()));
        }
        return rows;
    }

    /** The live grants, oldest first. */
    List<GrantRow> grantRows() {
        Instant now = clock.instant();
        List<GrantRow> rows = new ArrayList<>();
        for (GrantBook.Grant g : driver.grants().live()) {
            rows.add(grantRow(g, now));
        }
        return rows;
    }

    static GrantRow grantRow(GrantBook.Grant g, Instant now) {
        GrantBook.Scope s = g.scope();
        String where = s.app() + " (pid " + s.pid() + ")"
                + (s.window() == null || s.window().isBlank() ? "" : " \u00B7 window \u2018" + s.window() + "\u2019");
        return new GrantRow(g.id(), s.agentId(), s.category() + " \u00B7 " + s.operation(), where,
                g.used() + " / " + g.maxActs() + " acts", expiry(Duration.between(now, g.expiresAt())));
    }

    /** Revokes one grant: the agent's next act of its kind asks the person again. */
    boolean revokeGrant(String id) {
        return driver.grants().revoke(id);
    }

    static Row row(String name, Optional<ControlLease> lease, Instant now) {
        if (lease.isEmpty()) {
            return new Row(name, "none yet", "\u2014", "gets the default lease on first use", "\u2014", true);
        }
        ControlLease l = lease.get();
        Instant expires = Timestamps.parse(l.expiresAt()).orElse(Instant.EPOCH);
        String state;
        if (!ControlLease.ACTIVE.equals(l.state())) {
            state = l.state();
        } else if (!now.isBefore(expires)) {
            state = "expired";
        } else if (l.actionsUsed() >= l.actionBudget()) {
            state = "used up";
        } else {
            state = "active";
        }
        return new Row(name, state, l.actionsUsed() + " / " + l.actionBudget() + " actions",
                expiry(Duration.between(now, expires)), boundaries(l.boundaries()), "active".equals(state));
    }

    static String expiry(Duration left) {
        if (left.isNegative() || left.isZero()) {
            return "expired";
        }
        long minutes = left.toMinutes();
        if (minutes >= 120) {
            return "expires in " + (minutes / 60) + " h";
        }
        if (minutes >= 1) {
            return "expires in " + minutes + " min";
        }
        return "expires in " + Math.max(1, left.toSeconds()) + " s";
    }

    static String boundaries(LeaseBoundaries b) {
        if (b.appIds().isEmpty() && b.windowIds().isEmpty()) {
            return "All apps and windows";
        }
        List<String> parts = new ArrayList<>();
        parts.add(b.appIds().isEmpty() ? "any app" : "apps: " + String.join(", ", b.appIds()));
        parts.add(b.windowIds().isEmpty() ? "any window" : "windows: " + String.join(", ", b.windowIds()));
        return String.join(" \u00B7 ", parts);
    }

    /** The form pre-filled with the agent's current lease, or the given defaults. */
    LeaseForm formFor(String name, LeaseBook.Terms defaults) {
        Optional<ControlLease> lease = driver.leases().find(name);
        if (lease.isEmpty()) {
            return new LeaseForm(String.valueOf(defaults.budget()), String.valueOf(defaults.lifetime().toMinutes()),
                    "", "");
        }
        ControlLease l = lease.get();
        long minutesLeft = Math.max(1, Duration.between(clock.instant(),
                Timestamps.parse(l.expiresAt()).orElse(clock.instant())).toMinutes());
        return new LeaseForm(String.valueOf(l.actionBudget()), String.valueOf(minutesLeft),
                String.join(", ", l.boundaries().appIds()), String.join(", ", l.boundaries().windowIds()));
    }

    /** Parses the form into lease terms, or says what is wrong with it. */
    static Result<LeaseBook.Terms> parse(LeaseForm form) {
        Optional<Integer> actions = number(form.actions(), 1, 10_000);
        if (actions.isEmpty()) {
            return Result.problem("Actions must be a whole number from 1 to 10000.");
        }
        Optional<Integer> minutes = number(form.minutes(), 1, 24 * 60);
        if (minutes.isEmpty()) {
            return Result.problem("Minutes must be a whole number from 1 to 1440 (a day).");
        }
        return Result.ok(new LeaseBook.Terms(actions.get(), Duration.ofMinutes(minutes.get()),
                new LeaseBoundaries(list(form.apps()), list(form.windows()))));
    }

    /** Grants the agent a fresh lease on the form's terms. */
    Result<ControlLease> grant(String name, LeaseForm form) {
        Result<LeaseBook.Terms> terms = parse(form);
        if (terms.value().isEmpty()) {
            return Result.problem(terms.problem());
        }
        return Result.ok(driver.leases().grant(name, terms.value().get()));
    }

    /**
     * Revokes the agent's lease: it stays connected, and every act is refused until a new grant.
     * Its grants for a task end too, so a fresh lease does not bring them back.
     */
    void revokeLease(String name) {
        driver.leases().current(name);
        driver.leases().revoke(name);
        driver.grants().endAgent(name, GrantBook.End.AGENT_REVOKED);
    }

    /**
     * Removes the agent: its token stops working (401), its lease is revoked and its observations,
     * reservations and waiting approvals are dropped.
     */
    boolean remove(String name) {
        boolean removed = agents.remove(name);
        driver.leases().revoke(name);
        driver.dispose(name);
        return removed;
    }

    private static Optional<Integer> number(String text, int min, int max) {
        try {
            int n = Integer.parseInt(text.trim());
            return n >= min && n <= max ? Optional.of(n) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static List<String> list(String text) {
        return Arrays.stream(text.split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .collect(Collectors.toList());
    }
}
