package dev.countersign.script;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;

/**
 * What one script has used so far, charged by the interpreter's instruction observer. The counts
 * carry over suspension and resume (they are stored in the snapshot), so splitting a runaway
 * loop across tool calls does not reset them.
 */
final class Budget {
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final ScriptLimits limits;
    private long instructions;
    private long computeNanos;
    private long allocated;
    private long segmentStart;
    private long segmentAllocationStart;

    Budget(ScriptLimits limits, long instructions, long computeNanos, long allocated) {
        this.limits = limits;
        this.instructions = instructions;
        this.computeNanos = computeNanos;
        this.allocated = allocated;
        startSegment();
    }

    /** Starts timing a segment of interpretation on the current thread. */
    void startSegment() {
        segmentStart = System.nanoTime();
        segmentAllocationStart = allocatedOnThisThread();
    }

    /**
     * Ends the segment, folds its time and allocation into the totals and checks them once more:
     * one built-in call at the end of a segment (flattening a lazily doubled string) can allocate
     * hundreds of MiB after the last instruction was charged, and the script must not get away with it.
     */
    void endSegment() {
        computeNanos += System.nanoTime() - segmentStart;
        allocated += Math.max(0, allocatedOnThisThread() - segmentAllocationStart);
        segmentStart = System.nanoTime();
        segmentAllocationStart = allocatedOnThisThread();
        check(computeNanos, allocated);
    }

    /** Charges interpreted instructions; throws {@link ScriptLimitError} once a limit is passed. */
    void charge(int count) {
        instructions += count;
        if (instructions > limits.maxInstructions()) {
            throw new ScriptLimitError("the script exceeded its instruction limit (" + limits.maxInstructions()
                    + " instructions); look for an endless loop, or do less work per script");
        }
        check(computeNanos + (System.nanoTime() - segmentStart),
                allocated + Math.max(0, allocatedOnThisThread() - segmentAllocationStart));
    }

    private void check(long compute, long used) {
        if (compute > limits.maxCompute().toNanos()) {
            throw new ScriptLimitError("the script exceeded its compute time limit (" + limits.maxCompute().toMillis()
                    + " ms, not counting tool calls); look for an endless loop, or do less work per script");
        }
        if (used > limits.maxAllocatedBytes()) {
            throw new ScriptLimitError("the script exceeded its memory limit (" + (limits.maxAllocatedBytes() >> 20)
                    + " MiB allocated); build smaller strings and arrays");
        }
    }

    long instructions() {
        return instructions;
    }

    long computeNanos() {
        return computeNanos;
    }

    long allocated() {
        return allocated;
    }

    ScriptLimits limits() {
        return limits;
    }

    private static long allocatedOnThisThread() {
        // HotSpot supports per-thread allocation counting; where it does not, the other limits hold.
        return THREADS.isThreadAllocatedMemorySupported() ? THREADS.getCurrentThreadAllocatedBytes() : 0;
    }
}
