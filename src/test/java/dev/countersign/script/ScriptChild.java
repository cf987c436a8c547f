package dev.countersign.script;

import dev.countersign.approval.ApprovalTap;
import dev.countersign.approval.Approver;
import dev.countersign.approval.Decision;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.linux.AtspiDesktopBackend;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.ScriptedApprover;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * The first process of the restart tests: runs a script on the real desktop with a person who
 * never answers, prints {@code SUSPENDED <script_id>}, and waits to be killed.
 */
public final class ScriptChild {
    private ScriptChild() {
    }

    static ComputerDriver driver(DesktopBackend backend, Approver approver) {
        Clock clock = Clock.systemUTC();
        DriverSettings settings = DriverSettings.defaults("sess-script");
        return new ComputerDriver(backend, new PolicyApprovals(RiskPolicy.defaults()), approver,
                new LeaseBook(clock, settings.sessionId(), settings.principalId(), LeaseBook.Terms.defaults()),
                clock, new RandomIds(), new SecureRandom(), settings);
    }

    /** Arguments: checkpoint directory, agent id, the script's source. */
    public static void main(String[] args) throws InterruptedException {
        ScriptedApprover person = new ScriptedApprover();
        person.answer = r -> new CompletableFuture<Decision>();
        ApprovalTap approvals = new ApprovalTap(person);
        ScriptHost host = new ScriptHost(driver(AtspiDesktopBackend.fromEnvironment(), approvals), approvals,
                new CodeRuntime(ScriptLimits.defaults()), new ScriptCheckpointStore(Path.of(args[0])), ScriptFaults.NONE,
                Duration.ofMillis(200));
        ScriptOutcome outcome = host.run(args[1], args[2], "cleanup");
        if (outcome instanceof ScriptOutcome.Suspended) {
            System.out.println("SUSPENDED " + ((ScriptOutcome.Suspended) outcome).scriptId());
        } else {
            System.out.println("UNEXPECTED " + outcome);
        }
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
