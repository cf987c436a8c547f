package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.vision.Mark;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * One app's row of the compatibility matrix: each operation run through the governed driver, its
 * outcome as the receipt or refusal says, confirmed only by what the app reads back.
 */
final class MatrixRun {
    private static final String AGENT = "agent-matrix";
    private static final String TYPED = "Ada Lovelace 1815";

    private final CompatibilityMatrixTest.App app;
    private final CompatibilityMatrixTest.Launched launched;
    private final CompatLedger ledger;
    private final ComputerDriver driver;

    MatrixRun(CompatibilityMatrixTest.App app, CompatibilityMatrixTest.Launched launched, DesktopBackend backend,
              CompatLedger ledger) {
        this.app = app;
        this.launched = launched;
        this.ledger = ledger;
        this.driver = CompatibilityMatrixTest.driver(backend);
    }

    void run() throws InterruptedException {
        long t = System.nanoTime();
        ToolResult<ObservationView> byName = driver.observe(AGENT, new ObserveArgs(app.atspiName(), null, null, null, null));
        if (byName instanceof ToolResult.Err) {
            record("find", "unsupported", null, CompatibilityMatrixTest.describe(((ToolResult.Err<?>) byName).error()), t);
            return;
        }
        ObservationView view = ((ToolResult.Ok<ObservationView>) byName).value();
        // The same app, as computer_evidence lists it for an agent that does not know the name yet.
        boolean listed = ((ToolResult.Ok<AppsView>) driver.apps(AGENT)).value().apps().stream()
                .anyMatch(a -> a.pid() == launched.accessiblePid() && a.name().equals(app.atspiName()) && !a.windows().isEmpty());
        record("find", view.app().pid() == launched.accessiblePid() && listed ? "confirmed" : "unknown", null,
                "'" + app.atspiName() + "' is pid " + view.app().pid() + ", window '" + view.window().title() + "'"
                        + (listed ? "; listed with its windows in computer_evidence" : "; not in computer_evidence's apps"), t);
        observe(view, t);
        // Marks first, while every control still reads as it did at launch.
        visual();
        type();
        checkBox();
        risky();
        secure();
    }

    private void observe(ObservationView view, long t) {
        List<String> missing = new ArrayList<>();
        for (Predicate<NodeView> p : new ArrayList<>(List.of(app.textField()))) {
            if (view.nodes().stream().noneMatch(p)) {
                missing.add("text field");
            }
        }
        if (app.checkBox() != null && view.nodes().stream().noneMatch(app.checkBox())) {
            missing.add("check box");
        }
        if (app.risky() != null && view.nodes().stream().noneMatch(n -> app.risky().equals(n.name()))) {
            missing.add(app.risky());
        }
        record("observe", missing.isEmpty() ? "confirmed" : "unknown", null, view.nodes().size()
                + " nodes within the default bounds, omitted " + view.omittedByReason()
                + (missing.isEmpty() ? "" : "; missing " + missing), t);
    }

    private ObservationView fresh() {
        ToolResult<ObservationView> r = driver.observe(AGENT, new ObserveArgs(Long.toString(launched.accessiblePid()),
                null, null, null, null));
        return ((ToolResult.Ok<ObservationView>) r).value();
    }

    private static Optional<NodeView> find(ObservationView view, Predicate<NodeView> p) {
        return view.nodes().stream().filter(p).findFirst();
    }

    private void type() {
        long t = System.nanoTime();
        Optional<NodeView> field = find(fresh(), app.textField());
        if (field.isEmpty()) {
            record("type", "unsupported", null, "no text field in the observation", t);
            return;
        }
        ToolResult<Receipt> r = driver.act(AGENT, ActArgs.type(field.get().ref(), TYPED));
        if (r instanceof ToolResult.Err) {
            record("type", "refused", null, CompatibilityMatrixTest.describe(((ToolResult.Err<?>) r).error()), t);
            return;
        }
        Receipt receipt = ((ToolResult.Ok<Receipt>) r).value();
        // The receipt's read-back, then our own: the field's value as the app reports it now.
        ObservationView after = fresh();
        boolean reads = after.nodes().stream().anyMatch(n -> n.value() != null && n.value().contains(TYPED));
        String outcome = "confirmed".equals(receipt.status()) && reads ? "confirmed" : receipt.status();
        record("type", outcome, receipt.strategy(), receiptDetail(receipt) + (reads ? "; reads back" : "; does not read back"), t);
    }

    private void checkBox() {
        long t = System.nanoTime();
        if (app.checkBox() == null) {
            record("check_box", "unsupported", null, "the app has no check box", t);
            return;
        }
        Optional<NodeView> box = find(fresh(), app.checkBox());
        if (box.isEmpty()) {
            record("check_box", "unknown", null, "no check box in the observation", t);
            return;
        }
        ToolResult<Receipt> r = driver.act(AGENT, ActArgs.click(box.get().ref()));
        if (r instanceof ToolResult.Err) {
            record("check_box", "refused", null, CompatibilityMatrixTest.describe(((ToolResult.Err<?>) r).error()), t);
            return;
        }
        Receipt receipt = ((ToolResult.Ok<Receipt>) r).value();
        record("check_box", receipt.status(), receipt.strategy(), receiptDetail(receipt), t);
    }

    private void risky() {
        long t = System.nanoTime();
        if (app.risky() == null) {
            record("risky_refused", "unsupported", null, "the app has no risky control of its own to test", t);
            return;
        }
        Optional<NodeView> button = find(fresh(), n -> app.risky().equals(n.name()));
        if (button.isEmpty()) {
            record("risky_refused", "unknown", null, "no '" + app.risky() + "' in the observation", t);
            return;
        }
        ToolResult<Receipt> r = driver.act(AGENT, ActArgs.click(button.get().ref()));
        String code = r instanceof ToolResult.Err ? ((ToolResult.Err<?>) r).error().code().name()
                : ((ToolResult.Ok<Receipt>) r).value().code();
        String status = r instanceof ToolResult.Err ? "refused" : ((ToolResult.Ok<Receipt>) r).value().status();
        // The side effect, read from the app itself: its status label still says idle.
        sleepQuietly(300);
        ObservationView after = fresh();
        boolean idle = after.nodes().stream().anyMatch(n -> mentions(n, "Status: idle"));
        boolean deleted = after.nodes().stream().anyMatch(n -> mentions(n, "Status: deleted"));
        boolean refused = "APPROVAL_UNAVAILABLE".equals(code) && idle && !deleted;
        record("risky_refused", refused ? "refused" : status, null, "code " + code + ", status " + status
                + "; the app's status reads " + (deleted ? "'deleted'" : idle ? "'idle'" : "neither"), t);
    }

    private void secure() {
        long t = System.nanoTime();
        if (app.secure() == null) {
            record("secure_refused", "unsupported", null, "the app has no password field", t);
            return;
        }
        Optional<NodeView> field = find(fresh(), app.secure());
        if (field.isEmpty()) {
            record("secure_refused", "unknown", null, "no password field in the observation", t);
            return;
        }
        boolean valueHidden = field.get().secure() && field.get().value() == null;
        ToolResult<Receipt> r = driver.act(AGENT, ActArgs.type(field.get().ref(), "hunter2"));
        if (r instanceof ToolResult.Err) {
            CountersignError e = ((ToolResult.Err<?>) r).error();
            boolean ok = "SECURE_FIELD_REFUSED".equals(e.code().name()) && valueHidden;
            record("secure_refused", ok ? "refused" : "unknown", null, CompatibilityMatrixTest.describe(e)
                    + (valueHidden ? "; its value was never read" : "; its value was in the observation"), t);
            return;
        }
        Receipt receipt = ((ToolResult.Ok<Receipt>) r).value();
        record("secure_refused", receipt.status(), receipt.strategy(), "not refused: " + receiptDetail(receipt), t);
    }

    private void visual() {
        long t = System.nanoTime();
        ObservationView view = fresh();
        ToolResult<VisualObservation> r = driver.visualObserve(AGENT, new VisualArgs.Observe(view.observationId(), null));
        if (r instanceof ToolResult.Err) {
            record("visual_marks", "unsupported", null, CompatibilityMatrixTest.describe(((ToolResult.Err<?>) r).error()), t);
            return;
        }
        VisualObservation v = ((ToolResult.Ok<VisualObservation>) r).value();
        List<NodeView> controls = new ArrayList<>();
        find(view, app.textField()).ifPresent(controls::add);
        if (app.checkBox() != null) {
            find(view, app.checkBox()).ifPresent(controls::add);
        }
        if (app.risky() != null) {
            find(view, n -> app.risky().equals(n.name())).ifPresent(controls::add);
        }
        int[] window = view.window().frame();
        List<String> wrong = new ArrayList<>();
        for (NodeView c : controls) {
            Optional<Mark> mark = CompatibilityMatrixTest.markOf(v, c.ref());
            if (mark.isEmpty()) {
                wrong.add("no mark on " + c.role() + " '" + c.name() + "'");
                continue;
            }
            int[] f = c.frame();
            double cx = mark.get().rect().centerX() / v.scale() + window[0];
            double cy = mark.get().rect().centerY() / v.scale() + window[1];
            if (cx < f[0] - 1 || cx > f[0] + f[2] + 1 || cy < f[1] - 1 || cy > f[1] + f[3] + 1) {
                wrong.add("mark " + mark.get().mark() + " off " + c.role() + " '" + c.name() + "'");
            }
        }
        boolean hiddenMarked = v.marks().stream().anyMatch(m -> {
            NodeView n = view.nodes().get(m.sourceIndex());
            return n.states() != null && n.states().contains("hidden");
        });
        if (hiddenMarked) {
            wrong.add("a mark on a hidden node");
        }
        record("visual_marks", wrong.isEmpty() && !controls.isEmpty() ? "confirmed" : "unknown", null,
                v.marks().size() + " marks; " + controls.size() + " driven controls checked"
                        + (wrong.isEmpty() ? ", each mark inside its control" : ": " + wrong), t);
    }

    private static boolean mentions(NodeView n, String text) {
        return text.equals(n.name()) || n.value() != null && n.value().contains(text);
    }

    private static String receiptDetail(Receipt r) {
        return "status " + r.status() + (r.code() == null ? "" : ", code " + r.code())
                + (r.verification() == null ? "" : ", " + r.verification().outcome() + ": " + r.verification().detail())
                + (r.detail() == null ? "" : "; " + r.detail());
    }

    private void record(String op, String outcome, String route, String detail, long startNanos) {
        ledger.add(new CompatLedger.Row(app.label(), launched.toolkit(), op, outcome, route == null ? "" : route, detail,
                (System.nanoTime() - startNanos) / 1_000_000));
    }

    private static void sleepQuietly(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
