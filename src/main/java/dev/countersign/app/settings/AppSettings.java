package dev.countersign.app.settings;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.driver.LeaseBook;
import dev.countersign.server.EndpointConfig;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The person's settings, the one record {@code settings.json} is read into and written from, by the
 * endpoint ({@code countersign serve}, the tray app, {@code doctor}, {@code agent add}) and by the
 * Settings window alike. Every field is optional (a missing one takes its default, a missing file
 * means all defaults); unknown fields are refused ({@link SettingsStore}), so a typo is an error and
 * not a silent default.
 *
 * @param port the endpoint's loopback port (default {@value EndpointConfig#DEFAULT_PORT})
 * @param leaseActions actions in the lease an agent gets on connect
 * @param leaseMinutes minutes that lease lasts
 * @param policyFile the policy file, or null for {@code policy.json} in the home folder
 * @param launchAtLogin whether the app starts when the person logs in
 * @param theme "system", "light" or "dark"
 * @param requestsPerSecond each agent's steady request rate (default 50)
 * @param burst requests an agent may send at once (default 200)
 * @param maxConcurrentCalls calls one agent may have in flight (default 8)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AppSettings(
        @JsonProperty("port") Integer port,
        @JsonProperty("lease_actions") Integer leaseActions,
        @JsonProperty("lease_minutes") Integer leaseMinutes,
        @JsonProperty("policy_file") String policyFile,
        @JsonProperty("launch_at_login") Boolean launchAtLogin,
        @JsonProperty("theme") String theme,
        // The endpoint's limits: the Settings window does not show them and keeps them as they are.
        @JsonProperty("requests_per_second") Double requestsPerSecond,
        @JsonProperty("burst") Integer burst,
        @JsonProperty("max_concurrent_calls") Integer maxConcurrentCalls) {

    /** The documented default port (docs/endpoint.md). */
    public static final int DEFAULT_PORT = EndpointConfig.DEFAULT_PORT;

    public AppSettings {
        if (port != null && (port < 1 || port > 65535)) {
            throw new IllegalArgumentException("port is 1-65535, got " + port);
        }
        if (leaseActions != null && (leaseActions < 1 || leaseActions > 10_000)) {
            throw new IllegalArgumentException("lease_actions is 1-10000, got " + leaseActions);
        }
        if (leaseMinutes != null && (leaseMinutes < 1 || leaseMinutes > 24 * 60)) {
            throw new IllegalArgumentException("lease_minutes is 1-1440, got " + leaseMinutes);
        }
        if (theme != null && !theme.equals("system") && !theme.equals("light") && !theme.equals("dark")) {
            throw new IllegalArgumentException("theme is system, light or dark, got " + theme);
        }
    }

    public static AppSettings defaults() {
        return new AppSettings(null, null, null, null, null, null, null, null, null);
    }

    /** These settings with the person's choices from the window, keeping the endpoint's limits. */
    public AppSettings withChoices(int newPort, int actions, int minutes, String policy, boolean atLogin,
            String newTheme) {
        return new AppSettings(newPort, actions, minutes, policy, atLogin, newTheme, requestsPerSecond, burst,
                maxConcurrentCalls);
    }

    public int portOrDefault() {
        return port == null ? DEFAULT_PORT : port;
    }

    public int leaseActionsOrDefault() {
        return leaseActions == null ? LeaseBook.Terms.defaults().budget() : leaseActions;
    }

    public int leaseMinutesOrDefault() {
        return leaseMinutes == null ? (int) LeaseBook.Terms.defaults().lifetime().toMinutes() : leaseMinutes;
    }

    public boolean launchAtLoginOrDefault() {
        return launchAtLogin != null && launchAtLogin;
    }

    public String themeOrDefault() {
        return theme == null ? "system" : theme;
    }

    /** The lease a newly connected agent gets: unscoped, as many actions and minutes as set. */
    public LeaseBook.Terms defaultLease() {
        return new LeaseBook.Terms(leaseActionsOrDefault(), Duration.ofMinutes(leaseMinutesOrDefault()),
                LeaseBoundaries.unscoped());
    }

    /** The policy file in force: the one chosen here, else {@code homePolicy} (the home folder's policy.json). */
    public Path policyPath(Path homePolicy) {
        return policyFile == null || policyFile.isBlank() ? homePolicy : Path.of(policyFile);
    }

    /**
     * The endpoint's configuration on {@code chosenPort}: the defaults, with the limits set here.
     *
     * @throws IllegalArgumentException if a limit set here is not positive
     */
    public EndpointConfig endpoint(int chosenPort) {
        EndpointConfig defaults = EndpointConfig.defaults();
        return defaults.withPort(chosenPort).withLimits(
                requestsPerSecond == null ? defaults.requestsPerSecond() : requestsPerSecond,
                burst == null ? defaults.burst() : burst,
                maxConcurrentCalls == null ? defaults.maxConcurrentCalls() : maxConcurrentCalls);
    }
}
