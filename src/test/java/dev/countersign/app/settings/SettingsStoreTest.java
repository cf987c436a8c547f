package dev.countersign.app.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.app.fx.Theme;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
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
