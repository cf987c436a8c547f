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
 */
record Settings(@JsonProperty("port") Integer port) {

    static Settings load(Path file) throws IOException {
        try {
            return Json.mapper().readValue(Files.readAllBytes(file), Settings.class);
        } catch (NoSuchFileException e) {
            return new Settings(null);
        }
    }

    int portOrDefault() {
        return port == null ? EndpointConfig.DEFAULT_PORT : port;
    }
}
