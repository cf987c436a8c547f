package dev.countersign.app.cli;

import dev.countersign.app.VersionProvider;
import dev.countersign.app.RemoteTools;
import dev.countersign.app.Backends;
import dev.countersign.app.Home;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.countersign.app.settings.SettingsStore;
import dev.countersign.core.CountersignException;
import dev.countersign.core.Json;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.Permissions;
import dev.countersign.desktop.linux.AtspiDesktopBackend;
import dev.countersign.govern.GovernConfig;
import dev.countersign.govern.GovernedServer;
import dev.countersign.govern.Offer;
import dev.countersign.server.EndpointConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code countersign doctor}: what this machine offers Countersign, in words or as JSON. */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = "Check the platform, desktop session, permissions, backend, home folder and endpoint.")
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
        Home home = Home.current();
        report.put("home", home.root().toString());
        report.put("home_mode", mode(home.root()));
        try (DesktopBackend backend = Backends.forThisMachine()) {
            report.put("backend", Backends.describe(backend));
            if (backend instanceof AtspiDesktopBackend atspi) {
                report.put("ended_app_connections", atspi.endedAppConnections());
            }
            report.put("session", backend.sessionState().name().toLowerCase(Locale.ROOT));
            Permissions permissions = backend.permissions();
            report.put("accessibility", permissions.accessibility().name().toLowerCase(Locale.ROOT));
            report.put("screen_recording", permissions.screenRecording().name().toLowerCase(Locale.ROOT));
        }
        try {
            report.put("agents", AgentCommand.directory(home).list().size());
        } catch (CountersignException e) {
            report.put("agents", "unreadable: " + e.error().message());
        }
        report.put("governed", governed(home));
        report.put("remotes", RemoteTools.report(home));
        int port;
        try {
            port = SettingsStore.read(home.settings()).portOrDefault();
        } catch (IOException e) {
            port = EndpointConfig.DEFAULT_PORT;
            report.put("settings", "unreadable: " + e.getMessage());
        }
        URI endpoint = URI.create("http://127.0.0.1:" + port + "/mcp");
        report.put("endpoint", endpoint.toString());
        report.put("endpoint_status", probe(endpoint));
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(report));
        } else {
            report.forEach((k, v) -> out.printf("%-17s %s%n", k, v == null ? "(not set)" : v));
        }
        return 0;
    }

    /**
     * Each registered governed server, started once: the actions agents get, and what it offers
     * that Countersign cannot govern and so withholds, with the reason.
     */
    static List<Map<String, Object>> governed(Home home) {
        List<Map<String, Object>> out = new ArrayList<>();
        List<GovernConfig.Entry> entries;
        try {
            entries = GovernConfig.load(GovernCommand.file(home));
        } catch (IOException | RuntimeException e) {
            out.add(Map.of("error", "govern.json is unreadable: " + e.getMessage()));
            return out;
        }
        for (var entry : entries) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", entry.name());
            row.put("command", String.join(" ", entry.command()));
            try (var server = GovernedServer.start(entry.name(), entry.command(), Duration.ofSeconds(30))) {
                var offer = Offer.of(server.tools());
                row.put("offered", offer.tool() == null ? List.of() : offer.actions().keySet());
                List<String> withheld = new ArrayList<>();
                offer.withheld().forEach(w -> withheld.add(w.what() + ": " + w.why()));
                row.put("withheld", withheld);
            } catch (CountersignException e) {
                row.put("status", "not offered: " + e.error().message());
            }
            out.add(row);
        }
        return out;
    }

    /** Whether Countersign answers on the port: without a token it must say 401. */
    static String probe(URI endpoint) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        try {
            HttpResponse<Void> response = http.send(HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(3))
                    .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
            return response.statusCode() == 401 ? "listening (Countersign answered and asked for a token)"
                    : "something else answers on this port (HTTP " + response.statusCode() + ")";
        } catch (IOException e) {
            return "not running (start it with: countersign serve)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "not checked (interrupted)";
        }
    }

    private static String mode(Path dir) {
        try {
            return Files.exists(dir) ? PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)) : "(not created yet)";
        } catch (IOException | UnsupportedOperationException e) {
            return "(unknown)";
        }
    }

    private static String envOrNull(String name) {
        String value = System.getenv(name);
        return value == null || value.isEmpty() ? null : value;
    }
}
