package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.driver.Receipt;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a receipt's outcome becomes the code an agent branches on (issue 15). */
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
}
