package dev.countersign.app;

import dev.countersign.core.Json;
import dev.countersign.driver.AppsView;
import dev.countersign.driver.NodeView;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.VisualObservation;
import dev.countersign.server.Results;
import dev.countersign.vision.Mark;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * One app's row of the compatibility matrix: each operation run by an agent over MCP through the
 * served app (so the production wrappers, the endpoint's checks and the governed driver are all in
 * the path), its outcome as the receipt or refusal says, confirmed only by what the app reads back.
 */
final class MatrixRun {
    private static final String TYPED = "Ada Lovelace 1815";
    /** Reads the wire form back into the driver's records: absent defaults (false, 0) are left out on the wire. */
    private static final com.fasterxml.jackson.databind.ObjectMapper LENIENT = Json.mapper().copy()
            .disable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final CompatibilityMatrixTest.App app;
    private final CompatibilityMatrixTest.Launched launched;
    private final CompatLedger ledger;
    private final McpSyncClient agent;

    MatrixRun(CompatibilityMatrixTest.App app, CompatibilityMatrixTest.Launched launched, McpSyncClient agent,
              CompatLedger ledger) {
        this.app = app;
        this.launched = launched;
        this.ledger = ledger;
        this.agent = agent;
    }

    /**
     * One tool call's answer: its body, and whether it was an error. A rejected or failed receipt is
     * an error whose body carries the receipt ({@code receipt}); a refusal carries none.
     */
    private record Answer(Map<String, Object> body, boolean error) {
        boolean refused() {
            return error && !body.containsKey("receipt");
        }

        @SuppressWarnings("unchecked")
        Receipt receipt() {
            Object nested = body.get("receipt");
            return LENIENT.convertValue(nested != null ? (Map<String, Object>) nested : body, Receipt.class);
        }

        String describe() {
            return body.get("code") + ": " + body.get("message");
        }

        <T> T as(Class<T> type) {
            return LENIENT.convertValue(body, type);
        }
    }

    private Answer call(String tool, Map<String, Object> args) {
        McpSchema.CallToolResult r = agent.callTool(new McpSchema.CallToolRequest(tool, args));
        return new Answer(Results.body(r), Boolean.TRUE.equals(r.isError()));
    }

    void run() throws InterruptedException {
        long t = System.nanoTime();
        Answer byName = call("computer_observe", Map.of("app", app.atspiName()));
        if (byName.error()) {
            record("find", "unsupported", null, byName.describe(), t);
            return;
        }
        ObservationView view = byName.as(ObservationView.class);
        // The same app, as computer_observe lists it for an agent that does not know the name yet.
        Answer listing = call("computer_observe", Map.of());
        boolean listed = !listing.error() && listing.as(AppsView.class).apps().stream()
                .anyMatch(a -> a.pid() == launched.accessiblePid() && a.name().equals(app.atspiName())
                        && !a.windows().isEmpty());
        record("find", view.app().pid() == launched.accessiblePid() && listed ? "confirmed" : "unknown", null,
                "'" + app.atspiName() + "' is pid " + view.app().pid() + ", window '" + view.window().title() + "'"
                        + (listed ? "; listed with its windows by computer_observe without app"
                                : "; not in computer_observe's listing"), t);
        observe(view, t);
        // Marks first, while every control still reads as it did at launch.
        visual();
        // Before typing, while the element that shows the effect still reads as at launch.
        declaredEffect();
        keys();
        menuClick();
        type();
        checkBox();
        namedField();
        comboBox();
        risky();
        secure();
    }

    /**
     * Escape, sent to the element the app is driven at (its text field, or its window):
     * keys must reach the app's own window even where it never says which of its elements has
     * focus (GTK 2's gail, Qt's item views), and Escape changes nothing there.
     */
    private void keys() {
        long t = System.nanoTime();
        ObservationView view = fresh();
        // Without a text field, the keys go to the window itself, as a person's keys go to the window they look at.
        Optional<NodeView> target = app.textField() != null ? find(view, app.shows())
                : view.nodes().isEmpty() ? Optional.empty() : Optional.of(view.nodes().get(0));
        if (target.isEmpty()) {
            record("keys", "unknown", null, "no element to send keys to in the observation", t);
            return;
        }
        Answer r = act(Map.of("ref", target.get().ref(), "op", "key", "keys", "Escape"));
        if (r.refused()) {
            record("keys", "refused", null, "Escape on " + target.get().role() + ": " + r.describe(), t);
            return;
        }
        Receipt receipt = r.receipt();
        record("keys", "rejected".equals(receipt.status()) ? "refused" : "confirmed".equals(receipt.status())
                || "unknown".equals(receipt.status()) && receipt.code() == null ? "sent" : receipt.status(),
                receipt.strategy(), "Escape on " + target.get().role() + " '" + target.get().name() + "': "
                        + receiptDetail(receipt), t);
    }

    /**
     * A click on the first item of the window's menu bar ("File", "Media") opens its menu, asking
     * nobody: its items then show in the app's windows. Escape closes it again. The menus are how
     * GTK 2 (gail) and Qt apps are mostly driven, and where their clicks differ.
     */
    private void menuClick() {
        long t = System.nanoTime();
        ObservationView view = fresh();
        Optional<NodeView> bar = find(view, n -> "menu bar".equals(n.role()));
        if (bar.isEmpty()) {
            record("menu_click", "unsupported", null, "no menu bar in the observed window", t);
            return;
        }
        int barIndex = view.nodes().indexOf(bar.get());
        Optional<NodeView> first = find(view, n -> n.parent() != null && n.parent() == barIndex && n.name() != null
                && !n.name().isBlank());
        if (first.isEmpty()) {
            record("menu_click", "unknown", null, "the menu bar shows no named item", t);
            return;
        }
        Answer r = act(Map.of("ref", first.get().ref(), "op", "click"));
        if (r.refused() || r.error()) {
            record("menu_click", r.refused() ? "refused" : "unknown", null, "click '" + first.get().name() + "': "
                    + r.describe(), t);
            return;
        }
        Receipt receipt = r.receipt();
        boolean open = false;
        for (int i = 0; i < 12 && !open; i++) {
            sleepQuietly(250);
            open = openMenuShows();
        }
        record("menu_click", open ? "confirmed" : "unknown", receipt.strategy(), "click '" + first.get().name()
                + "': " + receiptDetail(receipt) + (open ? "; its menu's items show" : "; no open menu shows"), t);
        // Closed again the way a person closes it, so the rows after this one start from the window.
        Optional<NodeView> window = Optional.ofNullable(fresh().nodes()).filter(l -> !l.isEmpty()).map(l -> l.get(0));
        window.ifPresent(w -> act(Map.of("ref", w.ref(), "op", "key", "keys", "Escape")));
        sleepQuietly(300);
    }

    /** Whether any window of the app shows a menu item now (an open menu), as computer_observe lists and reads them. */
    private boolean openMenuShows() {
        Answer listing = call("computer_observe", Map.of());
        if (listing.error()) {
            return false;
        }
        for (AppsView.App a : listing.as(AppsView.class).apps()) {
            if (a.pid() != launched.accessiblePid()) {
                continue;
            }
            for (AppsView.Window w : a.windows()) {
                Answer seen = call("computer_observe", Map.of("app", Long.toString(a.pid()), "window", w.id()));
                if (!seen.error() && seen.as(ObservationView.class).nodes().stream()
                        .anyMatch(n -> n.role().endsWith("menu item") && n.states() != null
                                && !n.states().contains("hidden"))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The four local forms carry a text field ("City", reading "Lisbon") named only by the label beside it. */
    private void namedField() {
        long t = System.nanoTime();
        if (!app.form()) {
            record("named_field", "unsupported", null, "the app's row has no field named only by a label", t);
            return;
        }
        ObservationView view = fresh();
        Optional<NodeView> city = find(view, n -> "Lisbon".equals(n.value()) && !"combo box".equals(n.role()));
        if (city.isEmpty()) {
            record("named_field", "unknown", null, "no field reading 'Lisbon' in the observation", t);
            return;
        }
        boolean named = "City".equals(city.get().name());
        record("named_field", named ? "confirmed" : "unknown", null, city.get().role() + " reading 'Lisbon' is named '"
                + city.get().name() + "'" + (named ? " by its label" : ", not by its label 'City'"), t);
    }

    private static final java.util.Set<String> ITEM_ROLES = java.util.Set.of("menu item", "list item", "option",
            "table cell", "check menu item", "radio menu item");

    /**
     * The four local forms carry a drop-down ("Colour", showing Green): it must be named by its
     * label and report its item, a click must open its list asking nobody, and a click on "Blue"
     * there must pick it, read back from the drop-down.
     */
    private void comboBox() {
        long t = System.nanoTime();
        if (!app.form()) {
            record("combo_box", "unsupported", null, "the app's row has no drop-down", t);
            return;
        }
        Predicate<NodeView> colour = n -> "combo box".equals(n.role()) && "Colour".equals(n.name());
        Optional<NodeView> box = find(fresh(), colour);
        if (box.isEmpty()) {
            record("combo_box", "unknown", null, "no combo box named 'Colour' in the observation", t);
            return;
        }
        String shown = "reports '" + box.get().value() + "'";
        if (!"Green".equals(box.get().value())) {
            record("combo_box", "unknown", null, "the drop-down " + shown + ", not 'Green'", t);
            return;
        }
        Answer opened = act(Map.of("ref", box.get().ref(), "op", "click"));
        if (opened.refused() || opened.error()) {
            record("combo_box", "unknown", null, shown + "; its click: " + opened.describe(), t);
            return;
        }
        Optional<NodeView> blue = Optional.empty();
        for (int i = 0; i < 20 && blue.isEmpty(); i++) {
            sleepQuietly(250);
            blue = find(fresh(), n -> ITEM_ROLES.contains(n.role()) && "Blue".equals(n.name()));
        }
        if (blue.isEmpty()) {
            record("combo_box", "unknown", opened.receipt().strategy(), shown + "; its click ("
                    + receiptDetail(opened.receipt()) + ") showed no item 'Blue'", t);
            return;
        }
        Answer picked = act(Map.of("ref", blue.get().ref(), "op", "click"));
        if (picked.refused() || picked.error()) {
            record("combo_box", "unknown", opened.receipt().strategy(), shown + "; the list opened, and the click on "
                    + "its item was refused: " + picked.describe(), t);
            return;
        }
        Optional<NodeView> after = Optional.empty();
        for (int i = 0; i < 20 && !after.map(n -> "Blue".equals(n.value())).orElse(false); i++) {
            sleepQuietly(250);
            after = find(fresh(), colour);
        }
        boolean reads = after.map(n -> "Blue".equals(n.value())).orElse(false);
        record("combo_box", reads ? "confirmed" : "unknown", opened.receipt().strategy(), shown
                + "; a click opened its list and a click on 'Blue' (" + picked.receipt().strategy() + ") "
                + (reads ? "picked it: it reads 'Blue'" : "left it reading " + after.map(NodeView::value).orElse(null)),
                t);
    }

    private void observe(ObservationView view, long t) {
        List<String> missing = new ArrayList<>();
        if (app.textField() != null && view.nodes().stream().noneMatch(app.textField())) {
            missing.add("text field");
        }
        if (view.nodes().stream().noneMatch(app.shows())) {
            missing.add("the element that shows it is up");
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
        Answer a = call("computer_observe", Map.of("app", Long.toString(launched.accessiblePid())));
        if (a.error()) {
            throw new AssertionError(app.label() + ": observe failed: " + a.describe());
        }
        return a.as(ObservationView.class);
    }

    private static Optional<NodeView> find(ObservationView view, Predicate<NodeView> p) {
        return view.nodes().stream().filter(p).findFirst();
    }

    private Answer act(Map<String, Object> args) {
        return call("computer_act", args);
    }

    private void type() {
        long t = System.nanoTime();
        if (app.textField() == null) {
            record("type", "unsupported", null, "the app's row has no text field", t);
            return;
        }
        Optional<NodeView> field = find(fresh(), app.textField());
        if (field.isEmpty()) {
            record("type", "unsupported", null, "no text field in the observation", t);
            return;
        }
        Answer r = act(Map.of("ref", field.get().ref(), "op", "type", "text", TYPED));
        if (r.refused()) {
            record("type", "refused", null, r.describe(), t);
            return;
        }
        Receipt receipt = r.receipt();
        // The receipt's read-back, then our own: the field's value as the app reports it now.
        ObservationView after = fresh();
        boolean reads = after.nodes().stream().anyMatch(n -> n.value() != null && n.value().contains(TYPED));
        String outcome = "confirmed".equals(receipt.status()) && reads ? "confirmed" : receipt.status();
        // What the field holds instead (our own test text, never a secret), to tell a slow app from a lost key.
        String instead = reads ? "" : find(after, app.textField()).map(n -> " (it reads '" + n.value() + "')").orElse("");
        record("type", outcome, receipt.strategy(), receiptDetail(receipt)
                + (reads ? "; reads back" : "; does not read back" + instead), t);
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
        Answer r = act(Map.of("ref", box.get().ref(), "op", "click"));
        if (r.refused()) {
            record("check_box", "refused", null, r.describe(), t);
            return;
        }
        Receipt receipt = r.receipt();
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
        Answer r = act(Map.of("ref", button.get().ref(), "op", "click"));
        String code = r.refused() ? String.valueOf(r.body().get("code")) : r.receipt().code();
        String status = r.refused() ? "refused" : r.receipt().status();
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
        Answer r = act(Map.of("ref", field.get().ref(), "op", "type", "text", "hunter2"));
        if (r.refused()) {
            boolean ok = "SECURE_FIELD_REFUSED".equals(r.body().get("code")) && valueHidden;
            record("secure_refused", ok ? "refused" : "unknown", null, r.describe()
                    + (valueHidden ? "; its value was never read" : "; its value was in the observation"), t);
            return;
        }
        Receipt receipt = r.receipt();
        record("secure_refused", receipt.status(), receipt.strategy(), "not refused: " + receiptDetail(receipt), t);
    }

    /** A click whose effect shows on another element, declared as its postcondition (a calculator's key). */
    private void declaredEffect() {
        long t = System.nanoTime();
        CompatibilityMatrixTest.Effect effect = app.effect();
        if (effect == null) {
            record("declared_effect", "unsupported", null, "no control in this app's row shows its effect elsewhere", t);
            return;
        }
        ObservationView view = fresh();
        Optional<NodeView> button = find(view, n -> "push button".equals(n.role()) && effect.button().equals(n.name()));
        Optional<NodeView> shows = find(view, effect.shows());
        if (button.isEmpty() || shows.isEmpty()) {
            record("declared_effect", "unknown", null, "no '" + effect.button() + "' or no element showing it", t);
            return;
        }
        Map<String, Object> post = new LinkedHashMap<>();
        post.put("kind", "ui_element");
        post.put("ref", shows.get().ref());
        post.put("equals", effect.reads());
        Answer r = act(Map.of("ref", button.get().ref(), "op", "click", "postcondition", post));
        if (r.refused()) {
            record("declared_effect", "refused", null, r.describe(), t);
            return;
        }
        Receipt receipt = r.receipt();
        // Our own read-back, beside the receipt's: the declared element as the app reports it now.
        boolean reads = find(fresh(), effect.shows()).map(n -> effect.reads().equals(n.value())).orElse(false);
        String outcome = "confirmed".equals(receipt.status()) && reads ? "confirmed" : receipt.status();
        record("declared_effect", outcome, receipt.strategy(), "click '" + effect.button() + "' declaring the "
                + shows.get().role() + ": " + receiptDetail(receipt) + ", verify_ms "
                + receipt.timings().get("verify_ms") + (reads ? "; reads back" : "; does not read back"), t);
    }

    private void visual() {
        long t = System.nanoTime();
        ObservationView view = fresh();
        Answer r = call("computer_visual_observe", Map.of("observation_id", view.observationId()));
        if (r.error()) {
            record("visual_marks", "unsupported", null, r.describe(), t);
            return;
        }
        VisualObservation v = r.as(VisualObservation.class);
        List<NodeView> controls = new ArrayList<>();
        find(view, app.shows()).ifPresent(controls::add);
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
