package dev.countersign.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.countersign.approval.ApprovalWatch;
import dev.countersign.approval.HeadlessApprover;
import dev.countersign.audit.AuditLog;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.RandomIds;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.server.tools.AuditTrail;
import dev.countersign.server.tools.Tools;
import dev.countersign.testkit.MemoryDesktop;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Fuzzes the request path an agent controls: the SDK's JSON-RPC parsing as the endpoint uses it,
 * then our tool-argument validation and conversion and the tool itself, over an in-memory desktop.
 * The only acceptable outcomes are the parser's declared errors (IOException,
 * IllegalArgumentException) and tool results whose errors carry a registered code.
 *
 * <p>Without {@code JAZZER_FUZZ} (normal runs and CI) this replays the inputs saved in
 * {@code src/test/resources/dev/countersign/server/RequestPathFuzzTestInputs/requestPath/}. With
 * {@code JAZZER_FUZZ=1 ./mvnw test -Dtest=RequestPathFuzzTest} it fuzzes for {@code maxDuration}.
 */
class RequestPathFuzzTest {
    private static final McpJsonMapper MAPPER = new JacksonMcpJsonMapper(new ObjectMapper());
    private static final Set<String> CODES = Arrays.stream(ErrorCode.values()).map(Enum::name)
            .collect(Collectors.toUnmodifiableSet());
    private static final ToolRegistry REGISTRY = registry();

    private static ToolRegistry registry() {
        try {
            Path home = Files.createDirectories(Path.of("target", "fuzz-home"));
            Clock clock = Clock.systemUTC();
            DriverSettings settings = DriverSettings.defaults("sess-fuzz");
            ComputerDriver driver = new ComputerDriver(MemoryDesktop.loginForm(), new PolicyApprovals(RiskPolicy.defaults()),
                    new HeadlessApprover(), new LeaseBook(clock, settings.sessionId(), settings.principalId(),
                            LeaseBook.Terms.defaults()), clock, new RandomIds(), new SecureRandom(), settings);
            AuditLog log = AuditLog.open(Files.createTempFile(home, "audit", ".jsonl"), clock);
            AuditTrail audit = new AuditTrail(log);
            return new ToolRegistry(Tools.defaults(driver, audit), audit, Duration.ofMillis(10));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @FuzzTest(maxDuration = "2m")
    void requestPath(byte[] input) {
        McpSchema.JSONRPCMessage message;
        try {
            message = McpSchema.deserializeJsonRpcMessage(MAPPER, new String(input, StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            return; // the endpoint answers these with a JSON-RPC error
        }
        if (!(message instanceof McpSchema.JSONRPCRequest)
                || !"tools/call".equals(((McpSchema.JSONRPCRequest) message).method())) {
            return;
        }
        McpSchema.CallToolRequest call;
        try {
            call = MAPPER.convertValue(((McpSchema.JSONRPCRequest) message).params(),
                    new TypeRef<McpSchema.CallToolRequest>() {
                    });
        } catch (IllegalArgumentException e) {
            return; // malformed params: a JSON-RPC error, not a tool call
        }
        if (call == null) {
            return;
        }
        McpSchema.CallToolResult result = REGISTRY.call("fuzz-agent", call.name(), call.arguments(),
                tool -> ApprovalWatch.NONE);
        assertThat(result).isNotNull();
        if (Boolean.TRUE.equals(result.isError())) {
            assertThat(result.structuredContent()).as("an error result carries no structured content").isNull();
            Object code = Results.body(result).get("code");
            assertThat(CODES).as("a registered error code").contains(String.valueOf(code));
        } else {
            assertThat(result.structuredContent()).isInstanceOf(Map.class);
        }
    }
}
