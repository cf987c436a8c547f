package dev.countersign.govern;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OfferTest {
    private static McpSchema.Tool computer(String name, List<String> actions) {
        return McpSchema.Tool.builder().name(name).inputSchema(new McpSchema.JsonSchema("object", Map.of(
                "action", Map.of("type", "string", "enum", actions),
                "coordinate", Map.of("type", "array"), "text", Map.of("type", "string")), null, null, null, null))
                .build();
    }

    @Test
    void computerUseMcpsActionsAreOfferedAndABarePointerMoveIsWithheld() {
        Offer offer = Offer.of(List.of(computer("computer", List.of("key", "type", "mouse_move", "left_click",
                "left_click_drag", "right_click", "middle_click", "double_click", "scroll", "get_screenshot",
                "get_cursor_position"))));

        assertThat(offer.tool()).isEqualTo("computer");
        assertThat(offer.actions().keySet()).containsExactly("screenshot", "cursor_position", "click", "double_click",
                "right_click", "middle_click", "drag", "scroll", "type", "key");
        assertThat(offer.withheld()).extracting(Offer.Withheld::what).containsExactly("computer.mouse_move");
    }

    @Test
    void toolsOfAnotherShapeAndActionsCountersignCannotJudgeAreWithheld() {
        McpSchema.Tool shell = McpSchema.Tool.builder().name("run_shell").inputSchema(new McpSchema.JsonSchema("object",
                Map.of("cmd", Map.of("type", "string")), null, null, null, null)).build();
        Offer offer = Offer.of(List.of(shell, computer("computer", List.of("left_click", "hold_key", "get_screenshot")),
                computer("computer2", List.of("left_click"))));

        assertThat(offer.actions().keySet()).containsExactly("screenshot", "click");
        assertThat(offer.withheld()).extracting(Offer.Withheld::what)
                .containsExactlyInAnyOrder("run_shell", "computer2", "computer.hold_key");
        assertThat(offer.withheld()).allSatisfy(w -> assertThat(w.why()).isNotBlank());
    }
}
