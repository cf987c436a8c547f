package dev.countersign.app;

import dev.countersign.app.settings.SettingsStore;
import dev.countersign.approval.ApprovalTap;
import dev.countersign.approval.Approver;
import dev.countersign.audit.AuditInbox;
import dev.countersign.audit.AuditKind;
import dev.countersign.audit.AuditLog;
import dev.countersign.core.CountersignException;
import dev.countersign.core.Json;
import dev.countersign.core.RandomIds;
import dev.countersign.desktop.DesktopBackend;
import dev.countersign.desktop.InputGate;
import dev.countersign.desktop.ScreenWindows;
import dev.countersign.desktop.SecureMemory;
import dev.countersign.desktop.SelfTargetGuard;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.DriverSettings;
import dev.countersign.driver.LeaseBook;
import dev.countersign.driver.PolicyApprovals;
import dev.countersign.driver.Receipt;
import dev.countersign.policy.RiskPolicy;
import dev.countersign.remote.RuntimeHost;
import dev.countersign.server.AgentDirectory;
import dev.countersign.server.EndpointConfig;
import dev.countersign.server.LocalSocket;
import dev.countersign.server.McpEndpoint;
import dev.countersign.script.CodeRuntime;
import dev.countersign.script.ScriptCheckpointStore;
import dev.countersign.script.ScriptFaults;
import dev.countersign.script.ScriptHost;
import dev.countersign.script.ScriptLimits;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything {@code countersign serve} runs, wired once: backend, policy, approver, driver, audit
 * log and endpoint. Closing it stops them in reverse order (endpoint first, so no call is left
 * half-answered, audit log last, so the stop is recorded).
 */
public final class ServedApp implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ServedApp.class);
    /** How long a script's tool call may wait for the person before the script suspends. */
    private static final Duration SCRIPT_SUSPEND_AFTER = Duration.ofMillis(250);
    /** How often expired grants for a task are ended (and their expiry recorded). */
    private static final Duration GRANT_SWEEP = Duration.ofSeconds(5);

    final McpEndpoint endpoint;
    final AuditLog audit;
    final DesktopBackend backend;
    final AgentDirectory agents;
    /** The tray app's handle on pause, leases and receipts. */
    final ComputerDriver driver;
    private final ScriptHost scripts;
    private final String policyDigest;
    private HomeWatch watch;
    /** settings.json, read again for the timeline's picture choices when the home folder changes. */
    private Path settingsFile;
    /** The governed servers this app started (closed with it). */
    private GovernedTools governed;
    /** The remotes this app drives (closed with it). */
    private RemoteTools remotes;
    /** Done when the desktop side's background warm-up has ended, however it ended. */
    private CompletableFuture<Void> warmedUp = CompletableFuture.completedFuture(null);
    /** The runtime endpoint for governing Countersigns, once {@link #serveRuntime} started it. */
    private volatile McpEndpoint runtimeEndpoint;
    /** Ends grants for a task when they expire, so that the audit log records the expiry near its time. */
    private ScheduledExecutorService grantSweep;
    /** The agents (name and token hash) agents.json held when this app last looked (guarded by itself). */
    private final Set<String> knownAgents = new HashSet<>();

    private ServedApp(McpEndpoint endpoint, AuditLog audit, DesktopBackend backend, AgentDirectory agents,
            ComputerDriver driver, ScriptHost scripts, String policyDigest) {
        this.driver = driver;
        this.policyDigest = policyDigest;
        this.scripts = scripts;
        this.endpoint = endpoint;
        this.audit = audit;
        this.backend = backend;
        this.agents = agents;
    }

    /**
     * Starts everything {@code countersign serve} and the tray app serve, with the settings of
     * {@code home}'s settings.json (the lease an agent gets on connect: {@code lease_actions},
     * {@code lease_minutes}) and each agent's lease as the last run left it ({@code leases.json}).
     */
    public static ServedApp start(Home home, EndpointConfig config, DesktopBackend backend, Approver approver)
            throws IOException {
        // One settings path: serve and the tray app both get the lease an agent gets on connect
        // from the home's settings.json, here.
        return start(home, config, backend, approver, SettingsStore.read(home.settings()).defaultLease());
    }

    /** As {@link #start(Home, EndpointConfig, DesktopBackend, Approver)}, with this default lease instead of the settings'. */
    static ServedApp start(Home home, EndpointConfig config, DesktopBackend backend, Approver approver,
            LeaseBook.Terms defaultLease) throws IOException {
        // Connecting to the desktop is mostly waiting on sockets: it overlaps the rest of start.
        DesktopBackend platform = backend;
        CompletableFuture<Void> warmedUp = inBackground("countersign-warm-up", () -> warmUp(platform));
        // Countersign's own process and windows are never a target, and no synthetic input is sent
        // while the person is being asked, so that no agent can answer the approval dialog itself:
        // one guard around the platform backend.
        // Queueing a request and sending input hold one gate, so no dialog opens between the guard's
        // "nobody is asked" check and the input it lets through.
        ScreenWindows windows = Backends.screenWindows(backend);
        InputGate gate = new InputGate();
        Approver gated = new GatedApprover(approver, gate);
        backend = new SelfTargetGuard(backend, windows, gated::asking, gate);
        // Secure is sticky: a password field revealed by a toggle stays a password field, never read or
        // typed into.
        backend = new SecureMemory(backend);
        Clock clock = Clock.systemUTC();
        SecureRandom random = new SecureRandom();
        RiskPolicy policy = policy(home);
        byte[] session = new byte[8];
        random.nextBytes(session);
        String sessionId = "sess_" + HexFormat.of().formatHex(session);
        DriverSettings settings = DriverSettings.defaults(sessionId);
        // Scripts learn through the tap that a call waits for the person, so they can suspend.
        ApprovalTap tap = new ApprovalTap(gated);
        LeaseBook leases = new LeaseBook(clock, sessionId, settings.principalId(), defaultLease);
        // What each agent spent of its lease outlives this process: a restart refills nothing.
        LeaseLedger.attach(home.leases(), leases);
        ComputerDriver driver = new ComputerDriver(backend, new PolicyApprovals(policy), tap, leases,
                clock, new RandomIds(), random, settings);
        AgentDirectory agents = new AgentDirectory(home.agents(), clock, random);
        AuditLog audit = AuditLog.open(home.auditFile(), clock);
        // No act without its record: each act's intent is fsynced before dispatch, and while the log
        // takes no records every act is refused (and each one tries the log again).
        driver.journalActs(new AuditJournal(audit));
        // Every grant for a task is recorded before it or any use of it takes effect.
        driver.grants().listen(new GrantTrail(audit));
        ScriptHost scripts = new ScriptHost(driver, tap, new CodeRuntime(ScriptLimits.defaults()),
                new ScriptCheckpointStore(home.checkpoints()), ScriptFaults.NONE, SCRIPT_SUSPEND_AFTER);
        // Raw computer-use servers the person registered (countersign govern), behind the graph.
        GovernedTools governed = GovernedTools.start(home, driver, windows);
        // Other machines' Countersigns the person registered (countersign remote): asked here, run there.
        RemoteTools remotes = RemoteTools.start(home, driver, clock);
        try {
            // The stdio bridge dials the socket in the 0700 home folder, never the TCP port.
            McpEndpoint endpoint = McpEndpoint.start(config.socket() != null ? config
                            : config.withSocket(home.root().resolve(LocalSocket.NAME)),
                    driver, agents, audit,
                    VersionProvider.version(), new HostScriptPort(scripts), governed.tools(), remotes.tools());
            ServedApp app = new ServedApp(endpoint, audit, backend, agents, driver, scripts, policy.digest().value());
            app.governed = governed;
            app.remotes = remotes;
            app.warmedUp = warmedUp;
            app.grantSweep = sweeping(driver);
            app.settingsFile = home.settings();
            app.pictureRulesChanged();
            // The person's own acts are audited too (docs/audit.md): the kill switch here, and what
            // 'countersign agent add|remove' handed over while this process held the log.
            driver.onKillSwitch(paused -> app.record(paused ? AuditKind.PAUSED : AuditKind.RESUMED,
                    Map.of("by", "person")));
            AuditInbox.drainInto(audit);
            app.agentsChanged();
            try {
                app.watch = HomeWatch.start(List.of(home.root(), AuditInbox.folderFor(audit.file())), app::homeChanged);
            } catch (IOException e) {
                app.close();
                throw e;
            }
            // Once agents are watched (one removed meanwhile is revoked) and before anyone hears that
            // this app serves: on two cores, an agent's first call that met the warm-up still running
            // paid for both.
            endpoint.warmUp();
            return app;
        } catch (RuntimeException e) {
            // Starting failed (port taken, bad bind): release the log so the error is the only effect.
            governed.close();
            remotes.close();
            scripts.close();
            audit.close();
            throw e;
        }
    }

    /**
     * Prepares what the first observation would otherwise pay for on the desktop's side: the
     * backend's connections and the code of a walk, and the JSON serializers of receipts (without
     * it the cold first observe took 663 ms). The answer's side is {@link McpEndpoint#warmUp}.
     */
    private static void warmUp(DesktopBackend platform) {
        platform.warmUp();
        Json.mapper().writerFor(Receipt.class);
    }

    /**
     * Runs {@code work} on a daemon thread that start does not wait for; a call that arrives
     * meanwhile simply does the same work itself. A failure is logged, never thrown: warming up
     * is an optimization.
     *
     * @return completed when the work has ended, whether or not it failed
     */
    private static CompletableFuture<Void> inBackground(String name, Runnable work) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread warm = new Thread(() -> {
            try {
                work.run();
            } catch (RuntimeException e) {
                LOG.debug("{} failed; the first call pays for what it would have prepared: {}", name, e.toString());
            } finally {
                done.complete(null);
            }
        }, name);
        warm.setDaemon(true);
        warm.setPriority(Thread.MIN_PRIORITY);
        warm.start();
        return done;
    }

    /** Sweeps expired grants every few seconds on a daemon thread, and gives memory back once agents go quiet. */
    private static ScheduledExecutorService sweeping(ComputerDriver driver) {
        ScheduledExecutorService sweep = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "grant-expiry");
            t.setDaemon(true);
            return t;
        });
        IdleMemory idle = new IdleMemory(driver::calls);
        sweep.scheduleWithFixedDelay(() -> {
            try {
                driver.grants().sweep();
                idle.tick();
            } catch (RuntimeException e) {
                LOG.warn("sweeping expired grants failed: {}", e.toString());
            }
        }, GRANT_SWEEP.toMillis(), GRANT_SWEEP.toMillis(), TimeUnit.MILLISECONDS);
        return sweep;
    }

    /** Completed once the background warm-up of the desktop side has ended (the start-up work is over). */
    CompletableFuture<Void> warmedUp() {
        return warmedUp;
    }

    /**
     * The person's policy: the file chosen in Settings (which must then exist and parse), else
     * {@code policy.json} in the home folder if present, else the shipped default.
     */
    static RiskPolicy policy(Home home) throws IOException {
        Path path = SettingsStore.read(home.settings()).policyPath(home.policy());
        boolean chosen = !path.equals(home.policy());
        if (!chosen && !Files.exists(path)) {
            return RiskPolicy.defaults();
        }
        if (!Files.isRegularFile(path)) {
            throw new FileNotFoundException("the policy file chosen in Settings does not exist: " + path);
        }
        return RiskPolicy.parse(Files.readAllBytes(path));
    }

    /** Takes in what another process changed in the home folder. */
    private void homeChanged() {
        // Revocation first: a removed agent must lose its work before anything else happens.
        agentsChanged();
        AuditInbox.drainInto(audit);
        pictureRulesChanged();
    }

    /** The timeline's picture choices from settings.json, in force for the next act. */
    private void pictureRulesChanged() {
        try {
            driver.pictureRules(SettingsStore.read(settingsFile).pictureRules());
        } catch (IOException e) {
            // A settings file being written or broken: keep the rules in force; Settings reports the file.
            LOG.warn("the timeline's picture settings could not be read: {}", e.getMessage());
        }
    }

    /**
     * Withdraws everything of the agents that left agents.json since the last look (the tray's
     * Remove or 'countersign agent remove'): their pending approvals, sessions, observations,
     * reservations and scripts. Their tokens are refused by the endpoint already.
     */
    private void agentsChanged() {
        // Keyed by name and token hash: removing an agent and adding one of the same name between
        // two looks still revokes the old one's work.
        Set<String> now = new HashSet<>();
        agents.list().forEach(a -> now.add(a.name() + "\n" + a.tokenSha256()));
        Set<String> gone = new TreeSet<>();
        synchronized (knownAgents) {
            knownAgents.stream().filter(k -> !now.contains(k)).forEach(k -> gone.add(k.substring(0, k.indexOf('\n'))));
            knownAgents.clear();
            knownAgents.addAll(now);
        }
        for (String agent : gone) {
            try {
                revoke(agent);
            } catch (CountersignException e) {
                // Its token is refused already; say loudly that some of its work may remain.
                LOG.error("agent {} was removed but ending its work failed: {}", agent, e.getMessage());
            }
        }
    }

    private void revoke(String agent) {
        int sessions = endpoint.endSessions(agent);
        driver.dispose(agent);
        int ended = scripts.endScripts(agent);
        LOG.info("agent {} was removed: ended {} session(s) and {} script(s), withdrew its approvals", agent,
                sessions, ended);
    }

    private void record(AuditKind kind, Map<String, ?> data) {
        try {
            audit.append(kind, null, data);
        } catch (CountersignException e) {
            // The kill switch works even when the log does not; the failure is not silent.
            LOG.error("could not record {} in the audit log: {}", kind.wire(), e.getMessage());
        }
    }

    /**
     * Serves this machine's runtime to governing Countersigns (docs/govern.md) on its own loopback
     * port and on {@link Home#runtimeSocket()} (what a governor's {@code ssh -L} forwards), to the
     * tokens in {@code governors.json} only. Returns the endpoint's URL.
     */
    public synchronized URI serveRuntime(Home home, EndpointConfig config) {
        if (runtimeEndpoint == null) {
            AgentDirectory governors = new AgentDirectory(home.governors(), Clock.systemUTC(), new SecureRandom());
            runtimeEndpoint = McpEndpoint.startRuntime(config.withSocket(home.runtimeSocket()),
                    new RuntimeHost(driver, audit, Clock.systemUTC()), governors, audit,
                    VersionProvider.version());
        }
        return runtimeEndpoint.uri();
    }

    /** The digest of the policy this app decides with (what every grant is bound to). */
    String policyDigest() {
        return policyDigest;
    }

    /** Stops watching the home folder (also part of {@link #close}). */
    void stopWatching() {
        if (watch != null) {
            watch.close();
        }
    }

    /** Where agents reach the endpoint. */
    public URI uri() {
        return endpoint.uri();
    }

    /** How many agents hold a token. */
    public int agentCount() {
        return agents.list().size();
    }

    @Override
    public void close() {
        stopWatching();
        if (runtimeEndpoint != null) {
            runtimeEndpoint.close();
        }
        endpoint.close();
        if (governed != null) {
            governed.close();
        }
        if (remotes != null) {
            remotes.close();
        }
        scripts.close();
        if (grantSweep != null) {
            grantSweep.shutdownNow();
        }
        // Quitting ends every grant, recorded while the log is still open.
        driver.endGrants();
        audit.close();
        backend.close();
    }
}
