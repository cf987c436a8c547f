package dev.countersign.bench.desktop;

import dev.countersign.bench.BenchLogging;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.desktop.WindowCapture;
import dev.countersign.desktop.linux.AtspiDesktopBackend;
import java.awt.Rectangle;
import java.awt.Robot;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;

/**
 * Measures the Linux backend on the private test desktop (run by scripts/bench/desktop, never by
 * the test suite): a full observation of gtk3-widget-factory and a capture of a 1600x1000 window,
 * each against its baseline, printed as a Markdown table of median and p90 over N runs.
 */
public final class DesktopBench {
    private DesktopBench() {
    }

    /** A measured task. */
    @FunctionalInterface
    interface Task {
        void run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        BenchLogging.asShipped();
        List<String> rows = new ArrayList<>();
        try (DesktopBackend backend = AtspiDesktopBackend.fromEnvironment()) {
            TestDesktop desktop = new TestDesktop(backend);
            try {
                TestDesktop.TargetApp factory = desktop.launchWidgetFactory();
                SnapshotLimits all = new SnapshotLimits(2000, 16);
                int nodes = backend.snapshot(factory.app(), factory.window(), all).nodes().size();
                String bus = busOf(factory);
                try (DBusConnection a11y = DBusConnectionBuilder.forAddress(System.getenv("AT_SPI_BUS_ADDRESS"))
                        .withShared(false).build()) {
                    NaiveWalk naive = new NaiveWalk(a11y);
                    rows.add(row("observe gtk3-widget-factory (" + nodes + " nodes): naive call-per-property walk",
                            measure(Math.min(runs, 10), 3, () -> naive.walk(bus, windowPath(factory)))));
                }
                TreeSnapshot[] last = new TreeSnapshot[1];
                rows.add(row("observe gtk3-widget-factory (" + nodes + " nodes): backend snapshot (cache + direct + pipelined)",
                        measure(runs, warmup, () -> last[0] = backend.snapshot(factory.app(), factory.window(), all))));
                desktop.stop(factory);

                TestDesktop.TargetApp sized = desktop.launchSized(1600, 1000);
                String size = sized.window().frame().width() + "x" + sized.window().frame().height();
                Robot robot = new Robot();
                Rectangle r = new Rectangle(sized.window().frame().x(), sized.window().frame().y(),
                        sized.window().frame().width(), sized.window().frame().height());
                rows.add(row("capture " + size + ": AWT Robot.createScreenCapture",
                        measure(Math.min(runs, 20), 5, () -> robot.createScreenCapture(r))));
                WindowCapture[] shot = new WindowCapture[1];
                rows.add(row("capture " + size + ": backend XGetImage (incl. window re-read)",
                        measure(runs, warmup / 4, () -> shot[0] = backend.capture(sized.window()))));
            } finally {
                desktop.cleanUp();
            }
        }
        System.out.println("| task | median ms | p90 ms | runs |");
        System.out.println("|---|---:|---:|---:|");
        rows.forEach(System.out::println);
    }

    private static String busOf(TestDesktop.TargetApp app) {
        return handleField(app, 0);
    }

    private static String windowPath(TestDesktop.TargetApp app) {
        return handleField(app, 1);
    }

    /** The bench reads the opaque handle the way only a benchmark may: through its record accessor by reflection. */
    private static String handleField(TestDesktop.TargetApp app, int index) {
        try {
            Object handle = app.window().handle();
            java.lang.reflect.RecordComponent[] parts = handle.getClass().getRecordComponents();
            java.lang.reflect.Method accessor = parts[index].getAccessor();
            accessor.setAccessible(true);
            return (String) accessor.invoke(handle);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read the window handle for the baseline walk", e);
        }
    }

    private static List<Double> measure(int runs, int warmup, Task task) throws Exception {
        for (int i = 0; i < warmup; i++) {
            task.run();
        }
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            task.run();
            ms.add((System.nanoTime() - start) / 1e6);
        }
        Collections.sort(ms);
        return ms;
    }

    private static String row(String task, List<Double> ms) {
        double median = ms.get(ms.size() / 2);
        double p90 = ms.get(Math.min(ms.size() - 1, (int) Math.ceil(ms.size() * 0.9) - 1));
        return String.format(Locale.ROOT, "| %s | %.1f | %.1f | %d |", task, median, p90, ms.size());
    }
}
