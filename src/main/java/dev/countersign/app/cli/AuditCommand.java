package dev.countersign.app.cli;

import dev.countersign.app.Home;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.countersign.audit.AuditVerification;
import dev.countersign.audit.AuditVerifier;
import dev.countersign.audit.ExportVerification;
import dev.countersign.audit.ExportVerifier;
import dev.countersign.core.CountersignException;
import dev.countersign.core.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code countersign audit verify|export}: checks the audit log's hash chain, or an exported file. */
@Command(name = "audit", mixinStandardHelpOptions = true, description = "Work with the audit log.",
        subcommands = {AuditCommand.Verify.class, AuditExportCommand.class})
final class AuditCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }

    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = {"Check the audit log's hash chain, or a file `countersign audit export` wrote.",
                "Exits 0 when intact, 1 when a record was changed, removed or reordered, a picture replaced or the "
                    + "anchor changed (each named), 2 when unreadable."})
    static final class Verify implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--file", paramLabel = "F", description = "The log to check (default: <home>/audit/audit.jsonl).")
        Path file;

        @Parameters(arity = "0..1", paramLabel = "FILE",
                description = "An exported file (or a log) to check, with nothing else; the same as --file.")
        Path positional;

        @Option(names = "--json", description = "Print the result as JSON.")
        boolean json;

        @Override
        public Integer call() throws JsonProcessingException {
            PrintWriter out = spec.commandLine().getOut();
            if (file != null && positional != null && !file.equals(positional)) {
                spec.commandLine().getErr().println("countersign audit verify: INVALID_ARGUMENT: give the file once, "
                        + "either as FILE or as --file");
                return 2;
            }
            Path log = positional != null ? positional : file != null ? file : Home.current().auditFile();
            Object result;
            boolean ok;
            String summary;
            try {
                if (ExportVerifier.isExport(log)) {
                    ExportVerification v = ExportVerifier.verify(log);
                    result = v;
                    ok = v.ok();
                    summary = v.summary();
                } else {
                    AuditVerification v = AuditVerifier.verify(log);
                    result = v;
                    ok = v.ok();
                    summary = v.summary();
                }
            } catch (CountersignException e) {
                spec.commandLine().getErr().println("countersign audit verify: cannot read " + log + ": " + e.getMessage());
                return 2;
            } catch (IOException | UncheckedIOException e) {
                spec.commandLine().getErr().println("countersign audit verify: INTERNAL: cannot read " + log + ": "
                        + e.getMessage());
                return 2;
            }
            if (json) {
                out.println(Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(result));
            } else {
                out.println(log + ": " + summary);
            }
            return ok ? 0 : 1;
        }
    }
}
