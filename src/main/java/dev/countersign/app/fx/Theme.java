package dev.countersign.app.fx;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Scene;

/** The AtlantaFX theme the app uses: light or dark, following the system where it can be told. */
public enum Theme {
    LIGHT,
    DARK;

    private static final String APP_CSS = Theme.class.getResource("countersign.css").toExternalForm();

    /** Installs this theme for every window; call on the FX thread. */
    public void install() {
        Application.setUserAgentStylesheet(this == DARK
                ? new PrimerDark().getUserAgentStylesheet()
                : new PrimerLight().getUserAgentStylesheet());
    }

    /** Adds the app's own stylesheet (spacing, status colours) to a scene. */
    public static void style(Scene scene) {
        if (!scene.getStylesheets().contains(APP_CSS)) {
            scene.getStylesheets().add(APP_CSS);
        }
    }

    /**
     * "light", "dark" or "system" (anything else) from settings; "system" asks the desktop and
     * defaults to light when nothing answers.
     */
    public static Theme choose(String setting, Map<String, String> env) {
        if ("dark".equalsIgnoreCase(setting)) {
            return DARK;
        }
        if ("light".equalsIgnoreCase(setting)) {
            return LIGHT;
        }
        return detect(env);
    }

    /** Reads the desktop's preference without blocking for long; never throws. */
    static Theme detect(Map<String, String> env) {
        String gtkTheme = env.getOrDefault("GTK_THEME", "");
        if (gtkTheme.toLowerCase(Locale.ROOT).contains("dark")) {
            return DARK;
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return ask(List.of("defaults", "read", "-g", "AppleInterfaceStyle")).contains("dark") ? DARK : LIGHT;
        }
        if (env.containsKey("DBUS_SESSION_BUS_ADDRESS") || env.containsKey("XDG_CURRENT_DESKTOP")) {
            String scheme = ask(List.of("gsettings", "get", "org.gnome.desktop.interface", "color-scheme"));
            if (scheme.contains("dark")) {
                return DARK;
            }
            String theme = ask(List.of("gsettings", "get", "org.gnome.desktop.interface", "gtk-theme"));
            return theme.contains("dark") ? DARK : LIGHT;
        }
        return LIGHT;
    }

    private static String ask(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            try (InputStream in = p.getInputStream()) {
                if (!p.waitFor(2, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return "";
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
            }
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
