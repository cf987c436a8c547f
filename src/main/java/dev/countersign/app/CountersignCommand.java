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
            "every action is previewed, reserved, approved when risky, executed and verified."},
        subcommands = {DoctorCommand.class})
final class CountersignCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        // The tray app and the MCP endpoint are not part of this build yet; say so instead of
        // pretending, and show what is here.
        spec.commandLine().getOut().println(
                "Countersign " + VersionProvider.version() + ": the governed core is built.\n"
                        + "The tray app and the agent endpoint are not in this build yet.\n"
                        + "Run 'countersign doctor' to see what this machine offers, or --help for commands.");
        return 0;
    }
}
