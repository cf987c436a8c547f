package dev.countersign.script;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.mozilla.javascript.CompilerEnvirons;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.ContinuationPending;
import org.mozilla.javascript.EvaluatorException;
import org.mozilla.javascript.Function;
import org.mozilla.javascript.JavaScriptException;
import org.mozilla.javascript.Parser;
import org.mozilla.javascript.RhinoException;
import org.mozilla.javascript.ScriptStackElement;
import org.mozilla.javascript.ScriptableObject;
import org.mozilla.javascript.Undefined;
import org.mozilla.javascript.ast.AstRoot;

/**
 * Runs CodeAct scripts step by step (docs/script.md): a script is the body of a JavaScript function,
 * interpreted by Rhino with serializable continuations; each {@code call_tool} stops the run with
 * a {@link RunStep.Call} that carries the continuation as bytes, and {@link #resume} continues it
 * in a fresh scope — in this process or after a restart. Stateless and safe for concurrent use.
 */
public final class CodeRuntime {
    private static final String FUNCTION_NAME = "__script__";

    private final SandboxFactory factory = new SandboxFactory();
    private final ScriptLimits limits;

    public CodeRuntime(ScriptLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    public ScriptLimits limits() {
        return limits;
    }

    /** Checks the call forms, compiles the script as a function body and runs it to its first step. */
    public RunStep start(String script, String name) {
        Objects.requireNonNull(script, "script");
        String label = name == null || name.isBlank() ? "script" : name;
        // Line 0 is the wrapper, so line numbers in errors are the script's own.
        String source = "function " + FUNCTION_NAME + "() {\n" + script + "\n}";
        Optional<String> refused = checkSource(source, label);
        if (refused.isPresent()) {
            return new RunStep.Raised(refused.get(), "");
        }
        Budget budget = new Budget(limits, 0, 0, 0);
        try (Context cx = factory.enter(budget)) {
            Sandbox.RunState state = new Sandbox.RunState(budget, "");
            cx.putThreadLocal(Sandbox.RunState.class, state);
            budget.startSegment();
            ScriptableObject scope = Sandbox.newScope(cx, limits);
            Function function;
            try {
                function = cx.compileFunction(scope, source, label, 0, null);
            } catch (EvaluatorException e) {
                return new RunStep.Raised("SyntaxError: " + e.details() + " (line " + e.lineNumber() + ")", "");
            }
            return run(cx, scope, state, () -> cx.callFunctionWithContinuations(function, scope, new Object[0]));
        }
    }

    /** Continues a script from the snapshot of its {@link RunStep.Call}, answering the pending call. */
    public RunStep resume(byte[] snapshot, ResumeWith with) {
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(with, "with");
        Budget restoring = new Budget(limits, 0, 0, 0);
        try (Context cx = factory.enter(restoring)) {
            ScriptableObject scope = Sandbox.newScope(cx, limits);
            ContinuationCodec.Decoded decoded;
            try {
                decoded = ContinuationCodec.decode(scope, snapshot);
            } catch (IOException e) {
                throw new ScriptHostException("the script snapshot could not be read: " + e.getMessage(), e);
            }
            ContinuationCodec.Header h = decoded.header();
            Budget budget = new Budget(limits, h.instructions(), h.computeNanos(), h.allocated());
            Sandbox.RunState state = new Sandbox.RunState(budget, h.stdout());
            cx.putThreadLocal(Sandbox.RunState.class, state);
            factory.use(cx, budget);
            budget.startSegment();
            String answer = answerJson(with);
            return run(cx, scope, state, () -> cx.resumeContinuation(decoded.continuation(), scope, answer));
        }
    }

    /** The text that tells a model the language subset and the exact tool signatures (generated). */
    public String prompt() {
        return ScriptPrompt.render(ToolCatalog.all(), limits);
    }

    /** The short form of {@link #prompt()} for a tool description (docs/endpoint.md keeps tools/list small). */
    public String compactPrompt() {
        return ScriptPrompt.compact(ToolCatalog.all(), limits);
    }

    private interface Segment {
        Object run();
    }

    private RunStep run(Context cx, ScriptableObject scope, Sandbox.RunState state, Segment segment) {
        try {
            ContinuationPending pending = null;
            Object value = null;
            try {
                value = segment.run();
            } catch (ContinuationPending stopped) {
                pending = stopped;
            }
            state.budget.endSegment();
            return pending == null ? complete(cx, scope, value, state) : call(scope, pending, state);
        } catch (JavaScriptException e) {
            return new RunStep.Raised(uncaught(e), state.stdout.toString());
        } catch (RhinoException e) {
            // EcmaError (TypeError, RangeError…) and EvaluatorException: the script's own fault.
            return new RunStep.Raised(e.details() + at(e), state.stdout.toString());
        } catch (ScriptLimitError e) {
            return new RunStep.Raised("LimitError: " + e.getMessage(), state.stdout.toString());
        } catch (StackOverflowError e) {
            return new RunStep.Raised("RangeError: the script recursed too deeply", state.stdout.toString());
        } catch (OutOfMemoryError e) {
            // One built-in tried a single huge allocation and the JVM refused it; nothing was kept.
            return new RunStep.Raised("LimitError: the script tried to allocate more memory than it may",
                    state.stdout.toString());
        }
    }

    /** The script stopped at a tool call: its state is saved within the state budget, or it ends with a LimitError. */
    private RunStep call(ScriptableObject scope, ContinuationPending pending, Sandbox.RunState state) {
        Budget budget = state.budget;
        Sandbox.Pending call = (Sandbox.Pending) pending.getApplicationState();
        ContinuationCodec.Header header = new ContinuationCodec.Header(budget.instructions(), budget.computeNanos(),
                budget.allocated(), state.stdout.toString());
        try {
            byte[] snapshot = ContinuationCodec.encode(scope, pending.getContinuation(), header, limits.maxStateBytes());
            return new RunStep.Call(call.tool(), call.args(), state.stdout.toString(), snapshot);
        } catch (StateBudget.TooLarge e) {
            // Nothing is saved and the tool is not called: the script ends with a clear error.
            return new RunStep.Raised("LimitError: the script's state is too large to save across a tool call "
                    + "(more than " + limits.maxStateBytes() + " bytes); keep less data in variables",
                    state.stdout.toString());
        } catch (IOException e) {
            throw new ScriptHostException("the script's state could not be saved: " + e.getMessage(), e);
        }
    }

    private RunStep complete(Context cx, ScriptableObject scope, Object value, Sandbox.RunState state) {
        if (value == null || value instanceof Undefined) {
            return new RunStep.Raised("the script ended without a result; end it with return {final_result: …} or "
                    + "return {observation: …}", state.stdout.toString());
        }
        Object stringify = ScriptableObject.getProperty(scope, "JSON");
        Object text = ScriptableObject.callMethod(cx, (ScriptableObject) stringify, "stringify", new Object[] {value});
        try {
            JsonNode json = Json.mapper().readTree(Context.toString(text));
            return new RunStep.Complete(json, state.stdout.toString());
        } catch (JsonProcessingException e) {
            return new RunStep.Raised("the script's result is not JSON: " + e.getOriginalMessage(),
                    state.stdout.toString());
        }
    }

    private static String answerJson(ResumeWith with) {
        Map<String, Object> answer = new LinkedHashMap<>();
        if (with instanceof ResumeWith.Value value) {
            answer.put("ok", value.value());
        } else {
            ResumeWith.Failure failure = (ResumeWith.Failure) with;
            ObjectNode error = Json.mapper().createObjectNode();
            error.put("code", failure.error().code().name());
            error.put("message", failure.error().message());
            error.put("hint", failure.error().hint());
            if (failure.receipt() != null) {
                error.set("receipt", failure.receipt());
            }
            answer.put("error", error);
        }
        try {
            return Json.mapper().writeValueAsString(answer);
        } catch (JsonProcessingException e) {
            throw new ScriptHostException("a tool result could not be written as JSON", e);
        }
    }

    private static Optional<String> checkSource(String source, String label) {
        CompilerEnvirons env = new CompilerEnvirons();
        env.setLanguageVersion(Context.VERSION_ES6);
        env.setRecordingComments(false);
        AstRoot root;
        try {
            root = new Parser(env).parse(source, label, 0);
        } catch (EvaluatorException e) {
            return Optional.of("SyntaxError: " + e.details() + " (line " + e.lineNumber() + ")");
        }
        if (root.getStatements().size() != 1) {
            return Optional.of("SyntaxError: the script is the body of one function; it has unbalanced braces");
        }
        return CallForms.check(root);
    }

    private static String uncaught(JavaScriptException e) {
        return e.details() + at(e);
    }

    /** The innermost line of the script itself (not of the prelude) where the error was thrown. */
    private static String at(RhinoException e) {
        for (ScriptStackElement frame : e.getScriptStack()) {
            if (!"prelude".equals(frame.fileName) && frame.lineNumber > 0) {
                return " (line " + frame.lineNumber + ")";
            }
        }
        return e.lineNumber() > 0 && !"prelude".equals(e.sourceName()) ? " (line " + e.lineNumber() + ")" : "";
    }

    /** Thrown for host faults only: the snapshot cannot be written or read. Never for the script's own errors. */
    static final class ScriptHostException extends CountersignException {
        private static final long serialVersionUID = 1L;

        ScriptHostException(String message, Throwable cause) {
            super(CountersignError.of(ErrorCode.INTERNAL, message), cause);
        }
    }
}
