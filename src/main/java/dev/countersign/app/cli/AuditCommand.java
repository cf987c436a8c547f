package dev.countersign.app.cli;

import dev.countersign.app.Home;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.countersign.audit.AuditVerification;
import dev.countersign.audit.AuditVerifier;
import dev.countersign.core.CountersignException;
import dev.countersign.core.Json;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code countersign audit verify}: checks the audit log's hash chain. */
@Command(name = "audit", mixinStandardHelpOptions = true, description = "Work with the audit log.",
        subcommands = AuditCommand.Verify.class)
final class AuditCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }

    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = {"Check the audit log's hash chain.",
                "Exits 0 when intact, 1 when a record was changed, removed or reordered (naming its line), 2 when unreadable."})
    static final class Verify implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--file", paramLabel = "F", description = "The log to check (default: <home>/audit/audit.jsonl).")
        Path file;

        @Option(names = "--json", description = "Print the result as JSON.")
        boolean json;

        @Override
        public Integer call() throws JsonProcessingException {
            PrintWriter out = spec.commandLine().getOut();
            Path log = file != null ? file : Home.current().auditFile();
            AuditVerification result;
            try {
                result = AuditVerifier.verify(log);
            } catch (CountersignException | UncheckedIOException e) {
                spec.commandLine().getErr().println("countersign audit verify: cannot read " + log + ": " + e.getMessage());
                return 2;
            }
            if (json) {
                out.println(Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(result));
            } else {
                out.println(log + ": " + result.summary());
            }
            return result.ok() ? 0 : 1;
        }
    }
}
