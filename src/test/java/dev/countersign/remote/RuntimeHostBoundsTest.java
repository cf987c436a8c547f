package dev.countersign.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.core.RandomIds;
import dev.countersign.driver.ClickArgs;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import dev.countersign.graph.Fixtures;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a governor may spend on the governed machine is bounded by what its token authenticates,
 * not by the agent ids it names: the ids are the governor's own words, so a thousand invented
 * ones share one lease budget; and the sessions it pauses are kept in bounded memory, failing
 * closed (everything of that governor stays paused) when it pauses more than the bound.
 */
class RuntimeHostBoundsTest {
    private static final Clock CLOCK = Clock.systemUTC();
    private static final int BUDGET = 3;
    private final MemoryDesktop secondDesktop = MemoryDesktop.loginForm();
    private ComputerDriver second;
    private RuntimeHost host;
    private RemoteMachine desk2;

    private static ComputerDriver driver(MemoryDesktop desktop, String session, LeaseBook.Terms terms) {
        DriverSettings settings = DriverSettings.defaults(session);
        return new ComputerDriver(desktop, new PolicyApprovals(RiskPolicy.defaults()), new ScriptedApprover(),
                new LeaseBook(CLOCK, settings.sessionId(), settings.principalId(), terms),
                CLOCK, new RandomIds(), new SecureRandom(), settings);
    }

    @BeforeEach
    void setUp() {
        second = driver(secondDesktop, "sess_second", new LeaseBook.Terms(BUDGET, Duration.ofHours(1),
                LeaseBoundaries.unscoped()));
        host = new RuntimeHost(second, null, CLOCK);
        // The governing side itself spends nothing here: its own budget is far larger than the test.
        ComputerDriver laptop = driver(MemoryDesktop.loginForm(), "sess_laptop",
                new LeaseBook.Terms(100_000, Duration.ofHours(1), LeaseBoundaries.unscoped()));
        desk2 = new RemoteMachine("desk2", new PortLink(host, "laptop"), laptop, CLOCK);
    }

    @AfterEach
    void tearDown() {
        desk2.close();
    }

    @SuppressWarnings("unchecked")
    private String refOf(String agent, String name) {
        Map<String, Object> seen = desk2.observe(agent, "yad", null).body();
        assertThat(seen).as("observed through desk2").isNotNull();
        return ((List<Map<String, Object>>) seen.get("nodes")).stream().filter(n -> name.equals(n.get("name")))
                .map(n -> (String) n.get("ref")).findFirst().orElseThrow();
    }

    private static ActionRequest request(String session) {
        ActionRequest r = Fixtures.request();
        return new ActionRequest(session, r.principalId(), r.agentId(), null, r.tool(), r.operation(), r.actionClass(),
                r.requestedMode(), r.arguments(), r.target(), r.postcondition(), r.observationFingerprint(),
                r.validityMs());
    }

    @Test
    void aThousandInventedAgentIdsGetNoMoreThanOneBudgetsWorthOfActs() {
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            String agent = "invented-" + i;
            ToolResult<Receipt> result = desk2.act(agent, new ClickArgs(refOf(agent, "Remember me"), null),
                    ApprovalWatch.NONE);
            assertThat(result).as("%s", result).isInstanceOf(ToolResult.Ok.class);
            codes.add(((ToolResult.Ok<Receipt>) result).value().code());
        }

        assertThat(secondDesktop.dispatched).as("acts that reached the governed desktop").hasSize(BUDGET);
        assertThat(codes).filteredOn(ErrorCode.BUDGET_EXHAUSTED.name()::equals).hasSize(1_000 - BUDGET);
    }

    @Test
    void pausingManySessionsKeepsBoundedMemoryAndLeavesEverySessionOfThatGovernorPaused() {
        for (int i = 0; i < 20_000; i++) {
            host.call("laptop", new RuntimeOp.Pause("sess-" + i));
        }

        assertThat(host.pausedEntries()).isLessThanOrEqualTo(RuntimeHost.MAX_PAUSED_SESSIONS + 1);
        // Failing closed: a session of that governor, paused long ago or never named, stays refused.
        for (String session : List.of("sess-0", "sess-19999", "never-paused")) {
            Throwable refused = catchThrowable(() -> host.call("laptop", new RuntimeOp.Preview(request(session))));
            assertThat(refused).isInstanceOf(CountersignException.class);
            assertThat(((CountersignException) refused).error().code()).as(session).isEqualTo(ErrorCode.AGENT_PAUSED);
        }
    }
}
