package dev.countersign.tasks;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The agent of a task plan: the MCP SDK's own client over the endpoint's socket with a token the
 * person issued, and nothing else — a plan reaches the desktop only through Countersign's tools.
 * Every call is recorded with its wall time as the client sees it and, for acts, the receipt's
 * own split (time in the app's dispatch, time the person took), so the report can give
 * Countersign's own time beside the apps'.
 */
public final class McpAgent implements AutoCloseable {
    /** One tool call as the client saw it. */
    public record Call(String tool, String op, long wallMs, long appMs, long personMs, String status, String code) {
        /** What Countersign itself spent: the wall time less the app's dispatch and the person's answer. */
        public long ownMs() {
            return Math.max(0, wallMs - appMs - personMs);
        }
    }

    private final McpSyncClient client;
    private final List<Call> calls = new ArrayList<>();
    private java.nio.file.Path transcript;

    McpAgent(int port, String token) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(
                        "http://127.0.0.1:" + port)
                .endpoint("/mcp")
                .httpRequestCustomizer((b, method, uri, body, ctx) -> b.header("Authorization", "Bearer " + token))
                .build();
        client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(180))
                .clientInfo(new McpSchema.Implementation("countersign-task-plan", "1")).build();
        client.initialize();
    }

    /** Keeps every answer the agent gets as numbered JSON files in {@code dir}, for the plan's author. */
    void keepTranscript(java.nio.file.Path dir) {
        transcript = dir;
    }

    public List<Call> calls() {
        return List.copyOf(calls);
    }

    /** A whole-window observation of {@code app} (its name or pid), as deep as the tool allows. */
    public Observation observe(String app) {
        return observe(app, null);
    }

    /**
     * An observation of {@code app}'s active window, as an agent gets one; {@code window} is the
     * title the agent expects it to contain (null: any), which {@link Observation#title()} lets
     * the plan check.
     */
    public Observation observe(String app, String window) {
        Map<String, Object> body = call("computer_observe", null,
                observeArgs(app, window == null ? null : windowId(app, window).orElse(null)));
        if (body.get("code") != null) {
            throw new PlanFailure("observe " + app + (window == null ? "" : " › " + window) + ": " + body.get("code")
                    + " " + body.getOrDefault("message", ""));
        }
        return new Observation(app, window, body);
    }

    /** Observations of each window of {@code app} the listing shows (a popup panel is a window of its own). */
    public List<Observation> observeEveryWindow(String app) {
        List<Observation> out = new ArrayList<>();
        for (Map<String, Object> w : windows(app)) {
            Map<String, Object> body = call("computer_observe", null, observeArgs(app, (String) w.get("id")));
            if (body.get("code") == null) {
                out.add(new Observation(app, null, body));
            }
        }
        return out;
    }

    /** The id of {@code app}'s window whose title contains {@code title}, from the app listing. */
    Optional<String> windowId(String app, String title) {
        return windows(app).stream().filter(w -> String.valueOf(w.get("title")).contains(title))
                .map(w -> (String) w.get("id")).findFirst();
    }

    /** {@code app}'s windows as the app listing ({@code computer_observe} without arguments) gives them. */
    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> windows(String app) {
        Map<String, Object> listing = call("computer_observe", null, Map.of());
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object o : (List<Object>) listing.getOrDefault("apps", List.of())) {
            Map<String, Object> a = (Map<String, Object>) o;
            if (app.equals(a.get("name")) || app.equals(String.valueOf(a.get("pid")))) {
                for (Object w : (List<Object>) a.getOrDefault("windows", List.of())) {
                    out.add((Map<String, Object>) w);
                }
            }
        }
        return out;
    }

    /** A whole-window observation's arguments, as deep and wide as the tool allows; {@code window} may be null. */
    private static Map<String, Object> observeArgs(String app, String window) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("app", app);
        if (window != null) {
            args.put("window", window);
        }
        args.put("max_nodes", 2000);
        args.put("max_depth", 32);
        return args;
    }

    /** One {@code computer_act}; the answer's body (a receipt, or an error's fields). */
    public Map<String, Object> act(String ref, String op, Map<String, Object> extra) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("ref", ref);
        args.put("op", op);
        args.putAll(extra);
        return call("computer_act", op, args);
    }

    public Map<String, Object> click(Node node) {
        return act(node.ref(), "click", Map.of());
    }

    public Map<String, Object> focus(Node node) {
        return act(node.ref(), "focus", Map.of());
    }

    public Map<String, Object> type(Node node, String text) {
        return act(node.ref(), "type", Map.of("text", text));
    }

    public Map<String, Object> key(Node node, String keys) {
        return act(node.ref(), "key", Map.of("keys", keys));
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> call(String tool, String op, Map<String, Object> args) {
        long start = System.nanoTime();
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(tool, args));
        long wall = (System.nanoTime() - start) / 1_000_000;
        Map<String, Object> body = dev.countersign.server.Results.body(result);
        if (transcript != null) {
            try {
                java.nio.file.Files.createDirectories(transcript);
                new com.fasterxml.jackson.databind.ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(
                        transcript.resolve(String.format(java.util.Locale.ROOT, "%03d-%s.json", calls.size() + 1, tool))
                                .toFile(), Map.of("args", args, "answer", body));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        Map<String, Object> receipt = body.get("receipt") instanceof Map<?, ?> r ? (Map<String, Object>) r : body;
        Map<String, Object> timings = receipt.get("timings") instanceof Map<?, ?> t ? (Map<String, Object>) t : Map.of();
        calls.add(new Call(tool, op, wall, number(timings.get("dispatch_ms")), number(timings.get("approval_ms")),
                String.valueOf(receipt.getOrDefault("status", Boolean.TRUE.equals(result.isError()) ? "error" : "ok")),
                (String) body.get("code")));
        return body;
    }

    private static long number(Object o) {
        return o instanceof Number n ? n.longValue() : 0;
    }

    @Override
    public void close() {
        client.closeGracefully();
    }

    /** One observed element, as the agent reads it. */
    public record Node(String ref, String role, String name, String value, List<String> states, List<String> actions,
            String description, List<Integer> frame, Integer parent) {
        boolean has(String state) {
            return states != null && states.contains(state);
        }
    }

    /** One observation: its nodes in order, and finders an agent would use. */
    public static final class Observation {
        private final String app;
        private final String window;
        private final List<Node> nodes = new ArrayList<>();
        private final Map<String, Object> body;

        @SuppressWarnings("unchecked")
        Observation(String app, String window, Map<String, Object> body) {
            this.app = app;
            this.window = window;
            this.body = body;
            Object list = body.get("nodes");
            if (list instanceof List<?> l) {
                for (Object o : l) {
                    Map<String, Object> n = (Map<String, Object>) o;
                    nodes.add(new Node((String) n.get("ref"), (String) n.get("role"), (String) n.get("name"),
                            (String) n.get("value"), (List<String>) n.get("states"), (List<String>) n.get("actions"),
                            (String) n.get("description"), (List<Integer>) n.get("frame"), (Integer) n.get("parent")));
                }
            }
        }

        public List<Node> nodes() {
            return nodes;
        }

        /** The element's parent in this observation, if it was observed. */
        public Optional<Node> parentOf(Node n) {
            return n.parent() == null || n.parent() < 0 || n.parent() >= nodes.size() ? Optional.empty()
                    : Optional.of(nodes.get(n.parent()));
        }

        /** The observed window's title. */
        @SuppressWarnings("unchecked")
        public String title() {
            return body.get("window") instanceof Map<?, ?> w ? String.valueOf(((Map<String, Object>) w).get("title")) : "";
        }

        /** Whether this is the window the agent expected: its title contains the expected text. */
        public boolean isWindow() {
            return window == null || title().contains(window);
        }

        public Map<String, Object> body() {
            return body;
        }

        public Optional<Node> find(Predicate<Node> p) {
            return isWindow() ? nodes.stream().filter(p).findFirst() : Optional.empty();
        }

        /** The first element with this role and exactly this name (ignoring a trailing "…" and mnemonics). */
        public Optional<Node> find(String role, String name) {
            return find(n -> role.equals(n.role()) && name.equals(plain(n.name())));
        }

        /** Like {@link #find(String, String)}, failing the plan with what was there when it is absent. */
        public Node get(String role, String name) {
            return find(role, name).orElseThrow(() -> new PlanFailure("no " + role + " '" + name + "' in "
                    + app + " › '" + title() + "' (" + nodes.size() + " nodes: "
                    + summary(role) + ")"));
        }

        /**
         * The field a label names by where it sits, as a person reads a form whose fields carry no
         * names: the nearest element matching {@code field} on the label's row, right of it, else
         * the one just below it.
         */
        public Node fieldRightOf(String label, Predicate<Node> field) {
            return fieldRightOf(get("label", label), field);
        }

        /** As {@link #fieldRightOf(String, Predicate)}, for one label of several of the same name. */
        public Node fieldRightOf(Node l, Predicate<Node> field) {
            String label = l.name();
            int cy = l.frame().get(1) + l.frame().get(3) / 2;
            int right = l.frame().get(0) + l.frame().get(2);
            int bottom = l.frame().get(1) + l.frame().get(3);
            int left = l.frame().get(0);
            return nodes.stream().filter(field).filter(n -> n.frame() != null)
                    .filter(n -> n.frame().get(1) <= cy && cy <= n.frame().get(1) + n.frame().get(3))
                    .filter(n -> n.frame().get(0) >= right - 4)
                    .min(java.util.Comparator.comparingInt(n -> n.frame().get(0)))
                    // A form that sets its labels above its fields: the nearest field just below.
                    .or(() -> nodes.stream().filter(field).filter(n -> n.frame() != null)
                            .filter(n -> n.frame().get(1) >= bottom - 2 && n.frame().get(1) <= bottom + 40)
                            .filter(n -> Math.abs(n.frame().get(0) - left) <= 40)
                            .min(java.util.Comparator.comparingInt(n -> n.frame().get(1))))
                    .orElseThrow(() -> new PlanFailure("no field beside or below the label '" + label + "' in '"
                            + title() + "'"));
        }

        /**
         * The control a text names by sitting on its row (a radio button whose label is a text
         * beside it): the nearest element matching {@code control} whose frame shares the text's row.
         */
        public Node controlBeside(Predicate<Node> text, Predicate<Node> control, String what) {
            Node t = get(text, what);
            int cy = t.frame().get(1) + t.frame().get(3) / 2;
            int cx = t.frame().get(0);
            return nodes.stream().filter(control).filter(n -> n.frame() != null)
                    .filter(n -> n.frame().get(1) <= cy && cy <= n.frame().get(1) + n.frame().get(3))
                    .min(java.util.Comparator.comparingInt(n -> Math.abs(n.frame().get(0) - cx)))
                    .orElseThrow(() -> new PlanFailure("no control beside " + what + " in '" + title() + "'"));
        }

        public Node get(Predicate<Node> p, String what) {
            return find(p).orElseThrow(() -> new PlanFailure("no " + what + " in " + app + " › '" + title() + "' ("
                    + nodes.size() + " nodes)"));
        }

        private String summary(String role) {
            return nodes.stream().filter(n -> role.equals(n.role())).map(n -> "'" + n.name() + "'").limit(40)
                    .toList().toString();
        }

        /** A name as a person reads it: without a trailing ellipsis. */
        static String plain(String name) {
            if (name == null) {
                return null;
            }
            String s = name.strip();
            if (s.endsWith("\u2026")) {
                s = s.substring(0, s.length() - 1);
            } else if (s.endsWith("...")) {
                s = s.substring(0, s.length() - 3);
            }
            return s.strip();
        }
    }

    /** A plan could not go on: what it looked for and what it saw instead. */
    public static final class PlanFailure extends RuntimeException {
        public PlanFailure(String message) {
            super(message);
        }
    }
}
