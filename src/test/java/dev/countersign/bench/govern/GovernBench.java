package dev.countersign.bench.govern;

import dev.countersign.approval.ApprovalWatch;
import dev.countersign.approval.HeadlessApprover;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.SelfTargetGuard;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.linux.AtspiDesktopBackend;
import dev.countersign.desktop.linux.X11WindowStack;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.NodeView;
import dev.countersign.driver.ObservationView;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.ToolResult;
import dev.countersign.govern.ComputerProxy;
import dev.countersign.govern.GovernedServer;
import dev.countersign.core.LeaseBoundaries;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.govern.GuestTool;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What the governing proxy adds per action over calling the raw computer-use server directly: a
 * click on a yad check box (no approval needed) and a screenshot, each timed direct (the server's
 * own tool call) and through {@link ComputerProxy} (resolve, observe, policy, graph, re-checks,
 * then the same call), on the private test desktop. Prints a Markdown table of medians and p90s.
 * Usage: scripts/bench/govern [RUNS]   (default 15)
 */
public final class GovernBench {
    private GovernBench() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        Path govern = Path.of("scripts", "govern").toAbsolutePath();
        List<String> command = List.of(govern.resolve("node_modules/.bin/node").toString(),
                govern.resolve("node_modules/computer-use-mcp/dist/main.js").toString());
        DesktopBackend atspi = AtspiDesktopBackend.fromEnvironment();
        X11WindowStack stack = X11WindowStack.open(System.getenv("DISPLAY")).orElseThrow();
        TestDesktop desktop = new TestDesktop(atspi);
        try (GovernedServer server = GovernedServer.start("computer-use-mcp", command, Duration.ofSeconds(60))) {
            Clock clock = Clock.systemUTC();
            DriverSettings settings = DriverSettings.defaults("sess-bench");
            ComputerDriver driver = new ComputerDriver(new SelfTargetGuard(atspi, stack, () -> false),
                    new PolicyApprovals(RiskPolicy.defaults()), new HeadlessApprover(),
                    new LeaseBook(clock, settings.sessionId(), settings.principalId(),
                            new LeaseBook.Terms(100_000, Duration.ofHours(1), LeaseBoundaries.unscoped())),
                    clock, new RandomIds(), new SecureRandom(), settings);
            ComputerProxy proxy = new ComputerProxy("desk", server, driver, stack);
            TestDesktop.TargetApp form = desktop.launchForm("", "");
            GuestTool.Reply shot = proxy.call("bench", new GuestTool.Call("screenshot", null, null, null), ApprovalWatch.NONE);
            var image = (io.modelcontextprotocol.spec.McpSchema.ImageContent) ((GuestTool.Reply.Content) shot).content().get(1);
            java.awt.image.BufferedImage decoded = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(
                    java.util.Base64.getDecoder().decode(image.data())));
            ObservationView view = ((ToolResult.Ok<ObservationView>) driver.observe("probe",
                    new ObserveArgs(String.valueOf(form.pid()), null, null, null, null))).value();
            int[] f = view.nodes().stream().filter(n -> "Remember me".equals(n.name())).findFirst()
                    .map(NodeView::frame).orElseThrow();
            var screen = stack.screen().orElseThrow();
            int x = (int) Math.round((f[0] + f[2] / 2.0) * decoded.getWidth() / screen.width());
            int y = (int) Math.round((f[1] + f[3] / 2.0) * decoded.getHeight() / screen.height());

            Map<String, Object> click = Map.of("action", "left_click", "coordinate", List.of(x, y));
            String tool = proxy.offer().tool();
            long[] directClick = time(runs, () -> server.call(tool, click));
            long[] proxiedClick = time(runs, () -> {
                GuestTool.Reply r = proxy.call("bench", new GuestTool.Call("click", new int[] {x, y}, null, null),
                        ApprovalWatch.NONE);
                if (!(r instanceof GuestTool.Reply.Governed g) || !(g.result() instanceof ToolResult.Ok<?>)) {
                    throw new IllegalStateException("the proxied click was refused: " + r);
                }
                return r;
            });
            GuestTool.Reply last = proxy.call("bench", new GuestTool.Call("click", new int[] {x, y}, null, null),
                    ApprovalWatch.NONE);
            var receipt = ((ToolResult.Ok<dev.countersign.driver.Forwarded>) ((GuestTool.Reply.Governed) last).result())
                    .value().receipt();
            long[] directShot = time(Math.max(3, runs / 3), () -> server.call(tool, Map.of("action", "get_screenshot")));
            long[] proxiedShot = time(Math.max(3, runs / 3), () -> proxy.call("bench",
                    new GuestTool.Call("screenshot", null, null, null), ApprovalWatch.NONE));
            System.out.println("| action | direct median (ms) | proxied median (ms) | added median (ms) | direct p90 | proxied p90 | runs |");
            System.out.println("|---|---|---|---|---|---|---|");
            row("click on a check box", directClick, proxiedClick);
            row("screenshot (server sleeps 1 s)", directShot, proxiedShot);
            System.out.println();
            System.out.println("one proxied click's receipt timings (ms): " + receipt.timings());
        } finally {
            desktop.cleanUp();
            stack.close();
            atspi.close();
        }
    }

    private static void row(String what, long[] direct, long[] proxied) {
        System.out.printf("| %s | %.1f | %.1f | %.1f | %.1f | %.1f | %d |%n", what, ms(pct(direct, 50)), ms(pct(proxied, 50)),
                ms(pct(proxied, 50) - pct(direct, 50)), ms(pct(direct, 90)), ms(pct(proxied, 90)), direct.length);
    }

    private static long[] time(int runs, Supplier<?> action) {
        action.get();
        long[] nanos = new long[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            action.get();
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        return nanos;
    }

    private static long pct(long[] sorted, int p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
