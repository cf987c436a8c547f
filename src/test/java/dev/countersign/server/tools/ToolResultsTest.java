package dev.countersign.server.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.Json;
import dev.countersign.driver.NodeView;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.Receipt;
import dev.countersign.server.Results;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a receipt's outcome becomes the code an agent branches on. */
class ToolResultsTest {

    private static Receipt failed(String code, String verification) {
        return new Receipt("rcpt_a", "a", "failed", code, "the observed digest differs", null,
                verification == null ? null : new Receipt.VerificationView(verification, "the observed digest differs"),
                null, null, "atspi.EditableText", Map.of());
    }

    @Test
    void aFailedVerificationWithoutACodeIsVerificationFailedNeverInternal() {
        assertThat(Results.body(ToolResults.receipt(failed(null, "failed")))).containsEntry("code", "VERIFICATION_FAILED");
    }

    @Test
    void theReceiptsOwnCodeIsKept() {
        assertThat(Results.body(ToolResults.receipt(failed("TARGET_CHANGED", "failed"))))
                .containsEntry("code", "TARGET_CHANGED");
    }

    @Test
    void onlyAFailureThatSaysNothingAboutWhyIsInternal() {
        assertThat(Results.body(ToolResults.receipt(failed(null, null)))).containsEntry("code", "INTERNAL");
    }

    @Test
    void anObservationsStructuredContentIsWrittenAsTheWholeViewWouldBe() throws Exception {
        java.util.List<NodeView> nodes = List.of(
                new NodeView("rA", "frame", null, "Widget \"Factory\"", null, null,
                        new int[] {0, 0, 800, 600}, List.of(), List.of(), false, 0, null, null),
                new NodeView("rB", "check box", "toggle", "Remember me", "remember", "",
                        null, List.of("checked", "focusable"), List.of("click"), false, 1, 0,
                        "keeps you signed in"),
                new NodeView("rC", "password text", null, "Password", null, null,
                        new int[] {1, 2, 3, 4}, List.of(), List.of(), true, 1, 0, null));
        ObservationView view = new ObservationView("obs_1", "f".repeat(64),
                "2026-12-02T00:00:15Z", new ObservationView.AppView("gtk3-widget-factory", null,
                        4242, "4242:99"),
                new ObservationView.WindowView("w_1", "Widget Factory", new int[] {0, 0, 800, 600}),
                nodes, true, 3, Map.of("depth", 3), 1);
        Map<String, Object> structured = ToolResults.observation(view);

        assertThat(Json.mapper().writeValueAsString(structured)).isEqualTo(Json.mapper().writeValueAsString(view));
        assertThat(structured.get("nodes")).as("the nodes are not copied into maps").isSameAs(view.nodes());
        assertThat(structured.keySet()).containsExactly("observation_id", "fingerprint", "expires_at", "app", "window",
                "nodes", "truncated", "omitted_count", "omitted_by_reason", "redacted");
        ObserveTool tool = new ObserveTool(null, null);
        assertThat(new OutputSchemaCheck(Json.mapper()).validate(tool.output(), structured).valid()).isTrue();
    }
}
