package dev.countersign.script;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CodeRuntimeTest {
    private final CodeRuntime runtime = new CodeRuntime(ScriptLimits.defaults());

    static JsonNode json(String text) throws Exception {
        return Json.mapper().readTree(text);
    }

    RunStep.Call call(RunStep step) {
        assertThat(step).isInstanceOf(RunStep.Call.class);
        return (RunStep.Call) step;
    }

    static long allocatedOnThisThread() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    String raised(RunStep step) {
        assertThat(step).isInstanceOf(RunStep.Raised.class);
        return ((RunStep.Raised) step).message();
    }

    @Nested
    class Steps {
        @Test
        void aScriptWithoutToolsCompletesWithItsTaggedValue() {
            RunStep step = runtime.start("var x = 20; print('x is', x); return {final_result: x + 22};", "t");
            assertThat(step).isInstanceOf(RunStep.Complete.class);
            assertThat(((RunStep.Complete) step).value().get("final_result").asInt()).isEqualTo(42);
            assertThat(step.stdout()).isEqualTo("x is 20\n");
        }

        @Test
        void aToolCallStopsTheRunAndResumingContinuesWithTheResult() throws Exception {
            RunStep.Call first = call(runtime.start("var seen = 'before';\nprint(seen);\n"
                    + "var o = call_tool(\"computer_observe\", {app: \"yad\", max_nodes: 50});\n"
                    + "return {final_result: seen + ' ' + o.nodes.length};", "t"));
            assertThat(first.tool()).isEqualTo("computer_observe");
            assertThat(first.args()).isEqualTo(json("{\"app\":\"yad\",\"max_nodes\":50}"));
            assertThat(first.stdout()).isEqualTo("before\n");

            RunStep done = runtime.resume(first.snapshot(), new ResumeWith.Value(json("{\"nodes\":[1,2,3]}")));

            assertThat(((RunStep.Complete) done).value()).isEqualTo(json("{\"final_result\":\"before 3\"}"));
            assertThat(done.stdout()).isEqualTo("before\n");
        }

        @Test
        void aMapHeldAcrossAToolCallSurvivesTheSnapshot() throws Exception {
            RunStep.Call first = call(runtime.start("var m = new Map(); m.set('k', 1); var s = new Set(['a']);\n"
                    + "call_tool(\"computer_evidence\", {});\n"
                    + "return {final_result: m.get('k') + s.size};", "t"));
            RunStep done = runtime.resume(first.snapshot(), new ResumeWith.Value(json("{}")));
            assertThat(((RunStep.Complete) done).value().get("final_result").asInt()).isEqualTo(2);
        }

        @Test
        void stateTooLargeToSaveEndsTheScriptBeforeTheToolRuns() {
            // Doubling stays lazy in Rhino; flattening happens only when the state is written.
            String message = raised(runtime.start("var s = 'a'.repeat(65536);\n"
                    + "for (var i = 0; i < 7; i++) { s = s + s; }\n"
                    + "call_tool(\"computer_evidence\", {});\n"
                    + "return {final_result: s.length};", "t"));
            assertThat(message).startsWith("LimitError").contains("too large to save");
        }

        @Test
        void aStringDoubledPastTheStateBudgetEndsWithALimitErrorInsteadOfRunningOutOfMemory() {
            // 27 doublings: a 128 Mi-character string that stays lazy until the state is written.
            String message = raised(runtime.start("var s = 'x';\n"
                    + "for (var i = 0; i < 27; i++) { s = s + s; }\n"
                    + "call_tool(\"computer_evidence\", {});\n"
                    + "return {final_result: s.length};", "t"));
            assertThat(message).startsWith("LimitError").contains("too large to save");
        }

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', textBlock = """
                var held = grow()
                var held = {k: grow()}
                var held = [1, grow()]
                var held = new Map(); held.set('k', grow())
                var held = new String(grow())
                var held = (function (s) { return function () { return s; }; })(grow())
                """)
        void aLazyStringIsRefusedBeforeItIsFlattenedWhereverTheStateHoldsIt(String holder) {
            // Flattening 27 doublings of 'x' for serialization alone would allocate 384 MB.
            long before = allocatedOnThisThread();
            String message = raised(runtime.start("function grow() { var s = 'x'; "
                    + "for (var i = 0; i < 27; i++) { s = s + s; } return s; }\n" + holder + ";\n"
                    + "call_tool(\"computer_evidence\", {});\nreturn {final_result: 1};", "t"));
            assertThat(message).contains("too large to save");
            assertThat(allocatedOnThisThread() - before).as("bytes allocated to start and refuse the script")
                    .isLessThan(64L << 20);
        }

        @Test
        void theStateBudgetIsTheLimitsOwnAndCountsEveryStringHeld() {
            String script = "var kept = [];\nfor (var i = 0; i < 2000; i++) { kept.push('item number ' + i + ' of many'); }\n"
                    + "call_tool(\"computer_evidence\", {});\nreturn {final_result: kept.length};";
            ScriptLimits d = ScriptLimits.defaults();
            CodeRuntime small = new CodeRuntime(new ScriptLimits(d.maxInstructions(), d.maxCompute(),
                    d.maxAllocatedBytes(), d.maxElements(), d.maxStdoutChars(), d.maxToolCalls(), 64 << 10));

            assertThat(call(runtime.start(script, "t")).snapshot().length).isBetween(64 << 10, 2 << 20);
            assertThat(raised(small.start(script, "t"))).startsWith("LimitError").contains("more than 65536 bytes");
        }

        @Test
        void aToolErrorIsThrownIntoTheScriptWhichMayCatchIt() throws Exception {
            RunStep.Call first = call(runtime.start("try { call_tool(\"computer_act\", {ref: \"r1\", op: \"click\"}); }\n"
                    + "catch (e) { return {final_result: [e.name, e.code, e.receipt.status]}; }", "t"));
            RunStep done = runtime.resume(first.snapshot(), new ResumeWith.Failure(
                    CountersignError.of(ErrorCode.APPROVAL_DENIED, "the person denied"), json("{\"status\":\"rejected\"}")));
            assertThat(((RunStep.Complete) done).value())
                    .isEqualTo(json("{\"final_result\":[\"ToolError\",\"APPROVAL_DENIED\",\"rejected\"]}"));
        }

        @Test
        void anUncaughtToolErrorComesBackVerbatimWithTheScriptsLine() throws Exception {
            RunStep.Call first = call(runtime.start("var a = 1;\ncall_tool(\"computer_evidence\", {});\nreturn {final_result: 1};", "t"));
            String message = raised(runtime.resume(first.snapshot(), new ResumeWith.Failure(
                    CountersignError.of(ErrorCode.SESSION_LOCKED, "the desktop session is locked"), null)));
            assertThat(message).isEqualTo("ToolError: SESSION_LOCKED: the desktop session is locked (line 2)");
        }

        @Test
        void anUncaughtThrowIsRaisedVerbatim() {
            assertThat(raised(runtime.start("throw new Error('nothing to click');", "t")))
                    .isEqualTo("Error: nothing to click (line 1)");
        }

        @Test
        void aScriptThatReturnsNothingIsToldToTagItsResult() {
            assertThat(raised(runtime.start("var x = 1;", "t"))).contains("return {final_result: …}");
        }

        @Test
        void aSyntaxErrorNamesItsLine() {
            assertThat(raised(runtime.start("var x = 1;\nvar = ;", "t"))).startsWith("SyntaxError").contains("line 2");
        }

        @Test
        void escapingTheFunctionBodyIsRefused() {
            assertThat(raised(runtime.start("return 1; }\nfunction evil() {", "t"))).startsWith("SyntaxError");
        }

        @Test
        void loopsOfCallsResumeThroughManySnapshots() throws Exception {
            RunStep step = runtime.start("var seen = [];\nfor (var i = 0; i < 5; i++) {\n"
                    + "  seen.push(call_tool(\"computer_evidence\", {}).n);\n}\nreturn {final_result: seen};", "t");
            for (int i = 0; i < 5; i++) {
                step = runtime.resume(call(step).snapshot(), new ResumeWith.Value(json("{\"n\":" + i + "}")));
            }
            assertThat(((RunStep.Complete) step).value()).isEqualTo(json("{\"final_result\":[0,1,2,3,4]}"));
        }

        @Test
        void thePromptListsEveryToolSignature() {
            assertThat(runtime.prompt()).contains("call_tool(\"computer_act\", {ref: string")
                    .contains("call_tool(\"computer_observe\", {app?: ").contains("call_tool(\"computer_evidence\", {})")
                    .contains("return {final_result: …}").contains("for loops");
        }

        @Test
        void theCompactPromptNamesEveryToolTheLimitsAndTheResumeInAsciiOnly() {
            assertThat(runtime.compactPrompt()).contains("call_tool('NAME', {args})")
                    .contains("computer_observe, computer_act or computer_evidence")
                    .contains("final_result").contains("observation").contains("ToolError e.code")
                    .contains("20M instructions").contains("64 calls").contains("suspended with script_id").contains("error (an uncaught exception)")
                    .contains("computer_script_resume").matches("\\p{ASCII}*");
        }
    }

    @Nested
    class CallForms {
        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', textBlock = """
                computer_act({ref: 'r', op: 'click'})              | call_tool("computer_act", {ref: …, op: …})
                tools.computer_observe({})                         | call_tool("computer_observe", {})
                call_tool('computer_act', 'r1', 'click')           | exactly two arguments
                call_tool('computer_act', ['r1'])                  | one object with named fields
                call_tool('computer_act', 'r1')                    | one object with named fields
                call_tool('computer_act', {1: 'r1'})               | plain names or strings
                call_tool('computer_act', {['ref']: 'r1'})         | plain names or strings
                var n = 'computer_act'; call_tool(n, {})           | string literal
                call_tool('rm_rf', {})                             | there is no tool "rm_rf"
                var f = call_tool; f('computer_evidence', {})      | called directly
                __host_call('computer_evidence', {}, '{}')         | internal to Countersign
                """)
        void wrongFormsAreRefusedBeforeRunningWithTheRightForm(String body, String expected) {
            assertThat(raised(runtime.start(body + ";\nreturn {final_result: 1};", "t"))).startsWith("line 1:")
                    .contains(expected);
        }

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', textBlock = """
                var a = {}; a[1] = 'x'; call_tool('computer_evidence', a)              | argument names must be strings
                var a = 'x'; call_tool('computer_evidence', a)                        | one object with named fields
                var a = [1]; call_tool('computer_evidence', a)                        | one object with named fields
                var g = Function('return call_tool')(); g(42, {})                      | must be a string
                var g = Function('return this')(); g['computer_act']({})              | not a function
                [1].forEach(function () { call_tool('computer_evidence', {}); })      | plain for loop
                """)
        void formsBuiltAtRunTimeAreRefusedByTheRuntimeCheck(String body, String expected) {
            assertThat(raised(runtime.start(body + ";\nreturn {final_result: 1};", "t"))).contains(expected);
        }
    }
}
