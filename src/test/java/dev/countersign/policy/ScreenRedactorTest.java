package dev.countersign.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.CountersignException;
import org.junit.jupiter.api.Test;

/** The pure redactor behind observations (issue 13, hole 6). */
class ScreenRedactorTest {
    static final String TOKEN = "cs_" + "A".repeat(43);

    @Test
    void countersignTokensAreAlwaysRedactedAndCounted() {
        ScreenRedactor.Tally tally = new ScreenRedactor.Tally();
        String out = ScreenRedactor.TOKENS_ONLY.redact("token " + TOKEN + " and " + TOKEN, tally);
        assertThat(out).isEqualTo("token [redacted:countersign_token] and [redacted:countersign_token]");
        assertThat(tally.count()).isEqualTo(2);
    }

    @Test
    void theDefaultPolicyNamesCommonCredentialShapes() {
        ScreenRedactor redactor = RiskPolicy.defaults().redactor();
        ScreenRedactor.Tally tally = new ScreenRedactor.Tally();
        String out = redactor.redact("ghp_" + "a".repeat(36) + " AKIAABCDEFGHIJKLMNOP sk-ant-" + "b".repeat(30), tally);
        assertThat(out).doesNotContain("ghp_a", "AKIAABCD", "sk-ant").contains("[redacted:github_token]");
        assertThat(tally.count()).isEqualTo(3);
        assertThat(redactor.redact(null, tally)).isNull();
    }

    @Test
    void aCredentialPatternThatMatchesNothingOrIsBrokenIsRefused() {
        String base = new String(RiskPolicy.defaultPolicyJson(), java.nio.charset.StandardCharsets.UTF_8);
        String broken = base.replace("\"AKIA[0-9A-Z]{16}\"", "\"AKIA[\"");
        assertThatThrownBy(() -> RiskPolicy.parse(broken)).isInstanceOf(CountersignException.class)
                .hasMessageContaining("credentials.aws_access_key");
        String empty = base.replace("\"AKIA[0-9A-Z]{16}\"", "\"x*\"");
        assertThatThrownBy(() -> RiskPolicy.parse(empty)).isInstanceOf(CountersignException.class)
                .hasMessageContaining("empty string");
    }
}
