package dev.countersign.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.List;
import org.junit.jupiter.api.Test;

class WireRecordsTest {

    @Test
    void leaseReadsFromSnakeCaseJsonAndEmptyBoundariesAreUnscoped() throws Exception {
        ControlLease lease = Json.mapper().readValue("{\"lease_id\":\"l\",\"session_id\":\"s\",\"principal_id\":\"p\","
                + "\"agent_id\":\"a\",\"state\":\"active\",\"expires_at\":\"2026-11-29T12:00:00Z\","
                + "\"action_budget\":5,\"actions_used\":1}", ControlLease.class);
        assertThat(lease.boundaries().allowsApp("anything")).isTrue();
        assertThat(lease.boundaries().allowsWindow("any-window")).isTrue();
        assertThat(new LeaseBoundaries(List.of("a"), List.of()).allowsApp("b")).isFalse();
    }

    @Test
    void unknownFieldsAreRefused() {
        assertThatThrownBy(() -> Json.mapper().readValue(
                "{\"receipt_id\":\"r\",\"approved\":true}", ExecutionReceipt.class))
                .isInstanceOf(UnrecognizedPropertyException.class);
    }

    @Test
    void verificationOutcomeRoundTripsAsATaggedValue() throws Exception {
        String json = Json.mapper().writeValueAsString(new VerificationOutcome.CommittedUnverified("no evidence"));
        assertThat(json).isEqualTo("{\"outcome\":\"committed_unverified\",\"detail\":\"no evidence\"}");
        assertThat(Json.mapper().readValue(json, VerificationOutcome.class))
                .isEqualTo(new VerificationOutcome.CommittedUnverified("no evidence"));
    }

    @Test
    void postconditionDeclaresAtMostOneDigest() {
        assertThatThrownBy(() -> new ActionPostcondition("ui_element", null, "a", "b"))
                .hasMessageContaining("at most one");
        assertThat(new ActionPostcondition("ui_element", null, null, "c").expectedDigest()).contains("c");
    }

    @Test
    void refusedApprovalOnlyCarriesApprovalCodes() {
        assertThatThrownBy(() -> new ApprovalDecision.Refused(ErrorCode.INTERNAL, "x"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void grantCountsItsAuthoritySources() {
        assertThat(new ApprovalGrant("g", "r", "a", "x", "d", "p", "n", null).authoritySources()).isEqualTo(2);
        assertThat(new ApprovalGrant("", null, "a", "x", "d", "p", "n", null).authoritySources()).isZero();
    }

    @Test
    void randomIdsCarry128BitsAfterThePrefix() {
        String id = new RandomIds().next("act_");
        assertThat(id).matches("act_[0-9a-f]{32}");
        assertThat(new RandomIds().next("x")).isNotEqualTo(new RandomIds().next("x"));
    }
}
