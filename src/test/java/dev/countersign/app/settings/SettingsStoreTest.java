package dev.countersign.app.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.countersign.app.fx.Theme;
import dev.countersign.core.Json;
import dev.countersign.server.EndpointConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsStoreTest {
    @TempDir
    Path dir;

    SettingsStore store() {
        return new SettingsStore(dir.resolve("home/settings.json"), Autostart.linux(dir.resolve("autostart"), "/x/countersign"));
    }

    @Test
    void noFileMeansDefaults() {
        AppSettings s = store().load();
        assertThat(s.portOrDefault()).isEqualTo(7475);
        assertThat(s.defaultLease().budget()).isEqualTo(30);
        assertThat(s.defaultLease().lifetime()).isEqualTo(Duration.ofMinutes(10));
        assertThat(s.defaultLease().boundaries().appIds()).isEmpty();
        assertThat(s.themeOrDefault()).isEqualTo("system");
    }

    @Test
    void savedSettingsReadBackAndLaunchAtLoginWritesTheAutostartEntry() throws Exception {
        AppSettings s = new AppSettings(8000, 50, 15, null, true, "dark", 20.0, null, null);
        store().save(s);
        assertThat(store().load()).isEqualTo(s);
        Path entry = dir.resolve("autostart/countersign.desktop");
        assertThat(Files.readString(entry)).contains("Exec=/x/countersign");
        store().save(new AppSettings(8000, 50, 15, null, false, "dark", null, null, null));
        assertThat(entry).doesNotExist();
    }

    @Test
    void aMisspeltFieldIsAnErrorNotASilentDefault() throws Exception {
        Files.createDirectories(dir.resolve("home"));
        Files.writeString(dir.resolve("home/settings.json"), "{\"prot\": 1}");
        assertThatThrownBy(() -> store().load()).isInstanceOf(UncheckedIOException.class);
    }

    /** Every field set, none to its default: what a round trip must keep, field by field. */
    private static AppSettings everyFieldSet() {
        return new AppSettings(8123, 42, 17, "/p/policy.json", true, "light", 12.5, 34, 5, false, 20, 7);
    }

    /** The field names settings.json has always used; a rename would orphan the files people have. */
    private static final Set<String> FIELD_NAMES = Set.of("port", "lease_actions", "lease_minutes", "policy_file",
            "launch_at_login", "theme", "requests_per_second", "burst", "max_concurrent_calls", "timeline_pictures",
            "timeline_pictures_mb", "timeline_pictures_days");

    @Test
    void everyFieldSurvivesAWriteAndARead() throws Exception {
        AppSettings s = everyFieldSet();
        for (RecordComponent field : AppSettings.class.getRecordComponents()) {
            assertThat(field.getAccessor().invoke(s)).as("%s is set in the sample, so the round trip checks it",
                    field.getName()).isNotNull();
        }
        store().save(s);
        assertThat(store().load()).isEqualTo(s);
        assertThat(SettingsStore.read(store().file())).isEqualTo(s);
        JsonNode onDisk = Json.mapper().readTree(Files.readAllBytes(store().file()));
        List<String> written = new ArrayList<>();
        onDisk.fieldNames().forEachRemaining(written::add);
        assertThat(new TreeSet<>(written)).isEqualTo(new TreeSet<>(FIELD_NAMES));
    }

    @Test
    void unsetFieldsAreLeftOutOfTheFileAndReadBackUnset() throws Exception {
        store().save(AppSettings.defaults());
        assertThat(Files.readString(store().file()).trim()).isEqualTo("{ }");
        assertThat(store().load()).isEqualTo(AppSettings.defaults());
    }

    /** Exactly as the Settings window's store wrote it before the two records were one (pretty, nulls left out). */
    private static final String WRITTEN_BY_THE_SETTINGS_WINDOW = """
            {
              "port" : 8000,
              "lease_actions" : 50,
              "lease_minutes" : 15,
              "policy_file" : "/home/p/my-policy.json",
              "launch_at_login" : true,
              "theme" : "dark",
              "requests_per_second" : 20.0,
              "burst" : 60,
              "max_concurrent_calls" : 4
            }
            """;

    @Test
    void aFileTheSettingsWindowWroteStillLoads() throws Exception {
        Path file = write(WRITTEN_BY_THE_SETTINGS_WINDOW);
        AppSettings s = SettingsStore.read(file);
        assertThat(s).isEqualTo(new AppSettings(8000, 50, 15, "/home/p/my-policy.json", true, "dark", 20.0, 60, 4));
        assertThat(store().load()).isEqualTo(s);
        // And the store still writes those settings in that very text.
        store().save(s);
        assertThat(Files.readString(file)).isEqualTo(WRITTEN_BY_THE_SETTINGS_WINDOW);
    }

    /**
     * A hand-written file in the endpoint's shape (its fields first, in the endpoint's record order,
     * whole numbers for the rate), and the endpoint-only file docs/endpoint.md shows.
     */
    private static final String WRITTEN_FOR_THE_ENDPOINT = """
            {"port": 9000, "requests_per_second": 50, "burst": 200, "max_concurrent_calls": 8,
             "lease_actions": 30, "lease_minutes": 10, "policy_file": "", "launch_at_login": false,
             "theme": "system"}
            """;
    private static final String DOCUMENTED_ENDPOINT_FILE =
            "{\"port\": 7475, \"requests_per_second\": 50, \"burst\": 200, \"max_concurrent_calls\": 8}";

    @Test
    void aFileInTheEndpointsShapeStillLoadsAndConfiguresTheEndpointAsBefore() throws Exception {
        AppSettings s = SettingsStore.read(write(WRITTEN_FOR_THE_ENDPOINT));
        assertThat(s).isEqualTo(new AppSettings(9000, 30, 10, "", false, "system", 50.0, 200, 8));
        assertThat(s.portOrDefault()).isEqualTo(9000);
        EndpointConfig endpoint = s.endpoint(s.portOrDefault());
        assertThat(endpoint.port()).isEqualTo(9000);
        assertThat(endpoint.requestsPerSecond()).isEqualTo(50.0);
        assertThat(endpoint.burst()).isEqualTo(200);
        assertThat(endpoint.maxConcurrentCalls()).isEqualTo(8);
        // A blank policy file means the home folder's.
        Path homePolicy = dir.resolve("home/policy.json");
        assertThat(s.policyPath(homePolicy)).isEqualTo(homePolicy);

        AppSettings documented = SettingsStore.read(write(DOCUMENTED_ENDPOINT_FILE));
        assertThat(documented).isEqualTo(new AppSettings(7475, null, null, null, null, null, 50.0, 200, 8));
        assertThat(documented.endpoint(0)).isEqualTo(EndpointConfig.defaults().withPort(0));
    }

    @Test
    void withoutLimitsTheEndpointTakesItsDefaultsAndAChosenPolicyFileIsTheOneInForce() {
        AppSettings s = new AppSettings(null, null, null, "/p/mine.json", null, null, null, null, null);
        assertThat(s.endpoint(7000)).isEqualTo(EndpointConfig.defaults().withPort(7000));
        assertThat(s.policyPath(dir.resolve("home/policy.json"))).isEqualTo(Path.of("/p/mine.json"));
        assertThat(AppSettings.defaults().portOrDefault()).isEqualTo(EndpointConfig.DEFAULT_PORT);
    }

    @Test
    void theReadersReadingRefusesAnUnknownFieldToo() throws Exception {
        Path file = write("{\"port\": 8000, \"requests_per_secnd\": 10}");
        assertThatThrownBy(() -> SettingsStore.read(file)).isInstanceOf(UnrecognizedPropertyException.class)
                .hasMessageContaining("requests_per_secnd");
    }

    @Test
    void aValueOutOfRangeIsRefusedWithItsRule() throws Exception {
        Path file = write("{\"theme\": \"blue\"}");
        assertThatThrownBy(() -> SettingsStore.read(file)).isInstanceOf(IOException.class)
                .hasMessageContaining("theme is system, light or dark");
    }

    private Path write(String json) throws IOException {
        Path file = store().file();
        Files.createDirectories(file.getParent());
        Files.writeString(file, json);
        return file;
    }

    @Test
    void macOsGetsALaunchAgent() {
        Autostart mac = Autostart.forThisMachine("/Applications/Countersign.app/Contents/MacOS/Countersign", Map.of(),
                "Mac OS X", "/Users/p");
        assertThat(mac.entry()).isEqualTo(Path.of("/Users/p/Library/LaunchAgents/dev.countersign.app.plist"));
    }

    @Test
    void theThemeFollowsTheSettingOrTheDesktop() {
        assertThat(Theme.choose("dark", Map.of())).isEqualTo(Theme.DARK);
        assertThat(Theme.choose("light", Map.of("GTK_THEME", "Adwaita:dark"))).isEqualTo(Theme.LIGHT);
        assertThat(Theme.choose("system", Map.of("GTK_THEME", "Adwaita:dark"))).isEqualTo(Theme.DARK);
    }
}
