package dev.countersign.driver;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ActionTarget;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.Digests;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.core.WindowFit;
import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.AppSelector;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.PointHit;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.WindowInfo;
import dev.countersign.vision.Annotations;
import dev.countersign.vision.MarkOptions;
import dev.countersign.vision.Png;
import dev.countersign.vision.Point;
import dev.countersign.vision.VisualCapture;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link ForwardedAct}s: the governed graph in front of another runtime's input. Countersign
 * resolves from its own backend what the action lands on — the window on top at the point (or the
 * one with keyboard focus), its app, and every element that may take input at the point
 * ({@link PointTargets}; or the focused element) — and refuses Countersign's own windows, secure
 * fields, covered points and points whose elements the other runtime's rounding leaves ambiguous,
 * before anything is reserved. The policy judges those elements like a local act (a click as the
 * riskiest of them, checked against the application's own hit test), and keys as this desktop
 * presses them; the person sees Countersign's own Set-of-Mark capture with the point drawn. Every
 * check runs again right before the one forwarded call, which is handed the input as judged.
 */
final class ForwardFlow {
    private static final SnapshotLimits WHOLE_WINDOW = new SnapshotLimits(SnapshotLimits.MAX_NODES,
            SnapshotLimits.MAX_DEPTH);

    private final DriverContext ctx;
    private final ApprovalPolicy policy;
    private final Observer observer;
    private final GovernedRun run;

    ForwardFlow(DriverContext ctx, ApprovalPolicy policy, Observer observer, GovernedRun run) {
        this.ctx = ctx;
        this.policy = policy;
        this.observer = observer;
        this.run = run;
    }

    ToolResult<Forwarded> act(String agentId, ForwardedAct given, ApprovalWatch watch) {
        long started = System.nanoTime();
        // Keys are judged, shown and forwarded as this desktop presses them (cmd as Control on Linux).
        ForwardedAct act = given.pressedOn(ctx.backend);
        Resolved t = new Resolved(act);
        Optional<PreGraph.Refusal> refused = PreGraph.firstRefusal(List.of(
                PreGraph.arguments(act::validate),
                // Keys this desktop has no key for are refused here, never approved and then failed.
                PreGraph.check("keys this desktop presses", () -> act.input() instanceof ForwardedAct.Keys keys
                        ? ctx.backend.cannotPress(keys.chord()) : Optional.empty()),
                PreGraph.notPaused(ctx),
                PreGraph.sessionAvailable(ctx),
                PreGraph.check("window at the target", () -> t.window()),
                PreGraph.check("observed", () -> t.observe(agentId)),
                PreGraph.check("element at the target", () -> t.element()),
                // The observation is a whole-window read taken just now (truncated is refused): its
                // secure flags are the live ones; execute reads the window again before dispatch.
                PreGraph.check("not on a secure field", () -> t.secure()),
                // Text typed where no text is taken is keys: checked before the observation is spent.
                PreGraph.check("typed into a text", () -> t.takesText()),
                PreGraph.spend(ctx, () -> t.observation),
                PreGraph.check("point not covered", () -> act.pointer() ? covered(t) : Optional.empty())));
        if (refused.isPresent()) {
            return ToolResult.error(refused.get().error());
        }
        // Text this agent read in another app, typed or pasted here, is shown to the person with its origin.
        Optional<TextOrigins.Found> carried = act.input() instanceof ForwardedAct.Typing typing
                ? ctx.origins.find(agentId, TextOrigins.appOf(t.observation.app), typing.text())
                : act.input() instanceof ForwardedAct.Keys keys ? ctx.origins.paste(agentId, t.observation.app,
                        keys.chord()) : Optional.empty();
        ApprovalRequirement requirement = TextOrigins.require(requirement(act, t), carried);
        if (act.input() instanceof ForwardedAct.Keys keys && !requirement.required()) {
            ctx.origins.copied(agentId, t.observation.app, t.observation.window.title(), keys.chord());
        }
        if (act.input() instanceof ForwardedAct.Typing typing && carried.isEmpty()) {
            ctx.origins.authored(agentId, typing.text());
        }
        long validity = ctx.settings.approvalWindow().toMillis();
        String captureSha = captureSha(t);
        ForwardedRuntime runtime = new ForwardedRuntime(ctx, t.observation, validity, act, this, t);
        try {
            Receipt receipt = run.run(agentId, runtime, requirement, request(agentId, act, t, validity),
                    () -> ApprovalFlow.Ask.local(ctx, agentId, t.observation,
                            describe(act, t) + carried.map(TextOrigins.Found::words).orElse(""),
                            () -> recheck(t), () -> screenshot(t)), started, watch);
            return ToolResult.ok(new Forwarded(receipt, t.words(), captureSha));
        } finally {
            // The act has ended: its spent observation's nodes are needed no more.
            ctx.observations.retire(t.observation);
        }
    }

    /** Everything Countersign resolved for one forwarded act, filled in as the checks pass. */
    final class Resolved {
        final ForwardedAct act;
        ScreenWindows.ScreenWindow screenWindow;
        AppInfo app;
        WindowInfo window;
        Observation observation;
        /**
         * Index of the element the act is judged and named by: for keys the focused element; for a
         * click the riskiest of the elements it may land on ({@link PointTargets}); for other pointer
         * input the deepest element at the point, the window itself when nothing else is there.
         */
        int element = -1;
        /** For pointer input: every element the input may land on at the point. */
        PointTargets targets;
        /** For a click nothing at the point asks for: the application's own hit test there; null when not asked. */
        PointHit hit;

        Resolved(ForwardedAct act) {
            this.act = act;
        }

        List<Point> corners(Rect r) {
            return PointTargets.corners(r);
        }

        List<Point> allCorners() {
            List<Point> all = new ArrayList<>(corners(act.at()));
            if (act.to() != null) {
                all.addAll(corners(act.to()));
            }
            return all;
        }

        Optional<CountersignError> window() {
            Optional<ScreenWindows> windows = ctx.backend.screenWindows();
            if (windows.isEmpty()) {
                return Optional.of(CountersignError.of(ErrorCode.UNSUPPORTED_PLATFORM,
                        "there is no window system to tell where this input would land; it is not forwarded"));
            }
            Optional<ScreenWindows.ScreenWindow> found;
            if (act.pointer()) {
                found = windows.get().windowAt(act.at().x(), act.at().y());
                for (Point p : allCorners()) {
                    Optional<ScreenWindows.ScreenWindow> other = windows.get().windowAt(p.x(), p.y());
                    if (other.isEmpty() || found.isEmpty() || other.get().id() != found.get().id()) {
                        return Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED,
                                act.to() != null && !corners(act.at()).contains(p) ? "to" : "coordinate",
                                "the point (" + p.x() + ", " + p.y() + ") is not on the same window as ("
                                        + act.at().x() + ", " + act.at().y() + "); the governed server's rounding "
                                        + "could land on either"));
                    }
                }
            } else {
                found = windows.get().focusedWindow();
            }
            if (found.isEmpty()) {
                return Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED, act.pointer() ? "coordinate" : "text",
                        act.pointer() ? "no window is on screen at that point"
                                : "no window has keyboard focus; typed text would land nowhere Countersign can judge"));
            }
            screenWindow = found.get();
            if (screenWindow.pid() == ProcessHandle.current().pid()) {
                return Optional.of(CountersignError.of(ErrorCode.TARGET_IS_COUNTERSIGN,
                        "the input would land on Countersign's own window '" + screenWindow.title() + "'"));
            }
            if (screenWindow.pid() <= 0) {
                return Optional.of(CountersignError.of(ErrorCode.TARGET_CHANGED,
                        "the window '" + screenWindow.title() + "' does not say which process owns it; "
                                + "Countersign cannot judge input to it"));
            }
            app = ctx.backend.resolveApp(AppSelector.pid(screenWindow.pid()));
            // The accessibility window that matches the window system's best, not the first that fits
            // inside it: a smaller window of the same app (a dialog, a palette) fits too.
            List<WindowInfo> best = WindowFit.inside(screenWindow.frame(), ctx.backend.listWindows(app), WindowInfo::frame);
            if (best.size() > 1) {
                return Optional.of(CountersignError.of(ErrorCode.TARGET_CHANGED, best.size() + " windows of "
                        + app.name() + " match the window system's '" + screenWindow.title() + "' equally; which one "
                        + "the input lands on cannot be told"));
            }
            window = best.isEmpty() ? null : best.get(0);
            if (window == null) {
                return Optional.of(CountersignError.of(ErrorCode.TARGET_CHANGED, "the accessibility tree of "
                        + app.name() + " shows no window where the window system has '" + screenWindow.title() + "'"));
            }
            return Optional.empty();
        }

        Optional<CountersignError> observe(String agentId) {
            ToolResult<ObservationView> seen = observer.observe(agentId, new ObserveArgs(String.valueOf(app.pid()),
                    ctx.windows.idOf(window.handle()), SnapshotLimits.MAX_NODES, SnapshotLimits.MAX_DEPTH,
                    ObserveArgs.MAX_TTL_MS));
            if (seen instanceof ToolResult.Err<ObservationView> err) {
                return Optional.of(err.error());
            }
            ObservationView view = seen.orThrow();
            ObservationStore.Resolution resolution = ctx.observations.fresh(agentId, view.observationId());
            if (resolution instanceof ObservationStore.Resolution.Found found) {
                observation = found.observation();
            }
            if (observation != null && view.truncated()) {
                return Optional.of(CountersignError.of(ErrorCode.TARGET_CHANGED, "the window '" + window.title()
                        + "' is too large to read whole; what the input lands on cannot be proven"));
            }
            return ActFlow.refusal(resolution);
        }

        Optional<CountersignError> element() {
            if (act.pointer()) {
                targets = PointTargets.at(observation.nodes, act.at().x(), act.at().y());
                element = targets.deepest();
                for (Point p : corners(act.at())) {
                    PointTargets there = PointTargets.at(observation.nodes, p.x(), p.y());
                    if (there.deepest() != element || !there.candidates().equals(targets.candidates())) {
                        return Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED, "coordinate",
                                "the point lies on the edge between two elements; the governed server's rounding "
                                        + "could land on either: aim at the middle of the element"));
                    }
                }
                return Optional.empty();
            }
            for (int i = 0; i < observation.nodes.size(); i++) {
                if (observation.nodes.get(i).hasState("focused")) {
                    element = i;
                }
            }
            if (element < 0) {
                return Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED, "text", "no element of '"
                        + window.title() + "' has keyboard focus; " + act.input().words()
                        + " needs a target: click a field first"));
            }
            return Optional.empty();
        }

        Optional<CountersignError> secure() {
            if (act.pointer()) {
                for (Point p : allCorners()) {
                    Optional<ElementNode> secure = observation.nodes.stream()
                            .filter(n -> n.secure() && n.frame() != null && n.frame().contains(p.x(), p.y())).findFirst();
                    if (secure.isPresent()) {
                        return Optional.of(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, "coordinate",
                                "the point lies on a secure (password) field; Countersign never acts on one"));
                    }
                }
                return Optional.empty();
            }
            return observation.nodes.get(element).secure()
                    ? Optional.of(CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, "text",
                            "keyboard focus is on a secure (password) field; Countersign never types or sends keys into one"))
                    : Optional.empty();
        }

        ElementNode node() {
            return element < 0 ? null : observation.nodes.get(element);
        }

        /**
         * Keyboard text reaches whatever has focus as key presses: only an editable text (or a
         * terminal, whose line runs only on Return) takes it as text. On a button a space presses
         * it, on a web app or an editor in normal mode a letter runs a command; those are keys, and
         * the server's {@code key} action is judged as keys, so {@code type} there is refused, as
         * the local {@code type} refuses a target that takes no text.
         */
        Optional<CountersignError> takesText() {
            ElementNode focused = node();
            if (!(act.input() instanceof ForwardedAct.Typing) || focused == null
                    || ClickSemantics.editable(focused) || TerminalText.is(focused)) {
                return Optional.empty();
            }
            return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "text",
                    "keyboard focus is on a " + focused.role() + ", which takes no text: typed characters there act "
                            + "as keys (a space presses a button, a letter runs a shortcut); focus a text field first, "
                            + "or send each key with the key action"));
        }

        String ref() {
            return observation.refOf(element);
        }

        String words() {
            ElementNode n = node();
            String what = n == null || n.parent() < 0 ? "no accessible element (coordinates only)" : Describe.named(n);
            return what + " in " + app.name() + " \u2014 window \u2018" + window.title() + "\u2019";
        }

    }

    private Optional<CountersignError> covered(Resolved t) {
        return PointCover.checkAll(ctx.backend, t.observation, t.corners(t.act.at()),
                t.act.to() == null ? null : new Point(t.act.to().centerX(), t.act.to().centerY()));
    }

    /**
     * Right before dispatch (and after the person decided): the same window, unchanged; for
     * pointer input the same element at the point, no secure field, nothing covering it; for keys
     * the same element still holding keyboard focus in the window that has it.
     */
    Optional<CountersignError> recheck(Resolved t) {
        Optional<CountersignError> place = IdentityCheck.appAndWindow(ctx.backend, t.observation);
        if (place.isPresent()) {
            return place;
        }
        Rect frame = ctx.backend.listWindows(t.observation.app).stream()
                .filter(w -> w.handle().equals(t.observation.window.handle())).findFirst().map(WindowInfo::frame)
                .orElse(null);
        if (!t.observation.window.frame().equals(frame)) {
            return Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED, "window",
                    "the window moved or changed size since Countersign resolved the target"));
        }
        var live = ctx.backend.snapshot(t.observation.app, t.observation.window, WHOLE_WINDOW);
        if (t.act.pointer()) {
            if (!t.targets.sameIn(t.observation.nodes, live.nodes(), t.act.at().x(), t.act.at().y())) {
                return Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED, "coordinate",
                        "a different element is at the point now"));
            }
            // Any pixel the act may land on: on a secure element of the live window, it is refused.
            Optional<CountersignError> secure = SecureProbe.anyOf(t.allCorners(), live, "coordinate");
            if (secure.isPresent()) {
                return secure;
            }
            Optional<CountersignError> cover = covered(t);
            if (cover.isPresent() || t.hit == null) {
                return cover;
            }
            PointHit again = t.targets.hitTest(ctx.backend, t.observation.nodes, t.act.at());
            return again.equals(t.hit) ? Optional.empty() : Optional.of(CountersignError.onField(
                    ErrorCode.TARGET_CHANGED, "coordinate", "the application's own hit test finds " + again.found()
                            + " at the point now, not " + t.hit.found()));
        }
        Optional<ScreenWindows.ScreenWindow> focused = ctx.backend.screenWindows().flatMap(ScreenWindows::focusedWindow);
        if (focused.isEmpty() || focused.get().id() != t.screenWindow.id()) {
            return Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED, "text",
                    "keyboard focus moved to another window since Countersign resolved the target"));
        }
        ElementNode seen = t.node();
        Optional<ElementNode> still = live.nodes().stream().filter(n -> n.hasState("focused")).reduce((a, b) -> b);
        if (still.isEmpty() || still.get().secure() || IdentityCheck.differingField(seen, still.get()).isPresent()) {
            return Optional.of(CountersignError.onField(still.isPresent() && still.get().secure()
                    ? ErrorCode.SECURE_FIELD_REFUSED : ErrorCode.TARGET_CHANGED, "text",
                    "keyboard focus is no longer on the element Countersign resolved"));
        }
        return Optional.empty();
    }

    private ApprovalRequirement requirement(ForwardedAct act, Resolved t) {
        ElementNode node = t.node();
        String ref = t.ref();
        String obs = t.observation.id;
        if (act.input() instanceof ForwardedAct.Typing typing) {
            // Keystrokes go in at the caret: an insert, which erases nothing of the field's text.
            return node == null || ref == null ? policy.requirementForVisual(new VisualArgs.Act.Click(obs, null, null))
                    : policy.requirementFor(ActArgs.insert(ref, typing.text()), node);
        }
        if (act.input() instanceof ForwardedAct.Keys keys) {
            return policy.requirementFor(new KeyArgs(ref, keys.chord(), null), node);
        }
        ForwardedAct.Pointer pointer = (ForwardedAct.Pointer) act.input();
        return switch (pointer.gesture()) {
            case CLICK, DOUBLE_CLICK -> {
                PointTargets.Judged judged = t.targets.judge(policy, ctx.backend, t.observation, act.at(),
                        pointer.gesture() == ForwardedAct.Gesture.DOUBLE_CLICK);
                t.element = judged.element() >= 0 ? judged.element() : t.element;
                t.hit = judged.hit();
                yield judged.requirement();
            }
            case DRAG -> policy.requirementForVisual(new VisualArgs.Act.Drag(obs, null, null, null));
            case SCROLL -> policy.requirementForVisual(new VisualArgs.Act.Scroll(obs, null, null, pointer.scroll(), null));
            // Right and middle clicks open menus and paste: coordinates only, the person decides.
            case SECONDARY_CLICK, MIDDLE_CLICK -> policy.requirementForVisual(new VisualArgs.Act.Click(obs, null, null));
        };
    }

    private String captureSha(Resolved t) {
        try {
            VisualCapture.Result result = Screenshots.capture(ctx, t.observation, MarkOptions.defaults(), null);
            return result instanceof VisualCapture.Delivered d ? d.captureSha256() : null;
        } catch (CountersignException e) {
            return null;
        }
    }

    private byte[] screenshot(Resolved t) {
        try {
            String ref = t.element >= 0 && t.node().parent() >= 0 ? t.ref() : null;
            MarkOptions options = ref == null ? MarkOptions.defaults() : MarkOptions.defaults().highlight(ref);
            VisualCapture.Result result = Screenshots.capture(ctx, t.observation, options, null);
            if (!(result instanceof VisualCapture.Delivered delivered)) {
                return null;
            }
            if (!t.act.pointer()) {
                return delivered.png().bytes();
            }
            BufferedImage image = Annotations.copy(delivered.image());
            Optional<Point> p = delivered.geometry().toAttachment(t.act.at().centerX(), t.act.at().centerY());
            Optional<Point> to = t.act.to() == null ? Optional.empty()
                    : delivered.geometry().toAttachment(t.act.to().centerX(), t.act.to().centerY());
            if (p.isPresent() && to.isPresent()) {
                Annotations.drawDragArrow(image, p.get(), to.get());
            } else if (p.isPresent()) {
                Annotations.drawPoint(image, p.get());
            }
            return Png.encode(image);
        } catch (CountersignException e) {
            return null;
        }
    }

    private static String describe(ForwardedAct act, Resolved t) {
        return Describe.forwarded(act, t.words(), t.targets, t.hit, t.observation.nodes);
    }

    private ActionRequest request(String agentId, ForwardedAct act, Resolved t, long validityMs) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("op", act.operation());
        arguments.put("server", act.server());
        if (act.at() != null) {
            arguments.put("at", List.of(act.at().x(), act.at().y(), act.at().width(), act.at().height()));
        }
        if (act.to() != null) {
            arguments.put("to", List.of(act.to().x(), act.to().y(), act.to().width(), act.to().height()));
        }
        String text = act.input() instanceof ForwardedAct.Typing typing ? typing.text()
                : act.input() instanceof ForwardedAct.Pointer pointer ? pointer.scroll() : null;
        if (text != null) {
            // The digest binds the text (or a scroll's direction) without keeping it in the envelope.
            arguments.put("text_sha256", Digests.sha256Hex(text));
        }
        if (act.input() instanceof ForwardedAct.Keys keys) {
            arguments.put("keys", keys.chord());
        }
        String appId = t.observation.app.bundle().orElse(t.observation.app.name());
        return new ActionRequest(ctx.settings.sessionId(), ctx.settings.principalId(), agentId, null, act.tool(),
                act.operation(), "mutate", "foreground", arguments, new ActionTarget(appId, t.observation.windowId, null),
                null, t.observation.view.fingerprint(), validityMs);
    }
}
