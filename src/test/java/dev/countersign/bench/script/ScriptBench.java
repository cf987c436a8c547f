package dev.countersign.bench.script;

import dev.countersign.approval.ApprovalTap;
import dev.countersign.bench.BenchLogging;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.countersign.approval.Decision;
import dev.countersign.core.Json;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.linux.AtspiDesktopBackend;
import dev.countersign.driver.ActArgs;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.NodeView;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.script.CodeRuntime;
import dev.countersign.script.ScriptCheckpointStore;
import dev.countersign.script.ScriptFaults;
import dev.countersign.script.ScriptHost;
import dev.countersign.script.ScriptLimits;
import dev.countersign.script.ScriptOutcome;
import dev.countersign.testkit.ScriptedApprover;
import java.nio.file.Files;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Round trips saved (scripts/bench/script, never in the suite): a five-step observe → act →
 * verify → act → verify task on the yad check box, as one script versus five separate tool
 * calls, measuring host wall time and the JSON bytes an agent would send and receive.
 */
public final class ScriptBench {
    private static final String SCRIPT = """
            function box(view) {
              for (var i = 0; i < view.nodes.length; i++) if (view.nodes[i].name === "Remember me") return view.nodes[i];
            }
            var states = [];
            var view = call_tool("computer_observe", {app: "PID"});
            for (var k = 0; k < 2; k++) {
              call_tool("computer_act", {ref: box(view).ref, op: "click"});
              view = call_tool("computer_observe", {app: "PID"});
              states.push((box(view).states || []).indexOf("checked") >= 0);
            }
            return {final_result: states};
            """;

    private ScriptBench() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        BenchLogging.asShipped();
        try (DesktopBackend backend = AtspiDesktopBackend.fromEnvironment()) {
            TestDesktop desktop = new TestDesktop(backend);
            ApprovalTap approvals = new ApprovalTap(ScriptedApprover.always(Decision.DENY));
            ComputerDriver driver = new ComputerDriver(backend, new PolicyApprovals(RiskPolicy.defaults()), approvals,
                    new LeaseBook(Clock.systemUTC(), "bench", "local-user",
                            new LeaseBook.Terms(1_000_000, Duration.ofHours(1), LeaseBoundaries.unscoped())),
                    Clock.systemUTC(), new RandomIds(), new SecureRandom(), DriverSettings.defaults("bench"));
            try (ScriptHost host = new ScriptHost(driver, approvals, new CodeRuntime(ScriptLimits.defaults()),
                    new ScriptCheckpointStore(Files.createTempDirectory("script-bench")), ScriptFaults.NONE,
                    Duration.ofMillis(250))) {
                TestDesktop.TargetApp form = desktop.launchForm("", "");
                String pid = String.valueOf(form.pid());
                String script = SCRIPT.replace("PID", pid);
                List<Double> scriptMs = new ArrayList<>();
                List<Double> callsMs = new ArrayList<>();
                long scriptBytes = 0;
                long callsBytes = 0;
                for (int i = 0; i < runs + 3; i++) {
                    long t = System.nanoTime();
                    ScriptOutcome outcome = host.run("bench", script, "toggle");
                    double ms = (System.nanoTime() - t) / 1e6;
                    if (!(outcome instanceof ScriptOutcome.FinalResult)) {
                        throw new IllegalStateException("script did not finish: " + outcome);
                    }
                    long bytes = size(Map.of("script", script, "name", "toggle"))
                            + size(Map.of("final_result", ((ScriptOutcome.FinalResult) outcome).value()));
                    long[] separate = separateCalls(driver, pid);
                    if (i >= 3) {
                        scriptMs.add(ms);
                        callsMs.add(separate[0] / 1e6);
                        scriptBytes = bytes;
                        callsBytes = separate[1];
                    }
                }
                System.out.println("| five steps (observe, act, verify, act, verify) | tool calls | median ms | p90 ms "
                        + "| bytes sent + received |");
                System.out.println("|---|---:|---:|---:|---:|");
                System.out.println(row("five separate calls", 5, callsMs, callsBytes));
                System.out.println(row("one computer_script", 1, scriptMs, scriptBytes));
                System.out.println();
                System.out.println("runs: " + runs + " after 3 warm-up; host time only — each separate call also "
                        + "costs the agent a model turn, which the script saves four times.");
            } finally {
                desktop.cleanUp();
            }
        }
    }

    /** The same task as five tool calls; returns {nanos, bytes}. */
    private static long[] separateCalls(ComputerDriver driver, String pid) throws JsonProcessingException {
        long bytes = 0;
        long t = System.nanoTime();
        ObserveArgs observe = new ObserveArgs(pid, null, null, null, null);
        ObservationView view = ok(driver.observe("bench", observe));
        bytes += size(observe) + size(view);
        for (int k = 0; k < 2; k++) {
            ActArgs click = ActArgs.click(box(view).ref());
            Receipt receipt = ok(driver.act("bench", click));
            bytes += size(click) + size(receipt);
            view = ok(driver.observe("bench", observe));
            bytes += size(observe) + size(view);
        }
        return new long[] {System.nanoTime() - t, bytes};
    }

    private static NodeView box(ObservationView view) {
        return view.nodes().stream().filter(n -> "Remember me".equals(n.name())).findFirst().orElseThrow();
    }

    private static long size(Object value) throws JsonProcessingException {
        return Json.mapper().writeValueAsBytes(value).length;
    }

    private static <T> T ok(ToolResult<T> result) {
        if (result instanceof ToolResult.Err) {
            throw new IllegalStateException(((ToolResult.Err<T>) result).error().message());
        }
        return ((ToolResult.Ok<T>) result).value();
    }

    private static String row(String label, int calls, List<Double> ms, long bytes) {
        List<Double> sorted = new ArrayList<>(ms);
        Collections.sort(sorted);
        return String.format(Locale.ROOT, "| %s | %d | %.1f | %.1f | %d |", label, calls,
                sorted.get(sorted.size() / 2), sorted.get((int) Math.ceil(sorted.size() * 0.9) - 1), bytes);
    }
}
