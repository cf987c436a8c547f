package dev.countersign.app.cli;

import dev.countersign.app.TrayApp;
import dev.countersign.app.ServedApp;
import dev.countersign.app.Backends;
import dev.countersign.app.Home;
import com.fasterxml.jackson.core.JsonProcessingException;
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
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** {@code countersign serve}: the agent endpoint without a tray, until Ctrl-C or SIGTERM. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Serve agents on the loopback MCP endpoint, without the tray app.",
            "For a second machine, CI, or a server session. Stops on Ctrl-C or SIGTERM.",
            "Nobody is asked to approve here: every risky action is refused with APPROVAL_UNAVAILABLE.",
            "The approval dialog comes with the tray app: run countersign with no command on a desktop."})
final class ServeCommand implements Callable<Integer> {
    /**
     * Who answers approval requests. serve has one approver, which denies: the approval dialog needs
     * the tray app around it (TrayApp), which serve does not start.
     */
    enum ApproverChoice { deny }

    /** What serve prints as its approver. */
    static final String APPROVER_NOTE = "deny (nobody is asked): risky actions are refused with APPROVAL_UNAVAILABLE";

    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "N",
            description = "Port on 127.0.0.1 (default: settings.json, else 7475; 0 picks a free one).")
    Integer port;

    @Option(names = "--runtime-port", paramLabel = "N",
            description = "Also serve this machine's runtime to governors (countersign governor add) "
                    + "on 127.0.0.1:N (0 picks a free one) and on <home>/runtime.sock, the socket governors "
                    + "forward with ssh -L; off unless given.")
    Integer runtimePort;

    @Option(names = "--headless",
            description = "No UI at all, which is what serve always is: every approval is denied "
                    + "(APPROVAL_UNAVAILABLE), as with --approver deny.")
    boolean headless;

    @Option(names = "--approver", paramLabel = "deny", defaultValue = "deny", converter = ApproverConverter.class,
            description = "Who answers approvals. serve has one approver, deny: nobody is asked and every risky "
                    + "action is refused (APPROVAL_UNAVAILABLE). There is no ui here: the approval dialog runs "
                    + "with the tray app (countersign with no command). Default: ${DEFAULT-VALUE}.")
    ApproverChoice approver;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Home home = Home.current().ensure();
        AppSettings settings;
        try {
            settings = SettingsStore.read(home.settings());
        } catch (JsonProcessingException e) {
            err.println("countersign serve: " + home.settings() + ": " + e.getOriginalMessage());
            return 1;
        }
        int chosenPort = port != null ? port : settings.portOrDefault();
        DesktopBackend backend = Backends.forThisMachine();
        ServedApp app;
        try {
            app = ServedApp.start(home, settings.endpoint(chosenPort), backend, approver());
        } catch (CountersignException | IllegalArgumentException e) {
            backend.close();
            err.println("countersign serve: " + (e instanceof CountersignException ce
                    ? ce.error().message() : "settings.json: " + e.getMessage()));
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            app.close();
            stopped.countDown();
        }, "countersign-stop"));
        out.println("Countersign is serving agents at " + app.uri());
        if (runtimePort != null) {
            try {
                out.println("Countersign serves its runtime to governors at "
                        + app.serveRuntime(home, settings.endpoint(runtimePort)));
                out.println("Governors reach it through the socket " + home.runtimeSocket()
                        + " (ssh -N -L LOCAL.sock:" + home.runtimeSocket() + " on their side)");
            } catch (CountersignException e) {
                app.close();
                err.println("countersign serve: runtime endpoint: " + e.error().message());
                return 1;
            }
        }
        out.println("approver: " + APPROVER_NOTE);
        out.println("backend:  " + Backends.describe(backend));
        int count = app.agentCount();
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

    /** The approver serve runs with, whatever --headless and --approver say: there is only the one that denies. */
    static Approver approver() {
        return new HeadlessApprover();
    }

    /**
     * Reads --approver, refusing {@code ui} (which older builds accepted and then quietly replaced
     * with deny) with where the dialog really is, rather than picocli's bare list of values.
     */
    static final class ApproverConverter implements ITypeConverter<ApproverChoice> {
        @Override
        public ApproverChoice convert(String value) {
            if (value.equals("ui")) {
                throw new TypeConversionException("serve has no approval dialog; it runs with the tray app "
                        + "(countersign with no command, on a desktop). Use --approver deny, or leave it out.");
            }
            try {
                return ApproverChoice.valueOf(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("expected deny, got '" + value + "'");
            }
        }
    }
}
