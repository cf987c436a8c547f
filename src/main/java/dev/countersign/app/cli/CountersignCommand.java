package dev.countersign.app.cli;

import dev.countersign.app.VersionProvider;
import dev.countersign.app.TrayApp;
import dev.countersign.app.Home;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The top-level {@code countersign} command. */
@Command(name = "countersign",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Lets local AI agents use this computer under your governance:",
            "every action is previewed, reserved, approved when risky, executed and verified.",
            "",
            "With no command it starts Countersign: the endpoint, the approval dialog and the tray icon",
            "(or a status window). With no display (DISPLAY unset on Linux) no dialog can be shown: it",
            "says so and runs 'countersign serve --headless', which refuses every risky action.",
            "Files live in $COUNTERSIGN_HOME, else ~/.config/countersign (Linux) or",
            "~/Library/Application Support/Countersign (macOS)."},
        subcommands = {ServeCommand.class, AgentCommand.class, McpStdioCommand.class, DoctorCommand.class,
            AuditCommand.class, GovernCommand.class, GovernorCommand.class, RemoteCommand.class})
public final class CountersignCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        // With a display, the tray app and its approval dialog; without one nobody can be asked, so
        // serve, which denies every approval, and say so.
        var err = spec.commandLine().getErr();
        if (!hasDisplay(System.getenv(), System.getProperty("os.name", ""))) {
            err.println("countersign: no display (DISPLAY is not set); running headless, every risky action "
                    + "refused: countersign serve --headless");
            return spec.commandLine().getSubcommands().get("serve").execute("--headless");
        }
        return TrayApp.run(err);
    }

    /** Whether the tray app can show its windows: always on macOS, with DISPLAY set elsewhere. */
    static boolean hasDisplay(Map<String, String> env, String osName) {
        if (osName.toLowerCase(Locale.ROOT).startsWith("mac")) {
            return true;
        }
        String display = env.get("DISPLAY");
        return display != null && !display.isEmpty();
    }
}
