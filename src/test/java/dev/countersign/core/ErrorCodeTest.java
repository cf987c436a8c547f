package dev.countersign.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ErrorCodeTest {

    @Test
    void registryHoldsExactlyTheSpecifiedWireStrings() {
        // docs/endpoint.md Wire strings are forever: renaming one breaks every agent that handles it.
        assertThat(Arrays.stream(ErrorCode.values()).map(Enum::name)).containsExactly(
                "REF_UNKNOWN", "REF_EXPIRED", "OBSERVATION_CONSUMED", "OBSERVATION_EVICTED", "TARGET_CHANGED",
                "IDENTITY_MISMATCH", "SECURE_FIELD_REFUSED", "APPROVAL_DENIED", "APPROVAL_EXPIRED",
                "APPROVAL_UNAVAILABLE", "SESSION_LOCKED", "PERMISSION_MISSING", "LEASE_INVALID",
                "RESERVATION_INVALID", "BUDGET_EXHAUSTED", "CAPTURE_REJECTED", "INVALID_ARGUMENT",
                "UNSUPPORTED_PLATFORM", "AGENT_PAUSED", "INTERNAL", "TARGET_IS_COUNTERSIGN",
                "VERIFICATION_FAILED", "AUDIT_UNWRITABLE");
    }

    @Test
    void everyCodeTellsTheAgentWhatToDoNext() {
        for (ErrorCode code : ErrorCode.values()) {
            assertThat(code.defaultHint()).as(code.name()).isNotBlank();
        }
        assertThat(ErrorCode.APPROVAL_DENIED.defaultHint()).contains("do not retry it unchanged");
    }

    @Test
    void errorsSerializeWithCodeMessageHintAndField() throws Exception {
        String json = Json.mapper().writeValueAsString(CountersignError.identityMismatch("session_id"));
        assertThat(json).isEqualTo("{\"code\":\"IDENTITY_MISMATCH\",\"message\":"
                + "\"the response's session_id does not match the action it answers\",\"hint\":"
                + "\"a response did not belong to this action; do not retry it unchanged\",\"field\":\"session_id\"}");
    }

    @Test
    void anErrorWithoutCodeCannotExist() {
        assertThatThrownBy(() -> CountersignError.of(null, "x")).isInstanceOf(NullPointerException.class);
    }
}
