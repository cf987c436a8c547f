package dev.countersign.app.settings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * "Launch at login" made true: an XDG autostart entry on Linux, a LaunchAgent on macOS. The
 * folder is given, so tests write into a temporary one and never into the person's session.
 */
public final class Autostart {
    private final Path entry;
    private final String content;

    private Autostart(Path entry, String content) {
        this.entry = entry;
        this.content = content;
    }

    /** The entry for this machine, starting {@code launcher}. */
    public static Autostart forThisMachine(String launcher, Map<String, String> env, String osName, String userHome) {
        if (osName.toLowerCase(Locale.ROOT).contains("mac")) {
            return macOs(Path.of(userHome, "Library", "LaunchAgents"), launcher);
        }
        String xdg = env.get("XDG_CONFIG_HOME");
        Path config = xdg == null || xdg.isBlank() ? Path.of(userHome, ".config") : Path.of(xdg);
        return linux(config.resolve("autostart"), launcher);
    }

    /** An XDG autostart entry in the given folder. */
    public static Autostart linux(Path autostartDir, String launcher) {
        return new Autostart(autostartDir.resolve("countersign.desktop"), "[Desktop Entry]\n"
                + "Type=Application\n"
                + "Name=Countersign\n"
                + "Comment=Lets local AI agents use this computer under your governance\n"
                + "Exec=" + launcher + "\n"
                + "X-GNOME-Autostart-enabled=true\n");
    }

    static Autostart macOs(Path launchAgents, String launcher) {
        return new Autostart(launchAgents.resolve("dev.countersign.app.plist"),
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
                + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
                + "<plist version=\"1.0\"><dict>\n"
                + "  <key>Label</key><string>dev.countersign.app</string>\n"
                + "  <key>ProgramArguments</key><array><string>" + xmlEscape(launcher) + "</string></array>\n"
                + "  <key>RunAtLoad</key><true/>\n"
                + "</dict></plist>\n");
    }

    public Path entry() {
        return entry;
    }

    public boolean enabled() {
        return Files.exists(entry);
    }

    void apply(boolean enabled) throws IOException {
        if (enabled) {
            Files.createDirectories(entry.getParent());
            Files.writeString(entry, content, StandardCharsets.UTF_8);
        } else {
            Files.deleteIfExists(entry);
        }
    }

    private static String xmlEscape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
