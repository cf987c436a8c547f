package dev.countersign.server.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.core.CountersignException;
import dev.countersign.core.Json;
import dev.countersign.govern.ComputerProxy;
import dev.countersign.govern.GuestTool;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The endpoint's port for guest tools: names it never hands out, and what a guest costs in tools/list. */
class GuestToolTest {
    /**
     * A guest of the shape the governing proxy offers: its description, and every action the proxy can
     * offer; its calls are never made here.
     */
    private static GuestTool guest(String name) {
        return new GuestTool() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return ComputerProxy.DESCRIPTION;
            }

            @Override
            public List<String> actions() {
                return List.of("screenshot", "cursor_position", "click", "double_click", "right_click", "middle_click",
                        "drag", "scroll", "type", "key");
            }

            @Override
            public Reply call(String agentId, Call call, ApprovalWatch watch) {
                throw new AssertionError("not called");
            }
        };
    }

    private static List<AgentTool> own() {
        return List.of(new EvidenceTool(null), new VisualActTool(null, null));
    }

    @Test
    void aGuestNeverTakesAnEndpointToolsNameOrAnotherGuestsOrABadOne() {
        for (String bad : new String[] {"computer_evidence", "Desk", "desk-1", "", "1desk"}) {
            assertThatThrownBy(() -> Tools.withGuests(own(), List.of(guest(bad)), null)).as(bad)
                    .isInstanceOf(CountersignException.class);
        }
        assertThatThrownBy(() -> Tools.withGuests(own(), List.of(guest("desk"), guest("desk")), null))
                .isInstanceOf(CountersignException.class);
        assertThat(Tools.withGuests(own(), List.of(guest("desk")), null)).extracting(AgentTool::name)
                .containsExactly("computer_evidence", "computer_visual_act", "desk");
    }

    @Test
    void aGovernedToolAddsLessThanAKilobyteToToolsList() throws Exception {
        AgentTool desk = Tools.withGuests(List.of(), List.of(guest("desk")), null).get(0);
        int bytes = Json.mapper().writeValueAsBytes(desk.definition()).length;
        assertThat(bytes).as("the definition: %d bytes", bytes).isLessThan(1024);
    }
}
