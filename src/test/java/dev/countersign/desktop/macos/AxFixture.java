package dev.countersign.desktop.macos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementHandle;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A recorded accessibility tree (see the fixtures' README) served through {@link AxCalls}, the
 * way the native layer would serve a live one; it records every attribute asked for, so tests
 * can prove what was never requested.
 */
final class AxFixture implements AxCalls<AxFixture.Element> {

    /** One recorded element; its path ("0/2/1") names it in assertions. */
    static final class Element {
        final String path;
        final Map<String, Object> attributes;
        final List<String> actions;
        final List<Element> children = new ArrayList<>();
        boolean gone;

        Element(String path, Map<String, Object> attributes, List<String> actions) {
            this.path = path;
            this.attributes = attributes;
            this.actions = actions;
        }
    }

    /** The handle the fixture gives out: the element's path. */
    record Handle(String path) implements ElementHandle {
    }

    /** An attribute whose value is elements ({@code {"elements": ["0/1/2", …]}}), by their paths. */
    record Paths(List<String> paths) {
    }

    /** An attribute whose value is one element ({@code {"element": "0/1/0"}}), by its path. */
    record PathTo(String path) {
    }

    final JsonNode json;
    final Element window;
    final Displays displays;
    final Map<String, List<String>> requested = new LinkedHashMap<>();

    private AxFixture(JsonNode json) {
        this.json = json;
        this.window = element(json.get("window"), "0");
        List<Displays.Display> ds = new ArrayList<>();
        for (JsonNode d : json.get("displays")) {
            ds.add(new Displays.Display(new Rect(d.get("x").asInt(), d.get("y").asInt(), d.get("width").asInt(),
                    d.get("height").asInt()), d.get("scale").asDouble()));
        }
        this.displays = new Displays(ds);
    }

    static AxFixture load(String name) {
        try (InputStream in = AxFixture.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + name);
            }
            return new AxFixture(new ObjectMapper().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The element at a path such as "0/3" (the window's fourth child). */
    Element at(String path) {
        Element e = window;
        String[] parts = path.split("/");
        for (int i = 1; i < parts.length; i++) {
            e = e.children.get(Integer.parseInt(parts[i]));
        }
        return e;
    }

    /** A JSON object of attribute maps ({@code windowList}, {@code sessions}) as plain Java values. */
    static Map<String, Object> plain(JsonNode object) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> f : object.properties()) {
            out.put(f.getKey(), value(f.getValue()));
        }
        return out;
    }

    private static Element element(JsonNode node, String path) {
        List<String> actions = new ArrayList<>();
        node.path("actions").forEach(a -> actions.add(a.asText()));
        Element e = new Element(path, plain(node.get("attributes")), actions);
        int i = 0;
        for (JsonNode child : node.path("children")) {
            e.children.add(element(child, path + "/" + i++));
        }
        return e;
    }

    private static Object value(JsonNode v) {
        if (v.isTextual()) {
            return v.asText();
        }
        if (v.isBoolean()) {
            return v.asBoolean();
        }
        if (v.isIntegralNumber()) {
            return v.asLong();
        }
        if (v.isNumber()) {
            return v.asDouble();
        }
        if (v.has("point")) {
            return new AxValue.Point(v.get("point").get(0).asDouble(), v.get("point").get(1).asDouble());
        }
        if (v.has("size")) {
            return new AxValue.Size(v.get("size").get(0).asDouble(), v.get("size").get(1).asDouble());
        }
        if (v.has("rect")) {
            JsonNode r = v.get("rect");
            return new AxValue.Box(r.get(0).asDouble(), r.get(1).asDouble(), r.get(2).asDouble(), r.get(3).asDouble());
        }
        if (v.has("error")) {
            return new AxValue.Error(v.get("error").asInt());
        }
        if (v.has("elements")) {
            List<String> paths = new ArrayList<>();
            v.get("elements").forEach(p -> paths.add(p.asText()));
            return new Paths(paths);
        }
        if (v.has("element")) {
            return new PathTo(v.get("element").asText());
        }
        return plain(v);
    }

    @Override
    public Map<String, Object> attributes(Element element, List<String> names) {
        check(element);
        requested.computeIfAbsent(element.path, k -> new ArrayList<>()).addAll(names);
        Map<String, Object> out = new HashMap<>();
        for (String n : names) {
            Object v = element.attributes.get(n);
            // As the native layer does: a failed slot (an AXError value) is absent, not a value.
            if (v != null && !(v instanceof AxValue.Error)) {
                out.put(n, v);
            }
        }
        return out;
    }

    @Override
    public boolean settable(Element element, String attribute) {
        check(element);
        requested.computeIfAbsent(element.path, k -> new ArrayList<>()).add("settable:" + attribute);
        return AxNames.VALUE.equals(attribute) && Boolean.TRUE.equals(element.attributes.get(AxNames.VALUE_SETTABLE));
    }

    @Override
    public List<String> actions(Element element) {
        check(element);
        return element.actions;
    }

    @Override
    public List<Element> children(Element element) {
        check(element);
        requested.computeIfAbsent(element.path, k -> new ArrayList<>()).add(AxNames.CHILDREN);
        return element.children;
    }

    /** The children's count; a recorded {@code cs:childCount} stands for a collection too large to record. */
    @Override
    public int childCount(Element element) {
        check(element);
        Object recorded = element.attributes.get("cs:childCount");
        return recorded instanceof Long n ? n.intValue() : element.children.size();
    }

    @Override
    public List<Element> elementsIfAny(Element element, String attribute) {
        check(element);
        requested.computeIfAbsent(element.path, k -> new ArrayList<>()).add(attribute);
        return element.attributes.get(attribute) instanceof Paths p ? p.paths().stream().map(this::at).toList() : null;
    }

    @Override
    public Element elementIfAny(Element element, String attribute) {
        check(element);
        requested.computeIfAbsent(element.path, k -> new ArrayList<>()).add(attribute);
        return element.attributes.get(attribute) instanceof PathTo p ? at(p.path()) : null;
    }

    @Override
    public List<Element> elements(Element element, String attribute, int from, int max) {
        check(element);
        requested.computeIfAbsent(element.path, k -> new ArrayList<>()).add(attribute + "[" + from + "+" + max + "]");
        List<Element> all = AxNames.CHILDREN.equals(attribute) ? element.children : List.of();
        return all.subList(Math.min(from, all.size()), Math.min(all.size(), from + max));
    }

    @Override
    public ElementHandle handle(Element element) {
        return new Handle(element.path);
    }

    private static void check(Element element) {
        if (element.gone) {
            throw new AxFailure("fixture", AxError.INVALID_UI_ELEMENT.code);
        }
    }
}
