package dev.countersign.graph;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ApprovalRequirement;

/** Decides whether an envelope needs the person's approval; the policy implements it. */
@FunctionalInterface
public interface ApprovalGate {
    ApprovalRequirement assess(ActionEnvelope envelope);
}
