package dev.countersign.app.settings;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.PictureRules;
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
 * @param pictures whether the Activity timeline keeps small pictures of each act (default on)
 * @param picturesMb the most the kept pictures may take together, in MB (default 50)
 * @param picturesDays how many days a picture is kept (default 30)
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
        @JsonProperty("max_concurrent_calls") Integer maxConcurrentCalls,
        @JsonProperty("timeline_pictures") Boolean pictures,
        @JsonProperty("timeline_pictures_mb") Integer picturesMb,
        @JsonProperty("timeline_pictures_days") Integer picturesDays) {

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
        if (picturesMb != null && (picturesMb < 1 || picturesMb > 10_000)) {
            throw new IllegalArgumentException("timeline_pictures_mb is 1-10000, got " + picturesMb);
        }
        if (picturesDays != null && (picturesDays < 1 || picturesDays > 3650)) {
            throw new IllegalArgumentException("timeline_pictures_days is 1-3650, got " + picturesDays);
        }
        if (theme != null && !theme.equals("system") && !theme.equals("light") && !theme.equals("dark")) {
            throw new IllegalArgumentException("theme is system, light or dark, got " + theme);
        }
    }

    /** Settings without the timeline's picture choices (their defaults apply). */
    public AppSettings(Integer port, Integer leaseActions, Integer leaseMinutes, String policyFile,
            Boolean launchAtLogin, String theme, Double requestsPerSecond, Integer burst, Integer maxConcurrentCalls) {
        this(port, leaseActions, leaseMinutes, policyFile, launchAtLogin, theme, requestsPerSecond, burst,
                maxConcurrentCalls, null, null, null);
    }

    public static AppSettings defaults() {
        return new AppSettings(null, null, null, null, null, null, null, null, null);
    }

    /** These settings with the timeline's picture choices. */
    public AppSettings withPictures(boolean on, int mb, int days) {
        return new AppSettings(port, leaseActions, leaseMinutes, policyFile, launchAtLogin, theme, requestsPerSecond,
                burst, maxConcurrentCalls, on, mb, days);
    }

    /** What the timeline keeps of each act's pictures: on, 50 MB and 30 days unless set. */
    public PictureRules pictureRules() {
        boolean on = pictures == null || pictures;
        return on ? new PictureRules(true, (picturesMb == null ? 50L : picturesMb) * 1024 * 1024,
                Duration.ofDays(picturesDays == null ? 30 : picturesDays)) : PictureRules.OFF;
    }

    /** These settings with the person's choices from the window, keeping the endpoint's limits. */
    public AppSettings withChoices(int newPort, int actions, int minutes, String policy, boolean atLogin,
            String newTheme) {
        return new AppSettings(newPort, actions, minutes, policy, atLogin, newTheme, requestsPerSecond, burst,
                maxConcurrentCalls, pictures, picturesMb, picturesDays);
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
