package dev.countersign.script;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * How much the checkpoint directory may hold, and what it holds now: per script, whose it is, its
 * size on disk and when it last moved. A new script is admitted only while its agent and the whole
 * store are under their bounds (in scripts and in bytes, with room for one more checkpoint of the
 * largest size); a save that would pass a bound is refused; and a checkpoint nobody has touched for
 * {@link Bounds#abandonedAfter} is given up. Every answer is {@code BUDGET_EXHAUSTED}, so an agent
 * that keeps starting scripts and never resumes them fills its own share, not the disk.
 */
final class CheckpointQuota {
    /**
     * The bounds of one store.
     *
     * @param scriptsPerAgent checkpoints (suspended or running scripts) one agent may have
     * @param bytesPerAgent bytes of checkpoints one agent may have on disk
     * @param scripts checkpoints in the whole store
     * @param bytes bytes of checkpoints in the whole store
     * @param bytesPerScript the largest one checkpoint file may be
     * @param abandonedAfter how long a checkpoint may go without a save or a resume before it is given up
     */
    record Bounds(int scriptsPerAgent, long bytesPerAgent, int scripts, long bytes, int bytesPerScript,
            Duration abandonedAfter) {
        Bounds {
            Objects.requireNonNull(abandonedAfter, "abandonedAfter");
            if (scriptsPerAgent < 1 || scripts < scriptsPerAgent || bytesPerScript < 1 << 20
                    || bytesPerAgent < bytesPerScript || bytes < bytesPerAgent || abandonedAfter.isNegative()) {
                throw new IllegalArgumentException("checkpoint bounds must hold one checkpoint of 1 MiB for one "
                        + "agent, and the whole store at least what one agent may hold");
            }
        }

        /**
         * A checkpoint holds a state of at most 2 MiB (ScriptLimits.defaults) as base64, plus the
         * call's arguments, its answer and the remembered refs: 8 MiB is far above any real one.
         * An hour is far above any question's life (the person's window closes in minutes).
         */
        static Bounds defaults() {
            return new Bounds(16, 64L << 20, 128, 256L << 20, 8 << 20, Duration.ofHours(1));
        }
    }

    /** One checkpoint, or a script admitted but not saved yet (0 bytes). */
    private record Held(String agentId, long bytes, Instant touched) {
    }

    private final Bounds bounds;
    private final Clock clock;
    private final Map<String, Held> held = new HashMap<>();

    CheckpointQuota(Bounds bounds, Clock clock) {
        this.bounds = Objects.requireNonNull(bounds, "bounds");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    Bounds bounds() {
        return bounds;
    }

    /** Counts a checkpoint found on disk when the store opens. */
    synchronized void found(String scriptId, String agentId, long bytes, Instant modified) {
        held.put(scriptId, new Held(agentId, bytes, modified));
    }

    /**
     * The ids of checkpoints untouched for longer than {@link Bounds#abandonedAfter}, except those
     * {@code busy} names (a call of theirs still runs in this process). The caller deletes them.
     */
    synchronized List<String> abandoned(Predicate<String> busy) {
        Instant cutoff = clock.instant().minus(bounds.abandonedAfter());
        List<String> stale = new ArrayList<>();
        held.forEach((id, h) -> {
            if (h.touched().isBefore(cutoff) && !busy.test(id)) {
                stale.add(id);
            }
        });
        return stale;
    }

    /** Reserves a place for a new script of {@code agentId}, or refuses with {@code BUDGET_EXHAUSTED}. */
    synchronized void admit(String agentId, String scriptId) {
        Usage agent = usage(agentId);
        Usage all = usage(null);
        if (agent.scripts() >= bounds.scriptsPerAgent()
                || agent.bytes() + bounds.bytesPerScript() > bounds.bytesPerAgent()) {
            throw full("you have " + agent.scripts() + " scripts suspended or running (" + (agent.bytes() >> 10)
                    + " KiB saved); at most " + bounds.scriptsPerAgent() + " and "
                    + (bounds.bytesPerAgent() >> 20) + " MiB are kept per agent");
        }
        if (all.scripts() >= bounds.scripts() || all.bytes() + bounds.bytesPerScript() > bounds.bytes()) {
            throw full("Countersign holds " + all.scripts() + " suspended or running scripts of all agents ("
                    + (all.bytes() >> 20) + " MiB); at most " + bounds.scripts() + " and " + (bounds.bytes() >> 20)
                    + " MiB are kept");
        }
        held.put(scriptId, new Held(agentId, 0, clock.instant()));
    }

    /**
     * Counts a checkpoint of {@code bytes} about to replace what {@code scriptId} has on disk, or
     * refuses it. Counted before the write, in one step with the check, so that two saves at once
     * cannot both pass a bound; a write that then fails ends the script, which gives the place back.
     */
    synchronized void saving(String scriptId, String agentId, long bytes) {
        if (bytes > bounds.bytesPerScript()) {
            throw full("the script's checkpoint would take " + (bytes >> 10) + " KiB; at most "
                    + (bounds.bytesPerScript() >> 10) + " KiB are kept per script");
        }
        Held before = held.get(scriptId);
        long growth = bytes - (before == null ? 0 : before.bytes());
        if (usage(agentId).bytes() + growth > bounds.bytesPerAgent() || usage(null).bytes() + growth > bounds.bytes()) {
            throw full("the checkpoints kept for suspended scripts are at their bound (" + (bounds.bytesPerAgent() >> 20)
                    + " MiB per agent, " + (bounds.bytes() >> 20) + " MiB in all)");
        }
        held.put(scriptId, new Held(agentId, bytes, clock.instant()));
    }

    /** A resume counts as a sign of life: the script is not abandoned. */
    synchronized void touched(String scriptId) {
        held.computeIfPresent(scriptId, (id, h) -> new Held(h.agentId(), h.bytes(), clock.instant()));
    }

    synchronized void removed(String scriptId) {
        held.remove(scriptId);
    }

    private record Usage(int scripts, long bytes) {
    }

    /** What {@code agentId} holds, or the whole store for {@code null}. */
    private Usage usage(String agentId) {
        int scripts = 0;
        long bytes = 0;
        for (Held h : held.values()) {
            if (agentId == null || agentId.equals(h.agentId())) {
                scripts++;
                bytes += h.bytes();
            }
        }
        return new Usage(scripts, bytes);
    }

    private CountersignException full(String message) {
        return new CountersignException(new CountersignError(ErrorCode.BUDGET_EXHAUSTED, message,
                "resume your suspended scripts with computer_script_resume until they end, then start new ones; "
                        + "a script nobody resumes is dropped " + bounds.abandonedAfter().toMinutes()
                        + " minutes after its last step", null, null));
    }
}
