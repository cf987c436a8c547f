package dev.countersign.driver;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.core.ActionRequest;
import dev.countersign.core.ActionTarget;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.PointHit;
import dev.countersign.vision.Annotations;
import dev.countersign.vision.Geometry;
import dev.countersign.vision.MarkOptions;
import dev.countersign.vision.Png;
import dev.countersign.vision.Point;
import dev.countersign.vision.VisualCapture;
import java.awt.image.BufferedImage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code computer_visual_observe} and {@code computer_visual_act}: the window as a picture with
 * numbered marks, and the governed coordinate fallback for controls the tree does not expose.
 */
final class VisualFlow {
    /** Captures remembered per observation; older hashes stop being actionable. */
    static final int CAPTURES_PER_OBSERVATION = 8;

    private final DriverContext ctx;
    private final ApprovalPolicy policy;
    private final GovernedRun run;

    VisualFlow(DriverContext ctx, ApprovalPolicy policy, GovernedRun run) {
        this.ctx = ctx;
        this.policy = policy;
        this.run = run;
    }

    ToolResult<VisualObservation> observe(String agentId, VisualArgs.Observe args) {
        Optional<CountersignError> invalid = args.validate();
        if (invalid.isPresent()) {
            return ToolResult.error(invalid.get());
        }
        ObservationStore.Resolution resolution = ctx.observations.fresh(agentId, args.observationId());
        if (resolution instanceof ObservationStore.Resolution.Refused refused) {
            return ToolResult.error(refused.error());
        }
        Optional<CountersignError> session = ctx.sessionProblem();
        if (session.isPresent()) {
            return ToolResult.error(session.get());
        }
        Observation observation = ((ObservationStore.Resolution.Found) resolution).observation();
        String stale = windowChange(observation).map(e -> e.message()).orElse(null);
        VisualCapture.Result result = Screenshots.capture(ctx, observation, MarkOptions.defaults().maxMarks(args.marks()),
                stale);
        if (result instanceof VisualCapture.Refused refused) {
            return ToolResult.error(refused.verdict().error());
        }
        VisualCapture.Delivered delivered = (VisualCapture.Delivered) result;
        remember(observation, delivered);
        Geometry g = delivered.geometry();
        return ToolResult.ok(new VisualObservation(delivered.png().bytes(), observation.id, delivered.captureSha256(),
                new int[] {g.nativeWidth(), g.nativeHeight()}, new int[] {g.attachmentWidth(), g.attachmentHeight()},
                g.scale(), delivered.marks(), delivered.omitted(), delivered.classification()));
    }

    ToolResult<Receipt> act(String agentId, VisualArgs.Act args, ApprovalWatch watch) {
        long started = System.nanoTime();
        Located t = new Located();
        Optional<PreGraph.Refusal> refused = PreGraph.firstRefusal(List.of(
                PreGraph.arguments(args::validate),
                PreGraph.notPaused(ctx),
                PreGraph.check("fresh observation", () -> t.resolve(ctx.observations.fresh(agentId,
                        args.observationId()))),
                PreGraph.check("delivered capture", () -> t.locate(args)),
                PreGraph.check("not on a secure field", () -> secureAt(t.observation, t.point)
                        .map(n -> "point").or(() -> t.to == null ? Optional.empty()
                                : secureAt(t.observation, t.to).map(n -> "to"))
                        .map(field -> CountersignError.onField(ErrorCode.SECURE_FIELD_REFUSED, field,
                                "the point lies on a secure (password) field; Countersign never acts on one"))),
                PreGraph.sessionAvailable(ctx),
                PreGraph.check("not on a live secure field", () -> SecureProbe.at(ctx, t.observation, t.point, t.to)),
                PreGraph.spend(ctx, () -> t.observation),
                PreGraph.check("same window", () -> windowChange(t.observation, t.geometry)),
                // Hole 5: the window on top at the point is the observed one (nothing raised over it).
                PreGraph.check("point not covered", () -> PointCover.check(ctx.backend, t.observation, t.point,
                        t.to))));
        if (refused.isPresent()) {
            return ToolResult.error(refused.get().error());
        }
        Observation observation = t.observation;
        Geometry geometry = t.geometry;
        // A click is judged by the elements at its point, as a click on them would be ({@link PointTargets});
        // a drag or a wheel, and a point on no element, by coordinates only.
        PointTargets targets = args instanceof VisualArgs.Act.Click
                ? PointTargets.at(observation.nodes, t.point.x(), t.point.y()) : null;
        PointTargets.Judged judged = targets == null ? null
                : targets.judge(policy, ctx.backend, observation, new Rect(t.point.x(), t.point.y(), 1, 1), false);
        ApprovalRequirement requirement = judged == null ? policy.requirementForVisual(args) : judged.requirement();
        long validity = ctx.settings.approvalWindow().toMillis();
        VisualActRuntime runtime = new VisualActRuntime(ctx, observation, geometry, args, t.point, t.to, validity, this,
                targets, judged == null ? null : judged.hit());
        try {
            Receipt receipt = run.run(agentId, runtime, requirement,
                    request(agentId, args, observation, t.point, t.to, validity),
                    () -> ApprovalFlow.Ask.local(ctx, agentId, observation, describe(args, observation, judged),
                            () -> windowChange(observation, geometry)
                                    .or(() -> PointCover.check(ctx.backend, observation, t.point, t.to)),
                            () -> screenshotWithPoint(observation, geometry, args)), started, watch);
            return ToolResult.ok(receipt);
        } finally {
            // The act has ended: its spent observation's nodes are needed no more.
            ctx.observations.retire(observation);
        }
    }

    /** What the checks found, filled in as they pass: the observation, its capture geometry, the points. */
    private static final class Located {
        Observation observation;
        Geometry geometry;
        Point point;
        Point to;

        Optional<CountersignError> resolve(ObservationStore.Resolution resolution) {
            if (resolution instanceof ObservationStore.Resolution.Found found) {
                observation = found.observation();
            }
            return ActFlow.refusal(resolution);
        }

        Optional<CountersignError> locate(VisualArgs.Act args) {
            geometry = observation.captures.get(args.captureSha256());
            if (geometry == null) {
                return Optional.of(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "capture_sha256",
                        "no capture with this hash was delivered for this observation"));
            }
            // Attachment pixels become screen points only through the geometry stored for this hash.
            point = geometry.toScreen("point", args.point().x(), args.point().y());
            to = args.to() == null ? null : geometry.toScreen("to", args.to().x(), args.to().y());
            return Optional.empty();
        }
    }

    private void remember(Observation observation, VisualCapture.Delivered delivered) {
        if (observation.captures.size() >= CAPTURES_PER_OBSERVATION) {
            observation.captures.clear();
        }
        observation.captures.put(delivered.captureSha256(), delivered.geometry());
    }

    /** The window moved, resized, closed, or its app restarted since it was observed. */
    private Optional<CountersignError> windowChange(Observation observation) {
        return windowChange(observation, observation.window.frame());
    }

    Optional<CountersignError> windowChange(Observation observation, Geometry geometry) {
        return windowChange(observation, geometry.window());
    }

    private Optional<CountersignError> windowChange(Observation observation, Rect expectedFrame) {
        Optional<CountersignError> window = IdentityCheck.appAndWindow(ctx.backend, observation);
        if (window.isPresent()) {
            return window;
        }
        Rect now = ctx.backend.listWindows(observation.app).stream()
                .filter(w -> w.handle().equals(observation.window.handle())).findFirst()
                .map(w -> w.frame()).orElse(null);
        return expectedFrame.equals(now) ? Optional.empty()
                : Optional.of(CountersignError.onField(ErrorCode.TARGET_CHANGED, "window",
                        "the window moved or changed size since it was captured"));
    }

    private static Optional<ElementNode> secureAt(Observation observation, Point p) {
        return observation.nodes.stream()
                .filter(n -> n.secure() && n.frame() != null && n.frame().contains(p.x(), p.y()))
                .findFirst();
    }

    private byte[] screenshotWithPoint(Observation observation, Geometry geometry, VisualArgs.Act args) {
        VisualCapture.Result result;
        try {
            result = Screenshots.capture(ctx, observation, MarkOptions.defaults(), null);
        } catch (CountersignException e) {
            // The person still sees the action in words; no picture is better than no dialog.
            return null;
        }
        if (!(result instanceof VisualCapture.Delivered delivered)) {
            return null;
        }
        BufferedImage image = Annotations.copy(delivered.image());
        Point p = new Point(args.point().x(), args.point().y());
        if (args.to() == null) {
            Annotations.drawPoint(image, p);
        } else {
            Annotations.drawDragArrow(image, p, new Point(args.to().x(), args.to().y()));
        }
        return Png.encode(image);
    }

    /**
     * The act in words: a click on an element names it ("Click at a point on radio button ‘All’"),
     * with what the application's own hit test found where that differs; else coordinates only.
     */
    private static String describe(VisualArgs.Act args, Observation observation, PointTargets.Judged judged) {
        String where = " in " + observation.app.name() + " \u2014 window \u2018" + observation.window.title() + "\u2019";
        if (judged == null || judged.element() < 0 || observation.nodes.get(judged.element()).parent() < 0) {
            return args.words() + where + " (no accessible element: coordinates only)";
        }
        String words = args.words() + " on " + Describe.named(observation.nodes.get(judged.element())) + where;
        PointHit hit = judged.hit();
        return hit == null || hit.onElement() ? words
                : words + " \u2014 the application's own hit test finds " + hit.found() + " there";
    }

    private ActionRequest request(String agentId, VisualArgs.Act args, Observation observation, Point point, Point to,
            long validityMs) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("op", args.op());
        arguments.put("capture_sha256", args.captureSha256());
        arguments.put("point", Map.of("x", point.x(), "y", point.y()));
        if (to != null) {
            arguments.put("to", Map.of("x", to.x(), "y", to.y()));
        }
        arguments.putAll(args.boundArguments());
        String appId = observation.app.bundle().orElse(observation.app.name());
        return new ActionRequest(ctx.settings.sessionId(), ctx.settings.principalId(), agentId, null,
                "computer_visual_act", args.op(), "mutate", "foreground", arguments,
                new ActionTarget(appId, observation.windowId, null), null, observation.view.fingerprint(), validityMs);
    }
}
