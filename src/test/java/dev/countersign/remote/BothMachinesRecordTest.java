package dev.countersign.remote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.app.windows.ActivityFeed;
import dev.countersign.approval.ApprovalWatch;
import dev.countersign.approval.Decision;
import dev.countersign.audit.AuditLog;
import dev.countersign.core.RandomIds;
import dev.countersign.driver.ActArgs;
import dev.countersign.driver.ClickArgs;
import dev.countersign.driver.TypeArgs;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A remote act leaves one receipt, with one id, on both machines: in the governing agent's ring
 * and evidence, and on the governed machine in the governor's scope (its Activity window) and in
 * its audit log in the same record shape as a local act's. Both Countersigns are real drivers in
 * this process, over in-memory desktops, joined by the runtime operations without the wire.
 */
class BothMachinesRecordTest {
    private static final Clock CLOCK = Clock.systemUTC();
    @TempDir
    Path home;
    private final ScriptedApprover person = new ScriptedApprover();
    private final MemoryDesktop secondDesktop = MemoryDesktop.loginForm();
    private AuditLog secondAudit;
    private ComputerDriver second;
    private ComputerDriver laptop;
    private RemoteMachine desk2;

    private static ComputerDriver driver(MemoryDesktop desktop, ScriptedApprover approver, String session) {
        DriverSettings settings = DriverSettings.defaults(session);
        return new ComputerDriver(desktop, new PolicyApprovals(RiskPolicy.defaults()), approver,
                new LeaseBook(CLOCK, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                CLOCK, new RandomIds(), new SecureRandom(), settings);
    }

    @BeforeEach
    void setUp() {
        secondAudit = AuditLog.open(home.resolve("audit.jsonl"), CLOCK);
        second = driver(secondDesktop, new ScriptedApprover(), "sess_second");
        laptop = driver(MemoryDesktop.loginForm(), person, "sess_laptop");
        desk2 = new RemoteMachine("desk2", new PortLink(new RuntimeHost(second, secondAudit, CLOCK), "laptop"),
                laptop, CLOCK);
    }

    @AfterEach
    void tearDown() {
        desk2.close();
        secondAudit.close();
    }

    @SuppressWarnings("unchecked")
    private String refOf(String name) {
        Map<String, Object> seen = desk2.observe("claude", "yad", null).body();
        assertThat(seen).as("observed through desk2").isNotNull();
        return ((List<Map<String, Object>>) seen.get("nodes")).stream().filter(n -> name.equals(n.get("name")))
                .map(n -> (String) n.get("ref")).findFirst().orElseThrow();
    }

    private Receipt act(ActArgs args) {
        ToolResult<Receipt> result = desk2.act("claude", args, ApprovalWatch.NONE);
        assertThat(result).as("%s", result).isInstanceOf(ToolResult.Ok.class);
        return ((ToolResult.Ok<Receipt>) result).value();
    }

    @Test
    void anAllowedActHasOneReceiptIdOnBothMachines() throws IOException {
        person.answer = r -> CompletableFuture.completedFuture(Decision.ALLOW_ONCE);

        Receipt here = act(new ClickArgs(refOf("Delete"), null));

        assertThat(secondDesktop.dispatched).containsExactly("press:delete");
        assertThat(here.status()).isIn("confirmed", "unknown");
        assertThat(laptop.receipts("claude")).containsExactly(here);
        List<Receipt> there = second.receipts("governor:laptop");
        assertThat(there).hasSize(1);
        assertThat(there.get(0).receiptId()).isEqualTo(here.receiptId());
        assertThat(there.get(0).status()).isIn("confirmed", "unknown");
        assertThat(there.get(0).approval().decision()).isEqualTo("allowed_once");
        assertThat(new ActivityFeed(second, CLOCK).poll(List.of("someone-else")))
                .as("the second machine's Activity window").anyMatch(e -> e.receipt().receiptId().equals(here.receiptId()));
        secondAudit.sync();
        assertThat(Files.readAllLines(secondAudit.file())).anyMatch(l -> l.contains("\"kind\":\"receipt\"")
                && l.contains("\"receipt_id\":\"" + here.receiptId() + "\"") && l.contains("\"governor\":\"laptop\"")
                && l.contains("\"tool\":\"computer_act\""));
    }

    @Test
    void aSecureFieldRefusedThereIsARejectedReceiptOnBothMachines() {
        person.answer = r -> CompletableFuture.completedFuture(Decision.ALLOW_ONCE);

        Receipt here = act(new TypeArgs(refOf("Password"), "hunter2", null));

        assertThat(here.status()).isEqualTo("rejected");
        assertThat(here.code()).isEqualTo("SECURE_FIELD_REFUSED");
        assertThat(secondDesktop.dispatched).isEmpty();
        assertThat(person.asked).as("refused at preview, before anyone is asked").isEmpty();
    }

    @Test
    void anActThePersonDeniesNeverReachesTheSecondMachinesRing() {
        person.answer = r -> CompletableFuture.completedFuture(Decision.DENY);

        Receipt here = act(new ClickArgs(refOf("Delete"), null));

        assertThat(here.code()).isEqualTo("APPROVAL_DENIED");
        assertThat(laptop.receipts("claude")).containsExactly(here);
        assertThat(second.receipts("governor:laptop")).as("nothing was sent to run there").isEmpty();
        assertThat(secondDesktop.dispatched).isEmpty();
    }
}
