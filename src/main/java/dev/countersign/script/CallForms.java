package dev.countersign.script;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.mozilla.javascript.ast.AbstractObjectProperty;
import org.mozilla.javascript.ast.ArrayLiteral;
import org.mozilla.javascript.ast.AstNode;
import org.mozilla.javascript.ast.AstRoot;
import org.mozilla.javascript.ast.BigIntLiteral;
import org.mozilla.javascript.ast.FunctionCall;
import org.mozilla.javascript.ast.FunctionNode;
import org.mozilla.javascript.ast.KeywordLiteral;
import org.mozilla.javascript.ast.Name;
import org.mozilla.javascript.ast.NewExpression;
import org.mozilla.javascript.ast.NumberLiteral;
import org.mozilla.javascript.ast.ObjectLiteral;
import org.mozilla.javascript.ast.ObjectProperty;
import org.mozilla.javascript.ast.PropertyGet;
import org.mozilla.javascript.ast.RegExpLiteral;
import org.mozilla.javascript.ast.StringLiteral;
import org.mozilla.javascript.ast.TemplateLiteral;

/**
 * The static half of the call-form rule (docs/script.md): before a script runs, every tool call must
 * read {@code call_tool("name", {key: value, …})} with a string-literal name of a known tool and
 * one object argument whose keys are plain names or strings. Anything else is refused with the
 * right form spelled out. The runtime repeats the checks that code built at run time could evade.
 */
final class CallForms {
    static final String CALL_TOOL = "call_tool";
    private static final Set<String> HOST_ONLY = Set.of("__host_call", "__host_print");

    private CallForms() {
    }

    /** The first few violations in source order, each naming its line; empty when the script is fine. */
    static Optional<String> check(AstRoot root) {
        List<String> problems = new ArrayList<>();
        Map<AstNode, Boolean> callees = new IdentityHashMap<>();
        root.visit(node -> {
            if (node instanceof FunctionCall call && !(node instanceof NewExpression)) {
                callees.put(call.getTarget(), Boolean.TRUE);
                checkCall(call, problems);
            } else if (node instanceof NewExpression construct && isName(construct.getTarget(), CALL_TOOL)) {
                problems.add(at(node, "call_tool is a function, not a constructor; write "
                        + CALL_TOOL + "(\"computer_observe\", {…}) without new"));
            } else if (node instanceof Name name && !callees.containsKey(node)) {
                String id = name.getIdentifier();
                if (CALL_TOOL.equals(id) && !(node.getParent() instanceof PropertyGet parent
                        && parent.getProperty() == node)) {
                    problems.add(at(node, "call_tool can only be called directly, as call_tool(\"name\", {…}); "
                            + "do not store, pass or wrap it"));
                } else if (HOST_ONLY.contains(id)) {
                    problems.add(at(node, id + " is internal to Countersign; call tools as call_tool(\"name\", {…})"));
                }
            }
            return problems.size() < 5;
        });
        return problems.isEmpty() ? Optional.empty() : Optional.of(String.join("\n", problems));
    }

    private static void checkCall(FunctionCall call, List<String> problems) {
        AstNode target = call.getTarget();
        String callee = target instanceof Name plain ? plain.getIdentifier()
                : target instanceof PropertyGet member ? member.getProperty().getIdentifier() : null;
        if (callee == null) {
            return;
        }
        if (!CALL_TOOL.equals(callee)) {
            Optional<ScriptTool> bare = ToolCatalog.find(callee);
            if (bare.isPresent() && (target instanceof Name || !isName(((PropertyGet) target).getTarget(), "console"))) {
                problems.add(at(call, callee + "(…) is not a function here; tools are called only as "
                        + bare.get().example()));
            } else if (HOST_ONLY.contains(callee)) {
                problems.add(at(call, callee + " is internal to Countersign; call tools as call_tool(\"name\", {…})"));
            }
            return;
        }
        if (target instanceof PropertyGet) {
            problems.add(at(call, "call call_tool directly, as call_tool(\"name\", {…}), not as a method"));
            return;
        }
        List<AstNode> args = call.getArguments();
        if (args.isEmpty() || !(args.get(0) instanceof StringLiteral literal)) {
            problems.add(at(call, "the tool name must be a string literal: call_tool(\"computer_observe\", {…}); "
                    + "tools: " + ToolCatalog.names()));
            return;
        }
        String name = literal.getValue();
        Optional<ScriptTool> tool = ToolCatalog.find(name);
        if (tool.isEmpty()) {
            problems.add(at(call, "there is no tool \"" + name + "\"; tools: " + ToolCatalog.names()));
            return;
        }
        String form = tool.get().example();
        if (args.size() != 2) {
            problems.add(at(call, "call_tool takes exactly two arguments, the name and one object of named "
                    + "arguments: " + form));
            return;
        }
        AstNode arg = args.get(1);
        if (isNonObjectLiteral(arg)) {
            problems.add(at(call, "the arguments must be one object with named fields, not " + arg.toSource()
                    + ": " + form));
        } else if (arg instanceof ObjectLiteral object) {
            for (AbstractObjectProperty element : object.getElements()) {
                ObjectProperty property = element instanceof ObjectProperty p ? p : null;
                if (property == null || property.isMethod()
                        || !(property.getKey() instanceof Name || property.getKey() instanceof StringLiteral)) {
                    problems.add(at(element, "argument names must be plain names or strings (no numbers, computed "
                            + "keys, spreads or methods): " + form));
                    return;
                }
            }
        }
    }

    private static boolean isNonObjectLiteral(AstNode arg) {
        return arg instanceof StringLiteral || arg instanceof NumberLiteral || arg instanceof ArrayLiteral
                || arg instanceof KeywordLiteral || arg instanceof FunctionNode || arg instanceof TemplateLiteral
                || arg instanceof RegExpLiteral || arg instanceof BigIntLiteral;
    }

    private static boolean isName(AstNode node, String identifier) {
        return node instanceof Name name && identifier.equals(name.getIdentifier());
    }

    private static String at(AstNode node, String message) {
        return "line " + node.getLineno() + ": " + message;
    }
}
