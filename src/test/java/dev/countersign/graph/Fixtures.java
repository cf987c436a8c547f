package dev.countersign.graph;

import dev.countersign.core.ActionEnvelope;
import dev.countersign.core.ActionPostcondition;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ActionTarget;
import dev.countersign.core.ApprovalGrant;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.ControlLease;
import dev.countersign.core.ElementEvidence;
import dev.countersign.core.ExecutionReceipt;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.core.PendingApproval;
import dev.countersign.core.Rect;
import dev.countersign.core.ReservationScope;
import dev.countersign.core.TargetReservation;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Well-bound values around one action, so each test changes exactly the field it is about. */
public final class Fixtures {
    public static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
    public static final String POLICY = "policy-digest-1";

    private Fixtures() {
    }

    public static ActionTarget target() {
        return new ActionTarget("org.example.mail", "win-7",
                new ElementEvidence("refdigest", "push button", null, "Archive", null, null, new Rect(10, 20, 80, 24), false));
    }

    public static ActionRequest request() {
        return new ActionRequest("sess-1", "person-1", "agent-a", null, "computer_act", "click", "mutate",
                "foreground", Map.of("ref", "r_1", "op", "click"), target(),
                new ActionPostcondition("ui_element", true, null, null), "fp-1", 15_000);
    }

    public static ActionEnvelope envelope() {
        return new ActionEnvelope("act-1", "sess-1", "group-1", "person-1", "agent-a", "computer_act", "click",
                "mutate", "foreground", target(), new ActionPostcondition("ui_element", true, null, null),
                "2026-11-29T11:59:50Z", "2026-11-29T12:00:30Z", "digest-1");
    }

    public static ControlLease lease() {
        return new ControlLease("lease-1", "sess-1", "person-1", "agent-a", "foreground", "active",
                "2026-11-29T12:10:00Z", 30, 3, LeaseBoundaries.unscoped());
    }

    public static TargetReservation reservation() {
        return new TargetReservation("res-1", "sess-1", "person-1", "agent-a", "group-1", "act-1", "active",
                "2026-11-29T12:01:00Z", new ReservationScope("org.example.mail", "win-7"));
    }

    public static ExecutionReceipt receipt() {
        return new ExecutionReceipt("rcpt-1", "sess-1", "act-1", "digest-1", "committed", null, null);
    }

    public static PendingApproval pending() {
        return new PendingApproval("act-1", "agent-a", "computer_act/click", "digest-1", POLICY, "delete",
                List.of("delete"), "nonce-1", "2026-11-29T12:00:30Z");
    }

    public static ApprovalGrant grant() {
        return new ApprovalGrant("grant-1", null, "act-1", "computer_act/click", "digest-1", POLICY, "nonce-1",
                "2026-11-29T12:00:05Z");
    }

    public static ApprovalGate noApproval() {
        return envelope -> ApprovalRequirement.notRequired(POLICY);
    }

    public static ApprovalGate approvalRequired() {
        return envelope -> ApprovalRequirement.required("delete", List.of("delete"), POLICY);
    }
}
