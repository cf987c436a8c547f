package dev.countersign.app.dialog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.ApprovalRequest;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the question's notice says, and that an app's text in it stays text. */
class FreedesktopNotifierTest {
    static ApprovalRequest request(String summary) {
        return new ApprovalRequest("n", "claude", "claude", summary, "delete", List.of("delete"), "yad", "w",
                Instant.parse("2026-12-01T09:00:00Z"), null);
    }

    @Test
    void theNoticeNamesTheAgentAndTheActInTheDialogsWords() {
        ApprovalRequest r = request("Click \u2018Delete\u2019 in yad \u2014 window \u2018Cleanup\u2019");
        assertThat(FreedesktopNotifier.summary(r)).isEqualTo("claude waits for you to allow or deny");
        assertThat(FreedesktopNotifier.body(r)).isEqualTo("Click \u2018Delete\u2019 in yad \u2014 window \u2018Cleanup\u2019");
    }

    @Test
    void anAppsWindowTitleCannotAddMarkupALinkOrASecondLine() {
        String hostile = "Click \u2018OK\u2019 in yad \u2014 window \u2018<b>Countersign: allowed</b>\n"
                + "<a href=\"https://evil.example/\">Allow</a> & \u202Eyfirev\u2019";
        String body = FreedesktopNotifier.body(request(hostile));
        assertThat(body).doesNotContain("<", ">", "\n", "\u202E").contains("&lt;b&gt;", "&lt;a href=", "&amp;");
    }

    @Test
    void aLongActIsCutToTheNoticesLength() {
        String body = FreedesktopNotifier.body(request("Click " + "x".repeat(2000)));
        assertThat(body.codePointCount(0, body.length())).isLessThanOrEqualTo(FreedesktopNotifier.BODY_MAX + 10);
    }
}
