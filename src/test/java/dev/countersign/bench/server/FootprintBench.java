package dev.countersign.bench.server;

import dev.countersign.bench.BenchLogging;
import dev.countersign.approval.Decision;
import dev.countersign.core.Json;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.linux.AtspiDesktopBackend;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.ToolResult;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.server.tools.ObservationOutline;
import dev.countersign.testkit.ScriptedApprover;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;

/**
 * What the model reads of one observation, in bytes per node (scripts/bench/footprint, never in
 * the suite): the JSON that was the text content until ADR 0007 and stays the structured content,
 * against the outline that is the text content now, with and without frames. Sizes, not times:
 * the figures do not depend on the machine's load.
 */
public final class FootprintBench {
    private FootprintBench() {
    }

    public static void main(String[] args) throws Exception {
        BenchLogging.asShipped();
        try (DesktopBackend backend = AtspiDesktopBackend.fromEnvironment()) {
            TestDesktop desktop = new TestDesktop(backend);
            LeaseBook leases = new LeaseBook(Clock.systemUTC(), "bench", "local-user",
                    new LeaseBook.Terms(1_000_000, Duration.ofHours(1), dev.countersign.core.LeaseBoundaries.unscoped()));
            ComputerDriver driver = new ComputerDriver(backend, new PolicyApprovals(RiskPolicy.defaults()),
                    ScriptedApprover.always(Decision.DENY), leases, Clock.systemUTC(), new RandomIds(),
                    new SecureRandom(), DriverSettings.defaults("bench"));
            System.out.println("| window | nodes | JSON bytes | JSON B/node | outline bytes | outline B/node"
                    + " | outline + frames B/node |");
            System.out.println("|---|---:|---:|---:|---:|---:|---:|");
            try {
                TestDesktop.TargetApp factory = desktop.launchWidgetFactory();
                row("gtk3-widget-factory", driver, String.valueOf(factory.pid()));
                desktop.stop(factory);
                TestDesktop.TargetApp form = desktop.launchForm("", "");
                row("yad login form", driver, String.valueOf(form.pid()));
                desktop.stop(form);
            } finally {
                desktop.cleanUp();
            }
        }
    }

    private static void row(String label, ComputerDriver driver, String pid) throws Exception {
        ToolResult<ObservationView> result = driver.observe("bench", new ObserveArgs(pid, null, null, null, null));
        if (!(result instanceof ToolResult.Ok<ObservationView> ok)) {
            throw new IllegalStateException("observe failed: " + ((ToolResult.Err<ObservationView>) result).error());
        }
        ObservationView view = ok.value();
        int n = view.nodes().size();
        int json = Json.mapper().writeValueAsString(view).getBytes(StandardCharsets.UTF_8).length;
        int outline = ObservationOutline.render(view, false).getBytes(StandardCharsets.UTF_8).length;
        int framed = ObservationOutline.render(view, true).getBytes(StandardCharsets.UTF_8).length;
        System.out.println(String.format(Locale.ROOT, "| %s | %d | %d | %.0f | %d | %.0f | %.0f |", label, n, json,
                (double) json / n, outline, (double) outline / n, (double) framed / n));
        if (System.getenv("FOOTPRINT_SHOW") != null) {
            System.out.println(ObservationOutline.render(view, false));
        }
    }
}
