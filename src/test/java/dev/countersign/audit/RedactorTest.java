package dev.countersign.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RedactorTest {
    /** Shaped like an issued token: cs_ and 43 base64url characters. */
    static final String TOKEN = "cs_BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSY";
    static final String JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";

    @Test
    void theTokenFixtureHasTheIssuedShape() {
        assertThat(TOKEN).matches(Redactor.COUNTERSIGN_TOKEN);
    }

    @Nested
    class SecretKeys {
        @ParameterizedTest(name = "{0}")
        @ValueSource(strings = {"token", "access_token", "refreshToken", "Authorization", "proxy-authorization",
            "PASSWORD", "passwd", "client_secret", "X-Api-Key", "apiKey", "api_key", "bearer", "Cookie",
            "credentials", "private_key", "passphrase"})
        void valuesUnderSecretKeysAreReplacedWhateverTheyLookLike(String key) {
            ObjectNode out = Redactor.redact(Map.of(key, "hunter2", "nested", Map.of(key, List.of(1, 2))));

            assertThat(out.get(key).textValue()).isEqualTo(Redactor.REDACTED);
            assertThat(out.get("nested").get(key).textValue()).isEqualTo(Redactor.REDACTED);
        }

        @ParameterizedTest(name = "{0}")
        @ValueSource(strings = {"key", "keys", "value_digest", "role", "name", "tool", "status", "text"})
        void ordinaryKeysKeepTheirValues(String key) {
            assertThat(Redactor.redact(Map.of(key, "Enter")).get(key).textValue()).isEqualTo("Enter");
        }

        @Test
        void aTokenUsedAsAMapKeyIsReplacedAndNoEntryIsLost() {
            String other = TOKEN.replace('B', 'C');
            ObjectNode out = Redactor.redact(Map.of("sessions", Map.of(TOKEN, 1, other, 2)));

            assertThat(out.toString()).doesNotContain(TOKEN.substring(3, 20), other.substring(3, 20));
            assertThat(out.get("sessions").size()).isEqualTo(2);
        }
    }

    @Nested
    class SecretText {
        @Test
        void aCountersignTokenAnywhereInAStringIsReplaced() {
            assertThat(Redactor.redactText("agent used " + TOKEN + "; then stopped"))
                    .isEqualTo("agent used [redacted]; then stopped");
        }

        @Test
        void aTokenGluedToOtherTextIsStillReplaced() {
            assertThat(Redactor.redactText("x" + TOKEN + "tail")).doesNotContain(TOKEN.substring(3, 20));
        }

        @Test
        void aBearerCredentialIsReplacedInAnyCase() {
            assertThat(Redactor.redactText("sent bearer " + JWT + " to the server"))
                    .isEqualTo("sent Bearer [redacted] to the server");
        }

        @Test
        void anAuthorizationHeaderLineLosesItsValue() {
            assertThat(Redactor.redactText("GET /mcp\r\nAuthorization: Basic dXNlcjpwYXNz\r\nHost: 127.0.0.1"))
                    .isEqualTo("GET /mcp\r\nAuthorization: [redacted]\r\nHost: 127.0.0.1");
        }

        @Test
        void ordinaryTextIsUnchanged() {
            String text = "Clicked \"Save\" in cs_docs (the bearer of good news)";
            assertThat(Redactor.redactText("Clicked \"Save\" in Editor")).isEqualTo("Clicked \"Save\" in Editor");
            assertThat(Redactor.redactText(text)).startsWith("Clicked \"Save\" in cs_docs");
        }
    }

    @Nested
    class SecureFields {
        @Test
        void whatWasTypedIntoASecureFieldIsReplaced() {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("arguments", Map.of("text", "correct horse battery staple"));
            data.put("target", Map.of("element", Map.of("role", "password_field", "secure", true, "value", "x")));

            ObjectNode out = Redactor.redact(data);

            assertThat(out.toString()).doesNotContain("correct horse", "\"x\"");
            assertThat(out.at("/arguments/text").textValue()).isEqualTo(Redactor.REDACTED);
            assertThat(out.at("/target/element/role").textValue()).isEqualTo("password_field");
        }

        @Test
        void whatWasTypedIntoAnOrdinaryFieldIsKept() {
            Map<String, Object> data = Map.of("arguments", Map.of("text", "hello"),
                    "target", Map.of("element", Map.of("secure", false)));

            assertThat(Redactor.redact(data).at("/arguments/text").textValue()).isEqualTo("hello");
        }
    }

    @Test
    void noSecretReachesTheFileAndTheChainStillVerifies(@TempDir Path dir) {
        Path file = dir.resolve("audit.jsonl");
        Map<String, Object> headers = new LinkedHashMap<>();
        headers.put("Authorization", "Bearer " + TOKEN);
        headers.put("Origin", "http://127.0.0.1");
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("headers", headers);
        data.put("password", "hunter2");
        data.put("note", "retrying with " + TOKEN);
        data.put("typed", Map.of("text", "s3cr3t-typed", "element", Map.of("secure", true)));
        try (AuditLog log = AuditLog.open(file, AuditFiles.CLOCK)) {
            log.append(AuditKind.APPROVAL_REQUESTED, "agent-" + TOKEN, data);
        }

        String written = new String(AuditFiles.bytes(file), StandardCharsets.UTF_8);
        assertThat(written).doesNotContain(TOKEN, TOKEN.substring(3), "hunter2", "s3cr3t-typed")
                .contains("\"Origin\":\"http://127.0.0.1\"", "[redacted]");
        assertThat(AuditVerifier.verify(file).ok()).isTrue();
    }
}
