package dev.countersign.app;

import dev.countersign.bench.BenchLogging;
import dev.countersign.desktop.AppSelector;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.WindowInfo;
import dev.countersign.bench.observe.ObserveBench;
import dev.countersign.desktop.linux.CacheCost;
import dev.countersign.driver.ActArgs;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.NodeView;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.ToolResult;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.linux.AtspiDesktopBackend;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Observe and act medians per real app of the compatibility matrix (run by scripts/bench/apps,
 * never by the test suite): observe at the default bounds, observe at the largest bounds (2000
 * nodes, 16 levels: Writer's whole window), and one act through the governed driver — a check box
 * click where the app has one, else typing into its text field. Printed as a Markdown table, and
 * a second one on what the application's element cache costs: one {@code Cache.GetItems} (wall
 * time, and the CPU time the application spends answering it) and the largest-bounds walk with
 * and without the cache ({@code docs/decisions/0009-large-trees.md}).
 */
public final class AppsBench {
    private AppsBench() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        String only = args.length > 2 ? args[2] : null;
        BenchLogging.asShipped();
        List<String> rows = new ArrayList<>();
        List<String> cacheRows = new ArrayList<>();
        try (DesktopBackend backend = AtspiDesktopBackend.fromEnvironment(); CacheCost cost = new CacheCost()) {
            for (CompatibilityMatrixTest.App app : CompatibilityMatrixTest.allApps().toList()) {
                if (only != null && !app.label().contains(only)) {
                    continue;
                }
                CompatibilityMatrixTest.Launched launched = CompatibilityMatrixTest.Launched.start(app, backend);
                try {
                    rows.add(measure(app, launched, backend, runs, warmup));
                    cacheRows.add(cacheCost(app, launched, backend, cost, runs, warmup));
                } finally {
                    launched.stop();
                }
            }
        }
        System.out.println("| app | toolkit | nodes (default) | observe default ms (median / p90) | nodes (2000/16) "
                + "| observe 2000/16 ms (median / p90) | act | act ms (median / p90) |");
        System.out.println("|---|---|---:|---:|---:|---:|---|---:|");
        rows.forEach(System.out::println);
        System.out.println();
        System.out.println("| app | cache items | Cache.GetItems ms (median / p90) | app CPU per GetItems ms "
                + "| walk 2000/16 with the cache ms (median / p90) | without the cache ms (median / p90) | nodes |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        cacheRows.forEach(System.out::println);
    }

    private static String cacheCost(CompatibilityMatrixTest.App app, CompatibilityMatrixTest.Launched launched,
                                    DesktopBackend backend, CacheCost cost, int runs, int warmup) throws Exception {
        WindowInfo window = backend.listWindows(backend.resolveApp(AppSelector.pid(launched.accessiblePid()))).get(0);
        SnapshotLimits whole = new SnapshotLimits(SnapshotLimits.MAX_NODES, SnapshotLimits.MAX_DEPTH);
        List<Double> getItems = new ArrayList<>();
        List<Double> with = new ArrayList<>();
        List<Double> without = new ArrayList<>();
        double items = 0;
        double nodes = 0;
        double appCpu = 0;
        for (int i = 0; i < warmup + runs; i++) {
            double cpu0 = ObserveBench.cpuMs(launched.accessiblePid());
            double[] g = cost.getItems(window);
            double cpu1 = ObserveBench.cpuMs(launched.accessiblePid());
            double[] a = cost.walk(window, whole, true);
            double[] b = cost.walk(window, whole, false);
            if (i >= warmup) {
                getItems.add(g[0]);
                with.add(a[0]);
                without.add(b[0]);
                appCpu += cpu1 - cpu0;
                items = g[1];
                nodes = a[1];
            }
        }
        return String.format(Locale.ROOT, "| %s | %.0f | %s | %.1f | %s | %s | %.0f |", app.label(), items, stats(getItems),
                appCpu / runs, stats(with), stats(without), nodes);
    }

    private static String measure(CompatibilityMatrixTest.App app, CompatibilityMatrixTest.Launched launched,
                                  DesktopBackend backend, int runs, int warmup) {
        ComputerDriver driver = CompatibilityMatrixTest.driver(backend);
        String pid = Long.toString(launched.accessiblePid());
        ObserveArgs defaults = new ObserveArgs(pid, null, null, null, null);
        ObserveArgs whole = new ObserveArgs(pid, null, SnapshotLimits.MAX_NODES, SnapshotLimits.MAX_DEPTH, null);
        int[] nodes = new int[2];
        List<Double> observe = new ArrayList<>();
        List<Double> observeAll = new ArrayList<>();
        List<Double> act = new ArrayList<>();
        String what = app.checkBox() != null ? "click check box" : "type into text field";
        for (int i = 0; i < warmup + runs; i++) {
            long t = System.nanoTime();
            ObservationView v = ok(driver.observe("bench", defaults));
            double ms = (System.nanoTime() - t) / 1e6;
            nodes[0] = v.nodes().size();
            t = System.nanoTime();
            nodes[1] = ok(driver.observe("bench", whole)).nodes().size();
            double msAll = (System.nanoTime() - t) / 1e6;
            ObservationView fresh = ok(driver.observe("bench", defaults));
            Optional<NodeView> target = fresh.nodes().stream()
                    .filter(app.checkBox() != null ? app.checkBox() : app.textField()).findFirst();
            double msAct = Double.NaN;
            if (target.isPresent()) {
                t = System.nanoTime();
                driver.act("bench", app.checkBox() != null ? ActArgs.click(target.get().ref())
                        : ActArgs.type(target.get().ref(), "bench " + i));
                msAct = (System.nanoTime() - t) / 1e6;
            }
            if (i >= warmup) {
                observe.add(ms);
                observeAll.add(msAll);
                if (!Double.isNaN(msAct)) {
                    act.add(msAct);
                }
            }
        }
        return String.format(Locale.ROOT, "| %s | %s | %d | %s | %d | %s | %s | %s |", app.label(), launched.toolkit(),
                nodes[0], stats(observe), nodes[1], stats(observeAll), what, act.isEmpty() ? "n/a" : stats(act));
    }

    private static <T> T ok(ToolResult<T> r) {
        if (r instanceof ToolResult.Err) {
            throw new IllegalStateException(((ToolResult.Err<?>) r).error().toString());
        }
        return ((ToolResult.Ok<T>) r).value();
    }

    private static String stats(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        Collections.sort(s);
        double median = s.get(s.size() / 2);
        double p90 = s.get(Math.min(s.size() - 1, (int) Math.ceil(s.size() * 0.9) - 1));
        return String.format(Locale.ROOT, "%.1f / %.1f", median, p90);
    }
}
