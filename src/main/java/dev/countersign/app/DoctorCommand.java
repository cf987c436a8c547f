package dev.countersign.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.countersign.core.Json;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code countersign doctor}: what this machine offers Countersign, in words or as JSON. */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = "Check the platform, the desktop session and what Countersign can use here.")
final class DoctorCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print the report as JSON.")
    boolean json;

    @Override
    public Integer call() throws JsonProcessingException {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("version", VersionProvider.version());
        report.put("java", System.getProperty("java.version"));
        report.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        report.put("display", envOrNull("DISPLAY"));
        report.put("session_bus", envOrNull("DBUS_SESSION_BUS_ADDRESS") != null);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(report));
        } else {
            report.forEach((k, v) -> out.printf("%-12s %s%n", k, v == null ? "(not set)" : v));
        }
        return 0;
    }

    private static String envOrNull(String name) {
        String value = System.getenv(name);
        return value == null || value.isEmpty() ? null : value;
    }
}
