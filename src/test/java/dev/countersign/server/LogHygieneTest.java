package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No token, Authorization header or bearer credential in anything the test suite logged, in this
 * JVM or in the child processes it started (docs/endpoint.md, "Logs"). Runs last (see
 * junit-platform.properties); the test logs are unredacted, unlike logback.xml's safety net.
 */
@Order(Integer.MAX_VALUE)
class LogHygieneTest {
    /** A token, or a credential after "Bearer" (hints that say 'Bearer cs_...' are fine). */
    private static final Pattern LEAK = Pattern.compile(
            "cs_[A-Za-z0-9_-]{43}|(?i)bearer\\s+[A-Za-z0-9._~+/=-]{8,}|(?i)authorization\\s*[:=]\\s*(basic|digest)\\s");

    @TempDir
    Path home;

    @Test
    void theSuitesLogsHoldNoTokensOrAuthorizationHeaders() throws IOException {
        // Make sure the authentication paths logged something in this run, token in hand.
        try (EndpointFixture fx = new EndpointFixture(home)) {
            String token = fx.token("claude");
            fx.post(token.substring(0, token.length() - 1) + "x", EndpointFixture.INIT, Map.of());
            fx.post(token, EndpointFixture.INIT, Map.of());
        }
        Path logs = Path.of("target", "test-logs");
        List<Path> files;
        try (Stream<Path> listing = Files.list(logs)) {
            files = listing.filter(f -> f.toString().endsWith(".log")).toList();
        }
        assertThat(files).isNotEmpty();
        List<String> leaks = new ArrayList<>();
        boolean sawRefusal = false;
        for (Path file : files) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                if (LEAK.matcher(lines.get(i)).find()) {
                    leaks.add(file.getFileName() + ":" + (i + 1));
                }
                sawRefusal |= lines.get(i).contains("refused a request with 401");
            }
        }
        assertThat(sawRefusal).as("the scanned logs cover the token check").isTrue();
        assertThat(leaks).as("log lines that hold a token or an Authorization header").isEmpty();
    }

    @Test
    void theScanWouldCatchALeak() {
        String token = Tokens.mint(new java.security.SecureRandom());
        assertThat(LEAK.matcher("header Authorization: Bearer " + token).find()).isTrue();
        assertThat(LEAK.matcher("token=" + token).find()).isTrue();
        assertThat(LEAK.matcher("send 'Authorization: Bearer cs_...' to connect").find()).isFalse();
    }
}
