package dev.countersign.server.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.countersign.core.ErrorCode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Nothing an agent sends can create or widen a grant for a task (docs/approvals.md): no act tool
 * takes an argument for one, and any such argument is refused, naming it, before anything runs.
 */
class GrantArgumentsTest {
    @ParameterizedTest(name = "computer_act refuses {0}")
    @ValueSource(strings = {"grant", "grant_id", "allow_for", "approval", "decision"})
    void computerActRefusesEveryGrantOrApprovalArgument(String name) throws Exception {
        var refused = new ActTool(null, null).input().check("",
                new ObjectMapper().readTree("{\"ref\":\"r1\",\"op\":\"click\",\"" + name + "\":\"tgrant_1\"}"));
        assertThat(refused).hasValueSatisfying(e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e.message()).contains(name);
        });
    }

    @ParameterizedTest(name = "computer_visual_act refuses {0}")
    @ValueSource(strings = {"grant", "approval"})
    void computerVisualActRefusesThemToo(String name) throws Exception {
        var refused = new VisualActTool(null, null).input().check("", new ObjectMapper().readTree(
                "{\"op\":\"click\",\"observation_id\":\"o\",\"capture_sha256\":\"c\",\"point\":{\"x\":1,\"y\":1},\""
                        + name + "\":true}"));
        assertThat(refused).hasValueSatisfying(e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
    }
}
