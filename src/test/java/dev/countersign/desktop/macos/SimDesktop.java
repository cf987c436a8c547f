package dev.countersign.desktop.macos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One recorded fixture (see the fixtures' README) loaded into the framework harness: an application
 * with that window, the window in the CoreGraphics window list, its displays, and a fixture bitmap
 * the capture returns. The AX tree is served by the harness's libApplicationServices from here on.
 */
final class SimDesktop {
    static final int PID = 4242;
    static final long STARTED = 1_764_000_000_123_456L;
    static final int WINDOW_NUMBER = 77;
    /** kCGBitmapByteOrder32Little | kCGImageAlphaPremultipliedFirst: BGRA in memory, what windows come as. */
    static final int BGRA = (2 << 12) | 2;
    /** A fixture's list of the element's attributes that can be set besides AXValue and AXFocused. */
    static final String SETTABLE = "cs:settable";

    final MacSim sim;
    final String appName;
    /** Node ids by fixture path ("0" the window, "0/1" its second child). */
    final Map<String, Integer> nodes = new LinkedHashMap<>();
    final int appNode;
    int width;
    int height;
    int[] expectedPixels;

    private SimDesktop(MacSim sim, String appName) {
        this.sim = sim;
        this.appName = appName;
        this.appNode = sim.sim_node_add(PID, -1);
    }

    /** Resets the harness and loads {@code fixture} as the frontmost app {@code appName}. */
    static SimDesktop load(MacSim sim, String fixture, String appName, String bundleId) {
        sim.sim_reset();
        JsonNode json = read(fixture);
        SimDesktop d = new SimDesktop(sim, appName);
        int displayId = 1;
        double scale = 1;
        for (JsonNode display : json.get("displays")) {
            sim.sim_display_add(displayId++, display.get("x").asDouble(), display.get("y").asDouble(),
                    display.get("width").asDouble(), display.get("height").asDouble(), display.get("scale").asDouble());
            if (displayId == 2) {
                scale = display.get("scale").asDouble();
            }
        }
        sim.sim_node_string(d.appNode, AxNames.ROLE, AxNames.APPLICATION);
        sim.sim_node_string(d.appNode, AxNames.TITLE, appName);
        sim.sim_node_bool(d.appNode, AxNames.FRONTMOST, 1);
        int window = d.add(json.get("window"), d.appNode, "0");
        d.links(json.get("window"), "0");
        if (json.has("menu")) {
            // Hidden until an element performs AXShowMenu (the harness shows it then).
            sim.sim_node_gone(d.add(json.get("menu"), d.appNode, "menu"), 1);
        }
        sim.sim_node_window_number(window, WINDOW_NUMBER);
        JsonNode attributes = json.get("window").get("attributes");
        double[] frame = attributes.has(AxNames.FRAME)
                ? new double[] {at(attributes, AxNames.FRAME, "rect", 0), at(attributes, AxNames.FRAME, "rect", 1),
                    at(attributes, AxNames.FRAME, "rect", 2), at(attributes, AxNames.FRAME, "rect", 3)}
                : new double[] {at(attributes, AxNames.POSITION, "point", 0), at(attributes, AxNames.POSITION, "point", 1),
                    at(attributes, AxNames.SIZE, "size", 0), at(attributes, AxNames.SIZE, "size", 1)};
        sim.sim_window_add(WINDOW_NUMBER, PID, 0, frame[0], frame[1], frame[2], frame[3],
                attributes.path(AxNames.TITLE).asText(null), appName);
        d.bitmap((int) Math.round(frame[2] * scale), (int) Math.round(frame[3] * scale));
        sim.sim_app_add(PID, bundleId, appName, 1, STARTED);
        sim.sim_app_add(PID + 1, "com.apple.finder", "Finder", 0, STARTED + 5);
        return d;
    }

    private static double at(JsonNode attributes, String name, String kind, int i) {
        return attributes.get(name).get(kind).get(i).asDouble();
    }

    int node(String path) {
        Integer id = nodes.get(path);
        if (id == null) {
            throw new IllegalArgumentException("no fixture node " + path);
        }
        return id;
    }

    private int add(JsonNode element, int parent, String path) {
        int id = sim.sim_node_add(PID, parent);
        nodes.put(path, id);
        JsonNode attributes = element.get("attributes");
        boolean valueSettable = false;
        for (Map.Entry<String, JsonNode> a : attributes.properties()) {
            String name = a.getKey();
            JsonNode v = a.getValue();
            if (AxNames.VALUE_SETTABLE.equals(name) || SETTABLE.equals(name)) {
                valueSettable |= AxNames.VALUE_SETTABLE.equals(name) && v.asBoolean();
            } else if (v.isTextual()) {
                sim.sim_node_string(id, name, v.asText());
            } else if (v.isBoolean()) {
                sim.sim_node_bool(id, name, v.asBoolean() ? 1 : 0);
            } else if ("cs:childCount".equals(name)) {
                sim.sim_node_int(id, "cs:count:" + AxNames.CHILDREN, v.asLong());
            } else if (v.isIntegralNumber()) {
                sim.sim_node_int(id, name, v.asLong());
            } else if (v.isNumber()) {
                sim.sim_node_double(id, name, v.asDouble());
            } else if (v.has("point")) {
                sim.sim_node_axvalue(id, name, AxValue.TYPE_POINT, v.get("point").get(0).asDouble(),
                        v.get("point").get(1).asDouble(), 0, 0);
            } else if (v.has("size")) {
                sim.sim_node_axvalue(id, name, AxValue.TYPE_SIZE, v.get("size").get(0).asDouble(),
                        v.get("size").get(1).asDouble(), 0, 0);
            } else if (v.has("rect")) {
                JsonNode r = v.get("rect");
                sim.sim_node_axvalue(id, name, AxValue.TYPE_RECT, r.get(0).asDouble(), r.get(1).asDouble(),
                        r.get(2).asDouble(), r.get(3).asDouble());
            } else if (v.has("range")) {
                sim.sim_node_axvalue(id, name, AxValue.TYPE_RANGE, v.get("range").get(0).asDouble(),
                        v.get("range").get(1).asDouble(), 0, 0);
            } else if (v.has("elements")) {
                // A container's selection list (AXSelectedRows ...): the harness answers it from its items' AXSelected.
                sim.sim_node_int(id, name, 0);
            } else if (v.has("error")) {
                sim.sim_node_error(id, name, v.get("error").asInt());
            }
        }
        if (valueSettable) {
            sim.sim_node_settable(id, AxNames.VALUE, 1);
        }
        attributes.path(SETTABLE).forEach(name -> sim.sim_node_settable(id, name.asText(), 1));
        sim.sim_node_settable(id, AxNames.FOCUSED, 1);
        element.path("actions").forEach(action -> sim.sim_node_action(id, action.asText()));
        int i = 0;
        for (JsonNode child : element.path("children")) {
            add(child, id, path + "/" + i++);
        }
        return id;
    }

    /**
     * The attributes whose values are other elements of the fixture ({@code {"elements": [paths]}},
     * {@code {"element": path}}), set once every node exists.
     */
    private void links(JsonNode element, String path) {
        for (Map.Entry<String, JsonNode> a : element.get("attributes").properties()) {
            JsonNode v = a.getValue();
            if (v.has("elements")) {
                int[] ids = new int[v.get("elements").size()];
                for (int i = 0; i < ids.length; i++) {
                    ids[i] = node(v.get("elements").get(i).asText());
                }
                sim.sim_node_elements(node(path), a.getKey(), ids, ids.length);
            } else if (v.has("element")) {
                sim.sim_node_element(node(path), a.getKey(), node(v.get("element").asText()));
            }
        }
        int i = 0;
        for (JsonNode child : element.path("children")) {
            links(child, path + "/" + i++);
        }
    }

    /** A deterministic picture of the window (BGRA, rows padded as CoreGraphics pads them). */
    private void bitmap(int w, int h) {
        width = w;
        height = h;
        int bytesPerRow = w * 4 + 64;
        byte[] bytes = new byte[bytesPerRow * h];
        expectedPixels = new int[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int r = (x * 7) & 0xFF;
                int g = (y * 5) & 0xFF;
                int b = ((x + y) * 3) & 0xFF;
                int p = y * bytesPerRow + x * 4;
                bytes[p] = (byte) b;
                bytes[p + 1] = (byte) g;
                bytes[p + 2] = (byte) r;
                bytes[p + 3] = (byte) 0xFF;
                expectedPixels[y * w + x] = 0xFF000000 | r << 16 | g << 8 | b;
            }
        }
        sim.sim_bitmap_add(WINDOW_NUMBER, w, h, bytesPerRow, 32, BGRA, bytes, bytes.length);
    }

    private static JsonNode read(String name) {
        try (InputStream in = SimDesktop.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + name);
            }
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Countersign's own application (this JVM's pid) with one window, number 95 at the frame, in
     * front of every other window of the list and holding keyboard focus.
     */
    static void countersignFocusedInFront(MacSim sim, double x, double y, double w, double h) {
        int own = (int) ProcessHandle.current().pid();
        int app = sim.sim_node_add(own, -1);
        sim.sim_node_string(app, AxNames.ROLE, AxNames.APPLICATION);
        int window = sim.sim_node_add(own, app);
        sim.sim_node_string(window, AxNames.ROLE, "AXWindow");
        sim.sim_node_axvalue(window, AxNames.FRAME, 3, x, y, w, h);
        sim.sim_node_window_number(window, 95);
        sim.sim_window_add(95, own, 3, x, y, w, h, "Countersign", "Countersign");
        sim.sim_window_raise(95);
        sim.sim_focus_app(own);
    }
}
