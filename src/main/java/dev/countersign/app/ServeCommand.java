package dev.countersign.app;

import dev.countersign.app.settings.AppSettings;
import dev.countersign.app.settings.SettingsStore;
import dev.countersign.approval.Approver;
import dev.countersign.approval.HeadlessApprover;
import dev.countersign.core.CountersignException;
import dev.countersign.desktop.DesktopBackend;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code countersign serve}: the agent endpoint without a tray, until Ctrl-C or SIGTERM. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Serve agents on the loopback MCP endpoint, without the tray app.",
            "For a second machine, CI, or a server session. Stops on Ctrl-C or SIGTERM."})
final class ServeCommand implements Callable<Integer> {
    /** Who answers approval requests. */
    enum ApproverChoice { ui, deny }

    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "N",
            description = "Port on 127.0.0.1 (default: settings.json, else 7475; 0 picks a free one).")
    Integer port;

    @Option(names = "--runtime-port", paramLabel = "N",
            description = "Also serve this machine's runtime to governing Countersigns (countersign governor add) "
                    + "on 127.0.0.1:N (0 picks a free one); off unless given.")
    Integer runtimePort;

    @Option(names = "--headless", description = "No UI at all: every approval is denied (APPROVAL_UNAVAILABLE).")
    boolean headless;

    @Option(names = "--approver", paramLabel = "ui|deny", defaultValue = "ui",
            description = "Who answers approvals: the dialog (ui) or nobody (deny). Default: ${DEFAULT-VALUE}.")
    ApproverChoice approver;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Home home = Home.current().ensure();
        AppSettings settings;
        try {
            settings = SettingsStore.read(home.settings());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            err.println("countersign serve: " + home.settings() + ": " + e.getOriginalMessage());
            return 1;
        }
        int chosenPort = port != null ? port : settings.portOrDefault();
        String approverNote = approverNote();
        DesktopBackend backend = Backends.forThisMachine();
        Approver deny = new HeadlessApprover();
        ServedApp app;
        try {
            app = ServedApp.start(home, settings.endpoint(chosenPort), backend, deny);
        } catch (CountersignException | IllegalArgumentException e) {
            backend.close();
            err.println("countersign serve: " + (e instanceof CountersignException
                    ? ((CountersignException) e).error().message() : "settings.json: " + e.getMessage()));
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            app.close();
            stopped.countDown();
        }, "countersign-stop"));
        out.println("Countersign is serving agents at " + app.endpoint.uri());
        if (runtimePort != null) {
            try {
                out.println("Countersign serves its runtime to governors at "
                        + app.serveRuntime(home, settings.endpoint(runtimePort)));
            } catch (CountersignException e) {
                app.close();
                err.println("countersign serve: runtime endpoint: " + e.error().message());
                return 1;
            }
        }
        out.println("approver: " + approverNote);
        out.println("backend:  " + Backends.describe(backend));
        int count = app.agents.list().size();
        out.println("agents:   " + count + (count == 0 ? " (connect one with: countersign agent add NAME)" : ""));
        out.println("audit:    " + home.auditFile());
        out.println("Stop with Ctrl-C.");
        out.flush();
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    private String approverNote() {
        if (headless || approver == ApproverChoice.deny) {
            return "deny (headless): risky actions are refused with APPROVAL_UNAVAILABLE";
        }
        // The approval dialog comes with the tray app; until then nobody can allow, so say so.
        spec.commandLine().getErr().println("countersign serve: the approval dialog (--approver ui) is not in this "
                + "build yet; using --approver deny: risky actions are refused with APPROVAL_UNAVAILABLE.");
        return "deny (the dialog is not in this build yet): risky actions are refused with APPROVAL_UNAVAILABLE";
    }
}
