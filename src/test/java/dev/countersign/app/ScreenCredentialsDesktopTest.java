package dev.countersign.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.TestDesktop;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Tokens and credentials shown on screen do not leave Countersign. Another
 * agent's token is on screen (a window showing {@code countersign agent add} output), and an AWS
 * key sits in an entry; a hostile agent with a valid token observes that window over MCP. What
 * it receives, byte for byte, must hold neither, and say how many things were withheld.
 */
class ScreenCredentialsDesktopTest extends AdversarialDesktopTest {
    @Test
    void anotherAgentsTokenAndAKeyTheCredentialsListNamesAreRedactedFromTheObservation(TestDesktop desktop)
            throws Exception {
        start(desktop);
        String victim = running.served.agents.add("victim").token();
        String aws = "AKIA" + "ABCDEFGHIJKLMNOP";
        TestDesktop.TargetApp terminal = desktop.launchCommand("Terminal " + victim, d -> List.of("yad", "--form",
                "--title=Terminal " + victim, "--field=Its token (shown once; keep it secret) " + victim + ":LBL",
                "--field=Output", "--field=Key", "--button=OK:0", "", "token=" + victim, aws));
        McpSyncClient hostile = running.agent("hostile");

        McpSchema.CallToolResult seen = RunningApp.call(hostile, "computer_observe",
                Map.of("app", "" + terminal.pid()));

        String wire = seen.toString();
        assertThat(seen.isError()).as(wire).isFalse();
        assertThat(wire).doesNotContain(victim).doesNotContain(victim.substring(3)).doesNotContain(aws);
        assertThat(wire).contains("[redacted:countersign_token]", "[redacted:aws_access_key]");
        // The window title, the frame's name, the label, the entry's value and the AWS key.
        assertThat(RunningApp.structured(seen).get("redacted")).as(wire).isEqualTo(5);
        // The outline the model reads (ADR 0007) is printed from the same redacted view.
        String text = ((McpSchema.TextContent) seen.content().get(0)).text();
        assertThat(text).doesNotContain(victim).doesNotContain(victim.substring(3)).doesNotContain(aws)
                .contains("[redacted:countersign_token]", "[redacted:aws_access_key]", "\nredacted 5\n");
        // The stolen token, had it leaked, would work: the redaction is what stops it.
        assertThat(running.served.agents.authenticate(victim)).contains("victim");
    }
}
