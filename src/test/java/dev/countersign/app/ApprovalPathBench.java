package dev.countersign.app;

import dev.countersign.bench.BenchLogging;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.linux.AtspiDesktopBackend;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import javafx.collections.ListChangeListener;
import javafx.event.ActionEvent;
import javafx.scene.Node;
import javafx.stage.Window;
import org.testfx.api.FxRobot;

/**
 * The approval path of the whole app on the private test desktop (scripts/bench/approval, never
 * in the suite): an agent's {@code computer_act} on a yad "Delete" button over MCP, to the real
 * approval dialog showing (its window's {@code showing} turning true on the FX thread); then the
 * person's Allow (a real click through TestFX's glass robot once the 600 ms input guard is over)
 * to the button's side effect on disk (the dispatch landed) and to the receipt at the client.
 */
public final class ApprovalPathBench {
    private ApprovalPathBench() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        BenchLogging.asShipped();
        Path dir = Files.createTempDirectory("approval-bench");
        List<Double> toVisible = new ArrayList<>();
        List<Double> toDispatch = new ArrayList<>();
        List<Double> toReceipt = new ArrayList<>();
        try (DesktopBackend backend = AtspiDesktopBackend.fromEnvironment()) {
            TestDesktop desktop = new TestDesktop(backend);
            try (RunningApp running = RunningApp.start(dir, backend)) {
                FxRobot robot = new FxRobot();
                McpSyncClient agent = running.agent("bench");
                TestDesktop.TargetApp form = desktop.launchDeleteForm();
                Path effect = form.dir().resolve("deleted");
                AtomicLong shown = new AtomicLong();
                AtomicLong allowed = new AtomicLong();
                // Stamp the moment a window starts showing, and the moment Allow fires, on the FX thread.
                FxTests.onFx(() -> {
                    Window.getWindows().addListener((ListChangeListener<Window>) change -> {
                        while (change.next()) {
                            for (Window w : change.getAddedSubList()) {
                                if (w.isShowing()) {
                                    shown.compareAndSet(0, System.nanoTime());
                                }
                                w.showingProperty().addListener((o, was, is) -> {
                                    if (is) {
                                        shown.compareAndSet(0, System.nanoTime());
                                    }
                                });
                            }
                        }
                    });
                    return null;
                });
                for (int i = 0; i < runs + 2; i++) {
                    Files.deleteIfExists(effect);
                    shown.set(0);
                    allowed.set(0);
                    McpSchema.CallToolResult observation = RunningApp.call(agent, "computer_observe",
                            Map.of("app", String.valueOf(form.pid())));
                    String ref = RunningApp.refOf(observation, "Delete");
                    long start = System.nanoTime();
                    CompletableFuture<McpSchema.CallToolResult> act = CompletableFuture.supplyAsync(() ->
                            RunningApp.call(agent, "computer_act", Map.of("ref", ref, "op", "click")));
                    if (!FxTests.eventually(java.time.Duration.ofSeconds(20), () -> shown.get() != 0
                            && robot.lookup("#allow").tryQuery().isPresent())) {
                        throw new IllegalStateException("no approval dialog");
                    }
                    double visibleMs = (shown.get() - start) / 1e6;
                    FxTests.onFx(() -> {
                        Node allow = robot.lookup("#allow").query();
                        allow.addEventFilter(ActionEvent.ACTION, e -> allowed.compareAndSet(0, System.nanoTime()));
                        return null;
                    });
                    Thread.sleep(800);  // the dialog ignores input for 600 ms after it appears
                    robot.clickOn("#allow");
                    while (!Files.exists(effect)) {
                        Thread.onSpinWait();
                        if (System.nanoTime() - start > 30_000_000_000L) {
                            throw new IllegalStateException("Allow did not dispatch");
                        }
                    }
                    long landed = System.nanoTime();
                    McpSchema.CallToolResult receipt = act.join();
                    long answered = System.nanoTime();
                    Object status = RunningApp.structured(receipt).get("status");
                    if (receipt.isError() || allowed.get() == 0) {
                        throw new IllegalStateException("the allowed act failed: " + receipt);
                    }
                    if (i >= 2) {
                        toVisible.add(visibleMs);
                        toDispatch.add((landed - allowed.get()) / 1e6);
                        toReceipt.add((answered - allowed.get()) / 1e6);
                    }
                    System.err.printf(Locale.ROOT, "run %d: visible %.1f ms, Allow→effect %.1f ms, receipt %s%n", i,
                            visibleMs, (landed - allowed.get()) / 1e6, status);
                    // Let the dialog close before the next request.
                    FxTests.eventually(java.time.Duration.ofSeconds(10), () -> robot.lookup("#allow").tryQuery().isEmpty()
                            || !robot.lookup("#allow").query().getScene().getWindow().isShowing());
                }
                desktop.stop(form);
            } finally {
                desktop.cleanUp();
            }
        }
        System.out.println("| step | median ms | p90 ms | runs |");
        System.out.println("|---|---:|---:|---:|");
        System.out.println(row("computer_act over MCP → approval dialog showing", toVisible));
        System.out.println(row("Allow clicked → the click's side effect on disk (dispatched)", toDispatch));
        System.out.println(row("Allow clicked → receipt at the client (dispatch + evidence re-read)", toReceipt));
        System.exit(0);
    }

    private static String row(String task, List<Double> values) {
        List<Double> ms = new ArrayList<>(values);
        Collections.sort(ms);
        double median = ms.get(ms.size() / 2);
        double p90 = ms.get(Math.min(ms.size() - 1, (int) Math.ceil(ms.size() * 0.9) - 1));
        return String.format(Locale.ROOT, "| %s | %.1f | %.1f | %d |", task, median, p90, ms.size());
    }
}
