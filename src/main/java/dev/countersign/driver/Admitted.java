package dev.countersign.driver;

import java.util.function.Supplier;

import dev.countersign.core.ApprovalRequirement;
import dev.countersign.graph.ComputerUseRuntime;

/**
 * An act another Countersign drives on this desktop, admitted by exactly the checks a local
 * {@code computer_act} runs before its graph ({@link ComputerDriver#admit}): the runtime the
 * governing side calls node by node (it re-checks everything again right before dispatch), what
 * this desktop's policy requires of the live target, and what a person would be shown.
 *
 * @param startedNanos when admission began ({@link System#nanoTime}), for the receipt's timings
 * @param capture this desktop's Set-of-Mark capture with the target marked, as the approval dialog
 *     shows it, taken when called (null when none can be taken)
 */
public record Admitted(ComputerUseRuntime runtime, ApprovalRequirement requirement, String summary, String appName,
        String windowTitle, long startedNanos, Supplier<byte[]> capture) {
}
