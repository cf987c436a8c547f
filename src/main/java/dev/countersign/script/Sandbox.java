package dev.countersign.script;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.mozilla.javascript.BaseFunction;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.ContinuationPending;
import org.mozilla.javascript.Function;
import org.mozilla.javascript.NativeObject;
import org.mozilla.javascript.ScriptRuntime;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;

/**
 * Builds the global scope a script runs in: the safe standard objects (no {@code Packages},
 * {@code java}, {@code getClass} or {@code JavaImporter}), minus everything that allocates raw
 * memory or evaluates strings, plus the two host functions the prelude wraps.
 */
final class Sandbox {
    static final String HOST_CALL = "__host_call";
    static final String HOST_PRINT = "__host_print";
    /** What must never be in reach: raw buffers (one call allocates gigabytes), string eval, self-made continuations. */
    private static final List<String> REMOVED = List.of("ArrayBuffer", "SharedArrayBuffer", "DataView", "Atomics",
            "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array",
            "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array", "eval", "WeakRef",
            "FinalizationRegistry");
    private static final int HIDDEN = ScriptableObject.DONTENUM | ScriptableObject.READONLY | ScriptableObject.PERMANENT;
    private static final String PRELUDE = load();
    private static final String STANDARD_NAMES = "countersign.standardNames";

    /** The mutable state of one run that host functions reach through the context. */
    static final class RunState {
        final Budget budget;
        final StringBuilder stdout;

        RunState(Budget budget, String stdout) {
            this.budget = budget;
            this.stdout = new StringBuilder(stdout);
        }
    }

    /** The call a script is waiting on, set as the continuation's application state. */
    record Pending(String tool, ObjectNode args) {
    }

    private Sandbox() {
    }

    static ScriptableObject newScope(Context cx, ScriptLimits limits) {
        ScriptableObject scope = cx.initSafeStandardObjects(null, false);
        for (String name : REMOVED) {
            ScriptableObject.deleteProperty(scope, name);
        }
        // Rhino's snapshot writer insists on a "Continuation" name; an inert object stands in for the
        // constructor, which would let a script capture and replay its own continuations.
        NativeObject inert = new NativeObject();
        NativeObject inertPrototype = new NativeObject();
        inertPrototype.sealObject();
        inert.defineProperty("prototype", inertPrototype, HIDDEN);
        inert.sealObject();
        scope.defineProperty("Continuation", inert, HIDDEN);
        scope.defineProperty(HOST_CALL, new HostCall(), HIDDEN);
        scope.defineProperty(HOST_PRINT, new HostPrint(), HIDDEN);
        // Captured before the prelude and the script add anything: these are written as names, not copies.
        List<String> standard = new ArrayList<>();
        for (Object id : scope.getAllIds()) {
            if (id instanceof String name && ScriptableObject.getProperty(scope, name) instanceof Scriptable) {
                standard.add(name);
            }
        }
        cx.evaluateString(scope, PRELUDE.replace("__MAX__", Integer.toString(limits.maxElements()))
                .replace("__TOOLS__", toolForms()), "prelude", 1, null);
        scope.associateValue(STANDARD_NAMES, List.copyOf(standard));
        return scope;
    }

    /** The names of the scope's standard objects, which snapshots refer to by name. */
    @SuppressWarnings("unchecked")
    static List<String> standardNames(ScriptableObject scope) {
        return (List<String>) scope.getAssociatedValue(STANDARD_NAMES);
    }

    private static String toolForms() {
        ObjectNode forms = Json.mapper().createObjectNode();
        for (ScriptTool tool : ToolCatalog.all()) {
            forms.put(tool.name(), tool.example());
        }
        return forms.toString();
    }

    static RunState state(Context cx) {
        return (RunState) cx.getThreadLocal(RunState.class);
    }

    /** {@code __host_call(name, args, argsJson)}: checks the call form again at run time, then captures the continuation. */
    private static final class HostCall extends BaseFunction {
        private static final long serialVersionUID = 1L;

        @Override
        public Object call(Context cx, Scriptable scope, Scriptable thisObj, Object[] args) {
            Object name = args.length > 0 ? args[0] : null;
            if (!(name instanceof CharSequence)) {
                throw ScriptRuntime.typeError("the tool name must be a string: call_tool(\"computer_observe\", {…}); "
                        + "tools: " + ToolCatalog.names());
            }
            Optional<ScriptTool> tool = ToolCatalog.find(name.toString());
            if (tool.isEmpty()) {
                throw ScriptRuntime.typeError("there is no tool \"" + name + "\"; tools: " + ToolCatalog.names());
            }
            Object given = args.length > 1 ? args[1] : null;
            if (!(given instanceof NativeObject jsObject) || given instanceof Function) {
                throw ScriptRuntime.typeError("the arguments of " + name + " must be one object with named fields: "
                        + tool.get().example());
            }
            for (Object id : jsObject.getIds()) {
                if (!(id instanceof String)) {
                    throw ScriptRuntime.typeError("argument names must be strings, not " + Context.toString(id)
                            + ": " + tool.get().example());
                }
            }
            JsonNode json = parse(args.length > 2 ? Context.toString(args[2]) : "null");
            if (!(json instanceof ObjectNode jsonObject)) {
                throw ScriptRuntime.typeError("the arguments of " + name + " must be one object with named fields: "
                        + tool.get().example());
            }
            ContinuationPending pending;
            try {
                pending = cx.captureContinuation();
            } catch (IllegalStateException e) {
                // A Java frame (forEach, map, sort, a getter…) sits between the script and this call.
                throw ScriptRuntime.typeError("call_tool cannot run inside a callback of a built-in such as "
                        + "forEach, map, filter or sort; use a plain for loop");
            }
            pending.setApplicationState(new Pending(tool.get().name(), jsonObject));
            throw pending;
        }

        private static JsonNode parse(String text) {
            try {
                return Json.mapper().readTree(text);
            } catch (JsonProcessingException e) {
                throw ScriptRuntime.typeError("the arguments could not be read as JSON: " + e.getOriginalMessage());
            }
        }
    }

    /** {@code __host_print(text)}: appends to the script's bounded stdout. */
    private static final class HostPrint extends BaseFunction {
        private static final long serialVersionUID = 1L;
        private static final String CUT = "\n[stdout truncated]\n";

        @Override
        public Object call(Context cx, Scriptable scope, Scriptable thisObj, Object[] args) {
            RunState state = state(cx);
            int max = state.budget.limits().maxStdoutChars();
            StringBuilder out = state.stdout;
            if (out.length() < max) {
                String text = (args.length > 0 ? Context.toString(args[0]) : "") + "\n";
                int room = max - out.length();
                out.append(text.length() <= room ? text : text.substring(0, room) + CUT);
            }
            return Context.getUndefinedValue();
        }
    }

    private static String load() {
        try (InputStream in = Sandbox.class.getResourceAsStream("prelude.js")) {
            if (in == null) {
                throw new IllegalStateException("prelude.js is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read prelude.js", e);
        }
    }
}
