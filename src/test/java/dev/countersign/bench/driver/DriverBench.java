package dev.countersign.bench.driver;

import dev.countersign.bench.BenchLogging;
import dev.countersign.approval.Decision;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.ElementAction;
import dev.countersign.desktop.Recheck;
import dev.countersign.desktop.linux.AtspiDesktopBackend;
import dev.countersign.driver.ActArgs;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import dev.countersign.driver.VisualArgs;
import dev.countersign.driver.VisualObservation;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.testkit.ScriptedApprover;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * End-to-end timings of the driver on the private test desktop (scripts/bench/driver, never in the
 * suite): the act round trip on the yad check box against a fixed 1 s post-action poll, and visual
 * observation (capture + marks + PNG + SHA-256).
 */
public final class DriverBench {
    private DriverBench() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        BenchLogging.asShipped();
        List<String> rows = new ArrayList<>();
        try (DesktopBackend backend = AtspiDesktopBackend.fromEnvironment()) {
            TestDesktop desktop = new TestDesktop(backend);
            DriverSettings settings = DriverSettings.defaults("bench");
            LeaseBook leases = new LeaseBook(Clock.systemUTC(), "bench", "local-user",
                    new LeaseBook.Terms(1_000_000, Duration.ofHours(1), dev.countersign.core.LeaseBoundaries.unscoped()));
            ComputerDriver driver = new ComputerDriver(backend, new PolicyApprovals(RiskPolicy.defaults()),
                    ScriptedApprover.always(Decision.DENY), leases, Clock.systemUTC(), new RandomIds(),
                    new SecureRandom(), settings);
            try {
                TestDesktop.TargetApp form = desktop.launchForm("", "");
                String pid = String.valueOf(form.pid());
                List<Double> act = new ArrayList<>();
                List<Double> observe = new ArrayList<>();
                int confirmed = 0;
                for (int i = 0; i < runs + 10; i++) {
                    long o = System.nanoTime();
                    ObservationView view = ok(driver.observe("bench", new ObserveArgs(pid, null, null, null, null)));
                    double observeMs = (System.nanoTime() - o) / 1e6;
                    String ref = view.nodes().stream().filter(n -> "Remember me".equals(n.name())).findFirst()
                            .orElseThrow().ref();
                    long start = System.nanoTime();
                    Receipt receipt = ok(driver.act("bench", ActArgs.click(ref)));
                    double ms = (System.nanoTime() - start) / 1e6;
                    if (i >= 10) {
                        act.add(ms);
                        observe.add(observeMs);
                        confirmed += "confirmed".equals(receipt.status()) ? 1 : 0;
                    }
                }
                rows.add(row("observe the yad form (" + pid + ")", observe));
                rows.add(row("act round trip on the yad check box: re-check + dispatch + evidence re-read ("
                        + confirmed + "/" + act.size() + " confirmed)", act));
                rows.add(row("baseline: dispatch + fixed 1 s post-action poll + re-read", fixedPoll(driver, backend,
                        pid, 3)));
                desktop.stop(form);

                TestDesktop.TargetApp factory = desktop.launchWidgetFactory();
                rows.add(row("visual observe gtk3-widget-factory " + factory.window().frame().width() + "x"
                        + factory.window().frame().height() + ", 80 marks (capture + marks + PNG + SHA-256)",
                        visual(driver, String.valueOf(factory.pid()), runs)));
                desktop.stop(factory);
                TestDesktop.TargetApp sized = desktop.launchSized(1600, 1000);
                rows.add(row("visual observe 1600x1000 text window (capture + marks + PNG + SHA-256)",
                        visual(driver, String.valueOf(sized.pid()), runs)));
            } finally {
                desktop.cleanUp();
            }
        }
        System.out.println("| task | median ms | p90 ms | runs |");
        System.out.println("|---|---:|---:|---:|");
        rows.forEach(System.out::println);
    }

    private static List<Double> visual(ComputerDriver driver, String pid, int runs) {
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < runs + 5; i++) {
            ObservationView view = ok(driver.observe("bench", new ObserveArgs(pid, null, 2000, 16, null)));
            long start = System.nanoTime();
            VisualObservation visual = ok(driver.visualObserve("bench", new VisualArgs.Observe(view.observationId(), 80)));
            if (i >= 5) {
                ms.add((System.nanoTime() - start) / 1e6);
            }
            if (visual.marks().isEmpty()) {
                throw new IllegalStateException("no marks drawn");
            }
        }
        return ms;
    }

    /** What a driver that sleeps a fixed second after each action spends per action. */
    private static List<Double> fixedPoll(ComputerDriver driver, DesktopBackend backend, String pid, int runs)
            throws InterruptedException {
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            ObservationView view = ok(driver.observe("bench", new ObserveArgs(pid, null, null, null, null)));
            var app = backend.resolveApp(dev.countersign.desktop.AppSelector.pid(Long.parseLong(pid)));
            var window = backend.listWindows(app).get(0);
            var node = backend.snapshot(app, window, dev.countersign.desktop.SnapshotLimits.defaults()).nodes().stream()
                    .filter(n -> "Remember me".equals(n.name())).findFirst().orElseThrow();
            long start = System.nanoTime();
            backend.perform(node.handle(), new ElementAction.Press());
            Thread.sleep(1000);
            Recheck after = backend.recheck(node.handle());
            ms.add((System.nanoTime() - start) / 1e6);
            if (!(after instanceof Recheck.Present)) {
                throw new IllegalStateException("check box gone");
            }
        }
        return ms;
    }

    private static <T> T ok(ToolResult<T> result) {
        if (result instanceof ToolResult.Ok) {
            return ((ToolResult.Ok<T>) result).value();
        }
        throw new IllegalStateException("bench call failed: " + ((ToolResult.Err<T>) result).error());
    }

    private static String row(String task, List<Double> values) {
        List<Double> ms = new ArrayList<>(values);
        Collections.sort(ms);
        double median = ms.get(ms.size() / 2);
        double p90 = ms.get(Math.min(ms.size() - 1, (int) Math.ceil(ms.size() * 0.9) - 1));
        return String.format(Locale.ROOT, "| %s | %.1f | %.1f | %d |", task, median, p90, ms.size());
    }
}
