package dev.countersign.driver;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.Digests;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Timestamps;
import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.AppListing;
import dev.countersign.desktop.AppSelector;
import dev.countersign.desktop.ElementHandle;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.desktop.WindowInfo;
import dev.countersign.policy.ScreenRedactor;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** {@code computer_observe}: reads one window's bounded tree and stores it behind fresh refs. */
final class Observer {
    private static final Pattern PID = Pattern.compile("[1-9][0-9]{0,9}");
    /** {@code "ref":"",} around each ref. */
    private static final int REF_SYNTAX_BYTES = 9;
    /** The view's fields outside the fingerprint: its id, fingerprint, expiry, truncation and counts. */
    private static final int HEADER_BYTES = 220;

    private final DriverContext ctx;
    private final ApprovalPolicy policy;

    Observer(DriverContext ctx, ApprovalPolicy policy) {
        this.ctx = ctx;
        this.policy = policy;
    }

    ToolResult<ObservationView> observe(String agentId, ObserveArgs args) {
        var invalid = args.validate();
        if (invalid.isPresent()) {
            return ToolResult.error(invalid.get());
        }
        // The session's answer decides first (a locked one refuses whatever the resolve found);
        // the backend may send the resolve's reads while that answer is on its way.
        AppListing target = ctx.backend.resolveForObservation(selector(args.app()), ctx::sessionProblem);
        AppInfo app = target.app();
        WindowInfo window = window(app, target.windows(), args.window());
        TreeSnapshot snapshot = ctx.backend.snapshot(app, window, new SnapshotLimits(args.nodes(), args.depth()));
        return ToolResult.ok(store(agentId, snapshot, args.ttl()));
    }

    /** Stores the snapshot behind fresh refs and returns the view the agent is answered with. */
    private ObservationView store(String agentId, TreeSnapshot snapshot, int ttlMs) {
        Instant expires = ctx.clock.instant().plusMillis(ttlMs);
        String id = "obs_" + Refs.token(ctx.random, 9);
        Map<String, Integer> refs = new HashMap<>();
        List<NodeView> nodes = new ArrayList<>(snapshot.nodes().size());
        List<NodeView> unreffed = new ArrayList<>(snapshot.nodes().size());
        // Credentials on screen (tokens in a terminal) never leave Countersign: every text the
        // agent sees is redacted here, the one place observations are built.
        ScreenRedactor redactor = policy.redactor();
        ScreenRedactor.Tally redacted = new ScreenRedactor.Tally();
        String[] tokens = Refs.tagged(ctx.random, snapshot.nodes().size());
        for (int i = 0; i < snapshot.nodes().size(); i++) {
            String ref = "r" + tokens[i];
            refs.put(ref, i);
            NodeView node = NodeView.of(ref, snapshot.nodes().get(i), redactor, redacted, ctx.credentials);
            nodes.add(node);
            unreffed.add(node.withoutRef());
        }
        String windowId = ctx.windows.idOf(snapshot.window().handle());
        AppInfo app = snapshot.app();
        ObservationView.AppView appView = new ObservationView.AppView(redactor.redact(app.name(), redacted),
                app.bundleId(), app.pid(), app.pid() + ":" + app.launch().startTime());
        var f = snapshot.window().frame();
        ObservationView.WindowView windowView = new ObservationView.WindowView(windowId,
                redactor.redact(snapshot.window().title(), redacted),
                new int[] {f.x(), f.y(), f.width(), f.height()});
        Map<String, Object> identity = new LinkedHashMap<>();
        identity.put("app", appView);
        identity.put("window", windowView);
        identity.put("nodes", unreffed);
        byte[] canonical = Digests.utf8(Digests.canonicalJson(identity));
        ObservationView view = new ObservationView(id, Digests.sha256Hex(canonical), Timestamps.format(expires), appView,
                windowView, nodes, snapshot.truncated(), snapshot.omittedCount(), snapshot.omittedSorted(),
                redacted.count());
        // The stored observation keeps the view's header only: its nodes are the agent's answer,
        // and a busy agent's live observations would otherwise hold each node twice.
        ObservationView header = new ObservationView(id, view.fingerprint(), view.expiresAt(), appView, windowView,
                List.of(), view.truncated(), view.omittedCount(), view.omittedByReason(), view.redacted());
        // What this agent was shown, and where: text it later types into another app asks.
        List<String> texts = new ArrayList<>(nodes.size() * 3 + 1);
        texts.add(windowView.title());
        for (NodeView n : nodes) {
            texts.add(n.name());
            texts.add(n.value());
            texts.add(n.description());
        }
        ctx.origins.remember(agentId, app, windowView.title(), texts);
        ctx.observations.add(new Observation(id, agentId, app, snapshot.window(), windowId, snapshot.nodes(),
                refs, expires, header, sizeOf(canonical.length, refs.keySet())));
        ctx.sweep.after(expires);
        return view;
    }

    /**
     * What the observation weighs against its agent's budget: the JSON the agent receives, taken
     * from the canonical form the fingerprint was computed over (the same fields, without
     * whitespace) plus each node's {@code "ref":"…",} and the header's ids, expiry and counts —
     * without serializing the view a second time.
     */
    private static long sizeOf(int canonicalBytes, Collection<String> refs) {
        long size = canonicalBytes + HEADER_BYTES;
        for (String ref : refs) {
            size += ref.length() + REF_SYNTAX_BYTES;
        }
        return size;
    }

    private static AppSelector selector(String app) {
        if (app == null) {
            return AppSelector.frontmost();
        }
        return PID.matcher(app).matches() ? AppSelector.pid(Long.parseLong(app)) : AppSelector.name(app);
    }

    private WindowInfo window(AppInfo app, List<WindowInfo> windows, String windowId) {
        if (windowId != null) {
            ElementHandle handle = ctx.windows.handleOf(windowId).orElseThrow(() -> invalidWindow());
            return windows.stream().filter(w -> w.handle().equals(handle)).findFirst()
                    .orElseThrow(() -> invalidWindow());
        }
        return windows.stream().filter(WindowInfo::active).findFirst()
                .or(() -> windows.stream().findFirst())
                .orElseThrow(() -> new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT,
                        "app", "the application " + app.name() + " has no window")));
    }

    private static CountersignException invalidWindow() {
        return new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "window",
                "no window of this application has that id; observe without 'window' to get the active one"));
    }

    static ElementNode node(Observation o, int index) {
        return o.nodes.get(index);
    }
}
