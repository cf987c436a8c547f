package dev.countersign.script;

import java.time.Duration;
import java.util.Objects;

/**
 * The resource limits of one script, counted over its whole life (all segments between tool
 * calls): interpreter instructions, compute wall time, bytes the interpreter thread allocated, the
 * largest array or string a built-in may produce, how much it may print, how many tools it may
 * call, and how many bytes its state may take when it is saved at a tool call.
 */
public record ScriptLimits(long maxInstructions, Duration maxCompute, long maxAllocatedBytes, int maxElements,
        int maxStdoutChars, int maxToolCalls, int maxStateBytes) {

    public ScriptLimits {
        Objects.requireNonNull(maxCompute, "maxCompute");
        if (maxInstructions < 10_000 || maxAllocatedBytes < 1 << 20 || maxElements < 1_000 || maxStdoutChars < 0
                || maxToolCalls < 1 || maxStateBytes < 64 << 10) {
            throw new IllegalArgumentException("script limits must leave room for a small script: at least 10000 "
                    + "instructions, 1 MiB of allocation, 1000 elements, one tool call and 64 KiB of saved state");
        }
    }

    /**
     * Generous for an observe/act/verify script, small enough that a runaway one ends in seconds. A
     * saved state is about 30 KB for such a script; 2 MiB leaves room for real data and keeps a
     * checkpoint a few MiB at most.
     */
    public static ScriptLimits defaults() {
        return new ScriptLimits(20_000_000, Duration.ofSeconds(5), 256L << 20, 100_000, 16_384, 64, 2 << 20);
    }
}
