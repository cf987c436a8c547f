package dev.countersign.script;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Runaway, greedy and escaping scripts end with a clear error, and the host goes on working. */
class SandboxTest {
    private final CodeRuntime runtime = new CodeRuntime(
            new ScriptLimits(5_000_000, Duration.ofSeconds(3), 64L << 20, 100_000, 1_000, 8, 256 << 10));

    private String raised(String body) {
        long started = System.nanoTime();
        RunStep step = runtime.start(body + ";\nreturn {final_result: 'escaped'};", "t");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("ended promptly").isLessThan(Duration.ofSeconds(10));
        assertThat(step).as(body).isInstanceOf(RunStep.Raised.class);
        hostStillWorks();
        return ((RunStep.Raised) step).message();
    }

    private void hostStillWorks() {
        RunStep ok = runtime.start("var a = []; for (var i = 0; i < 1000; i++) a.push(i); return {final_result: a.length};", "ok");
        assertThat(((RunStep.Complete) ok).value().get("final_result").asInt()).isEqualTo(1000);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            while (true) {}                                                            | instruction limit
            try { while (true) {} } catch (e) {} finally { }                           | instruction limit
            for (;;) { try { for (;;) {} } catch (e) { continue; } }                   | instruction limit
            (function f() { try { f(); } catch (e) { f(); } })()                       | LimitError
            /(a+)+$/.test('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab')           | instruction limit
            """)
    void runawayScriptsEndWithALimitError(String body, String expected) {
        assertThat(raised(body)).contains(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            'x'.repeat(1e9)                                                           | String.prototype.repeat
            ''.padStart(1e9)                                                          | String.prototype.padStart
            new Array(1e9).fill(0)                                                    | Array.prototype.fill
            var a = []; a.length = 4e9; a.join('x')                                   | Array.prototype.join
            Array.from({length: 1e9})                                                 | Array.from
            Array.apply(null, {length: 1e9})                                          | Function.prototype.apply
            var a = []; for (var i = 0; i < 40; i++) a = [a, a]; JSON.stringify(a)    | JSON.stringify
            var a = []; while (true) a.push('xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' + a.length) | limit
            var s = 'x'; while (true) s = s + s + 'y'                                 | limit
            var s = 'x'; for (var i = 0; i < 26; i++) s = s + s; s.indexOf('y')     | memory limit
            var s = 'x'; for (var i = 0; i < 26; i++) s = s + s; var o = {}; o[s] = 1 | memory limit
            new Uint8Array(1e9)                                                       | Uint8Array
            new ArrayBuffer(1e9)                                                      | ArrayBuffer
            """)
    void hugeAllocationsEndWithAClearError(String body, String expected) {
        assertThat(raised(body)).contains(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            java.lang.System.exit(1)                                                   | java
            Packages.java.lang.Runtime.getRuntime()                                    | Packages
            getClass('java.lang.System')                                               | getClass
            new JavaImporter(java.io)                                                  | JavaImporter
            ({}).getClass()                                                            | getClass
            'x'.getClass().forName('java.lang.Runtime')                                | getClass
            Function('return java')().lang.System.exit(1)                              | java
            eval('1')                                                                  | eval
            load('/etc/passwd')                                                        | load
            readFile('/etc/passwd')                                                    | readFile
            new XMLHttpRequest()                                                       | XMLHttpRequest
            importPackage(java.io)                                                     | importPackage
            new Continuation()                                                         | not a function
            """)
    void javaFilesAndNetworkAreOutOfReach(String body, String expected) {
        assertThat(raised(body)).contains(expected);
    }

    @Test
    void printIsBoundedAndMarked() {
        RunStep step = runtime.start("for (var i = 0; i < 500; i++) print('line ' + i); return {final_result: 1};", "t");
        assertThat(step.stdout()).hasSizeLessThanOrEqualTo(1_000 + 30).endsWith("[stdout truncated]\n");
    }

    @Test
    void limitsCountAcrossToolCallsSoSplittingALoopDoesNotResetThem() throws Exception {
        String body = "for (var k = 0; k < 8; k++) { for (var i = 0; i < 100000; i++) {} call_tool('computer_evidence', {}); }\n"
                + "return {final_result: 'escaped'};";
        RunStep step = runtime.start(body, "t");
        int calls = 0;
        while (step instanceof RunStep.Call) {
            calls++;
            step = runtime.resume(((RunStep.Call) step).snapshot(), new ResumeWith.Value(CodeRuntimeTest.json("{}")));
        }
        assertThat(((RunStep.Raised) step).message()).contains("instruction limit");
        assertThat(calls).isBetween(1, 7);
    }
}
