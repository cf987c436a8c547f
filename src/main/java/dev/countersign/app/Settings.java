package dev.countersign.app;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.Json;
import dev.countersign.server.EndpointConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The person's settings ({@code settings.json}); every field is optional and a missing file means
 * defaults. Unknown fields are refused, so a typo is an error and not a silent default.
 *
 * @param port the endpoint's port (default {@value EndpointConfig#DEFAULT_PORT})
 * @param requestsPerSecond each agent's steady request rate (default 50)
 * @param burst requests an agent may send at once (default 200)
 * @param maxConcurrentCalls calls one agent may have in flight (default 8)
 */
record Settings(
        @JsonProperty("port") Integer port,
        @JsonProperty("requests_per_second") Double requestsPerSecond,
        @JsonProperty("burst") Integer burst,
        @JsonProperty("max_concurrent_calls") Integer maxConcurrentCalls,
        // Written by the tray's Settings window (app.settings.AppSettings); read there.
        @JsonProperty("lease_actions") Integer leaseActions,
        @JsonProperty("lease_minutes") Integer leaseMinutes,
        @JsonProperty("policy_file") String policyFile,
        @JsonProperty("launch_at_login") Boolean launchAtLogin,
        @JsonProperty("theme") String theme) {

    static Settings load(Path file) throws IOException {
        try {
            return Json.mapper().readValue(Files.readAllBytes(file), Settings.class);
        } catch (NoSuchFileException e) {
            return new Settings(null, null, null, null, null, null, null, null, null);
        }
    }

    /** The policy file in force: the one chosen in Settings, else {@code policy.json} in the home folder. */
    Path policyPath(Home home) {
        return policyFile == null || policyFile.isBlank() ? home.policy() : Path.of(policyFile);
    }

    int portOrDefault() {
        return port == null ? EndpointConfig.DEFAULT_PORT : port;
    }

    /** The endpoint's configuration: defaults, with what the person set here. */
    EndpointConfig endpoint(int chosenPort) {
        EndpointConfig defaults = EndpointConfig.defaults();
        return defaults.withPort(chosenPort).withLimits(
                requestsPerSecond == null ? defaults.requestsPerSecond() : requestsPerSecond,
                burst == null ? defaults.burst() : burst,
                maxConcurrentCalls == null ? defaults.maxConcurrentCalls() : maxConcurrentCalls);
    }
}
