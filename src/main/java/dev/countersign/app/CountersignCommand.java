package dev.countersign.app;

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
            "With no command it starts Countersign: the tray app, the endpoint and the approval dialog.",
            "Files live in $COUNTERSIGN_HOME, else ~/.config/countersign (Linux) or",
            "~/Library/Application Support/Countersign (macOS)."},
        subcommands = {ServeCommand.class, AgentCommand.class, McpStdioCommand.class, DoctorCommand.class,
            AuditCommand.class, GovernCommand.class, GovernorCommand.class, RemoteCommand.class})
final class CountersignCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        // The tray app is not in this build yet: start the endpoint, and say what is missing.
        var err = spec.commandLine().getErr();
        String display = System.getenv("DISPLAY");
        boolean mac = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("mac");
        if (!mac && (display == null || display.isEmpty())) {
            err.println("countersign: no display (DISPLAY is not set); running headless: countersign serve --headless");
            return spec.commandLine().getSubcommands().get("serve").execute("--headless");
        }
        return TrayApp.run(err);
    }
}
