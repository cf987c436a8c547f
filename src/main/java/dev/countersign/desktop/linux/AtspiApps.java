package dev.countersign.desktop.linux;

import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Rect;
import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.AppListing;
import dev.countersign.desktop.AppSelector;
import dev.countersign.desktop.LaunchIdentity;
import dev.countersign.desktop.WindowInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.freedesktop.dbus.types.UInt32;

/**
 * Applications and their windows as the AT-SPI registry lists them. An application's pid comes
 * from the bus daemon ({@code GetConnectionUnixProcessID}), never from the application itself,
 * and its launch identity adds the start time from {@code /proc}.
 */
final class AtspiApps {
    private static final long OWN_PID = ProcessHandle.current().pid();

    static final String REGISTRY = "org.a11y.atspi.Registry";

    private final A11yBus bus;
    /**
     * The bus name each launch was last resolved to. A unique bus name is never reused, so while
     * the bus daemon still says that name belongs to the pid and /proc still shows that launch, it
     * is the same application: {@link #current} checks that in one round trip instead of listing
     * every application again (twice per observation before).
     */
    private final Map<LaunchIdentity, String> known = new ConcurrentHashMap<>();
    /**
     * When the bus daemon last said a known bus name belongs to its pid (System.nanoTime). One
     * agent call resolves its app, lists its windows and reads one within milliseconds; the
     * bus daemon is asked once for all of them, and /proc is still read at every step.
     */
    private final Map<String, OwnerSeen> ownerSeen = new ConcurrentHashMap<>();

    /** The pid the bus daemon gave for a bus name, and when it was asked (System.nanoTime). */
    private record OwnerSeen(long pid, long at) {
    }
    /** How long the bus daemon's answer stands for the steps of one call. */
    static final long OWNER_REUSE_NANOS = 25_000_000L;
    /**
     * The children of an application's root (its windows), asked in the round trip that re-checks a
     * resolved application for a call that is not an observation (an act's identity check), for the
     * window list that follows the resolve: one round trip less. Taken once, and only while as fresh
     * as the owner answer it came with. An observation's re-check hands its own to its window list
     * ({@link Ahead}).
     */
    private final Map<String, Asked> rootChildren = new ConcurrentHashMap<>();

    /** A call sent ahead on an application's channel, and when (System.nanoTime). */
    private record Asked(BusCalls calls, BusCalls.Pending pending, long at) {
    }

    /**
     * The windows a resolved application's root listed when an observation last listed them, in its
     * order: what the next observation's re-check reads ahead ({@link #resolveForObservation}).
     */
    private final Map<String, List<AtspiRef>> lastWindows = new ConcurrentHashMap<>();

    /** What a window list reads of each window, in flight: the structure and the frame, on one channel, sent at {@code at}. */
    private record WindowReads(List<AtspiRef> refs, List<RawNode> nodes, List<NodeReader.Structure> structures,
            List<BusCalls.Pending> extents, long at) {
    }

    /**
     * The frames an observation's window list has just read (from the windows' own extents), per
     * application, and when they were asked: the snapshot of the same call takes its window's
     * instead of asking again ({@link #takeFrame}). A toplevel's extents are the slowest read of a
     * GTK window (the toolkit asks the X server for the frame), and it was read twice per observation.
     */
    private final Map<String, FramesRead> framesRead = new ConcurrentHashMap<>();

    private record FramesRead(Map<AtspiRef, Rect> frames, long at) {
    }

    private final AtomicLong framesTaken = new AtomicLong();

    /**
     * What an observation's re-check asked on the application's socket for the window list of the
     * same call: its root's children and the reads of the windows it listed last time (null: none).
     * Handed to that call only, never left where another call could take it.
     */
    record Ahead(String busName, BusCalls calls, BusCalls.Pending children, WindowReads windows, long at) {
    }

    /** An observation's application, and what its re-check asked ahead (null when it was found afresh). */
    record Resolved(Entry entry, Ahead ahead) {
    }

    /** How many window lists took reads an observation's re-check sent ahead (what tests see of it). */
    private final AtomicLong windowReadsTaken = new AtomicLong();

    AtspiApps(A11yBus bus) {
        this.bus = bus;
    }

    /** One running application: its bus name (internal) and what callers may see. */
    record Entry(String busName, AppInfo info) {
    }

    List<Entry> all() {
        BusCalls calls = bus.calls();
        Object[] children = calls.callOrFail(REGISTRY, AtspiRef.ROOT_PATH, NodeReader.ACCESSIBLE, "GetChildren", null);
        List<AtspiRef> apps = NodeReader.refs((List<?>) children[0]);
        List<BusCalls.Pending> names = new ArrayList<>();
        List<BusCalls.Pending> pids = new ArrayList<>();
        for (AtspiRef app : apps) {
            names.add(calls.send(app.bus(), app.path(), NodeReader.PROPERTIES, "Get", "ss", NodeReader.ACCESSIBLE, "Name"));
            pids.add(calls.send(A11yBus.DBUS, A11yBus.DBUS_PATH, A11yBus.DBUS, "GetConnectionUnixProcessID", "s", app.bus()));
        }
        List<Entry> out = new ArrayList<>();
        for (int i = 0; i < apps.size(); i++) {
            BusCalls.Reply name = calls.await(names.get(i));
            BusCalls.Reply pid = calls.await(pids.get(i));
            if (!name.ok() || !pid.ok()) {
                continue;
            }
            long p = ((UInt32) pid.value(0)).longValue();
            Optional<LaunchIdentity> launch = ProcStat.launch(p);
            if (launch.isPresent()) {
                out.add(new Entry(apps.get(i).bus(), new AppInfo(NodeReader.string(name.value(0)), null, launch.get())));
            }
        }
        return out;
    }

    Entry resolve(AppSelector selector) {
        if (selector instanceof AppSelector.ByPid byPid) {
            Optional<Resolved> again = stillAt(byPid.pid(), false);
            if (again.isPresent()) {
                return again.get().entry();
            }
        }
        return found(selector);
    }

    /**
     * Resolves as {@link #resolve(AppSelector)}, for an observation: the re-check of an application
     * resolved before also asks — over its open private socket, behind the same round trip — for
     * the reads of the windows an observation listed last time, which {@link #windows(Entry, Ahead)}
     * of this call takes when the root still lists exactly them. Only reads are sent, and none is
     * used unless the bus daemon says the name is still the launch's.
     */
    Resolved resolveForObservation(AppSelector selector) {
        if (selector instanceof AppSelector.ByPid byPid) {
            Optional<Resolved> again = stillAt(byPid.pid(), true);
            if (again.isPresent()) {
                return again.get();
            }
        }
        return new Resolved(found(selector), null);
    }

    private Entry found(AppSelector selector) {
        long asked = System.nanoTime();
        Entry found = find(selector);
        known.put(found.info().launch(), found.busName());
        ownerSeen.put(found.busName(), new OwnerSeen(found.info().pid(), asked));
        return found;
    }

    /**
     * The application a pid was last resolved to, while it still runs there: /proc shows the same
     * launch at the pid and the bus daemon says the launch's bus name still belongs to it (a
     * unique bus name is never reused). Its name is read again in the same round trip. This is
     * what listing every application would find for the pid, without waiting for every other
     * application on the desktop to answer (each identity re-check before an act resolves the pid).
     */
    private Optional<Resolved> stillAt(long pid, boolean observing) {
        Optional<LaunchIdentity> launch = ProcStat.launch(pid);
        String busName = launch.map(known::get).orElse(null);
        if (busName == null) {
            return Optional.empty();
        }
        BusCalls calls = bus.calls();
        // The name and the root's children over the application's own connection when one is open
        // (no daemon hops; none is opened before the daemon has said whose the name is), the owner
        // from the bus daemon, all in one round trip. The name is the application's own answer either way.
        BusCalls open = bus.openAppCalls(busName);
        BusCalls direct = open == null ? calls : open;
        long asked = System.nanoTime();
        BusCalls.Pending name = direct.send(busName, AtspiRef.ROOT_PATH, NodeReader.PROPERTIES, "Get", "ss",
                NodeReader.ACCESSIBLE, "Name");
        BusCalls.Pending children = direct.send(busName, AtspiRef.ROOT_PATH, NodeReader.ACCESSIBLE, "GetChildren", null);
        // What an observation's window list reads next, queued behind the children on the
        // application's own socket: the application works through it while the daemon answers.
        WindowReads windowReads = null;
        Toolkit toolkit = bus.knownToolkit(busName);
        List<AtspiRef> last = lastWindows.get(busName);
        if (observing && open != null && toolkit != null && last != null) {
            windowReads = sendWindowReads(open, new NodeReader(open, toolkit), last);
        }
        BusCalls.Pending owner = calls.send(A11yBus.DBUS, A11yBus.DBUS_PATH, A11yBus.DBUS,
                "GetConnectionUnixProcessID", "s", busName);
        BusCalls.Reply named = direct.await(name);
        BusCalls.Reply owned = calls.await(owner);
        if (!named.ok() || !owned.ok() || ((UInt32) owned.value(0)).longValue() != pid) {
            return Optional.empty();
        }
        ownerSeen.put(busName, new OwnerSeen(pid, asked));
        Entry entry = new Entry(busName, new AppInfo(NodeReader.string(named.value(0)), null, launch.get()));
        if (observing) {
            return Optional.of(new Resolved(entry, new Ahead(busName, direct, children, windowReads, asked)));
        }
        rootChildren.put(busName, new Asked(direct, children, asked));
        return Optional.of(new Resolved(entry, null));
    }

    private Entry find(AppSelector selector) {
        List<Entry> apps = all();
        // Launches no longer listed are forgotten, so the map stays as small as the desktop.
        Set<LaunchIdentity> listed = new HashSet<>();
        apps.forEach(e -> listed.add(e.info().launch()));
        known.keySet().retainAll(listed);
        ownerSeen.keySet().retainAll(known.values());
        rootChildren.keySet().retainAll(known.values());
        lastWindows.keySet().retainAll(known.values());
        framesRead.keySet().retainAll(known.values());
        if (selector instanceof AppSelector.ByPid byPid) {
            long pid = byPid.pid();
            Optional<Entry> exact = apps.stream().filter(e -> e.info().pid() == pid).findFirst();
            if (exact.isPresent()) {
                return exact.get();
            }
            // A launcher's pid (LibreOffice's soffice script, a browser wrapper) names the process
            // it started: the one accessible descendant answers for it.
            List<Entry> descendants = apps.stream().filter(e -> descendantOf(e.info().pid(), pid)).toList();
            if (descendants.size() == 1) {
                return descendants.get(0);
            }
            throw invalid(descendants.isEmpty() ? "no accessible application has pid " + pid
                    : descendants.size() + " accessible applications descend from pid " + pid + "; name one by its own pid");
        }
        if (selector instanceof AppSelector.ByName byName) {
            String name = byName.name();
            List<Entry> named = apps.stream().filter(e -> e.info().name().equals(name)).toList();
            if (named.isEmpty()) {
                // A case-insensitive match is the same application to a person ("chromium" for "Chromium").
                named = apps.stream().filter(e -> e.info().name().equalsIgnoreCase(name)).toList();
            }
            if (named.size() != 1) {
                throw invalid(named.isEmpty() ? "no accessible application is named '" + name + "'"
                        // Never suggest Countersign itself: an agent is never offered our own windows.
                        + AppNames.suggestion(name, apps.stream().filter(e -> e.info().pid() != OWN_PID)
                                .map(e -> e.info().name()).toList())
                        : named.size() + " applications are named '" + name + "'; name one by pid");
            }
            return named.get(0);
        }
        return frontmost(apps);
    }

    /** The entry for an application a caller resolved earlier, only if it is still that very launch. */
    Entry current(AppInfo app) {
        String busName = known.get(app.launch());
        if (busName != null) {
            if (owned(busName, app.pid()) && ProcStat.launch(app.pid()).equals(Optional.of(app.launch()))) {
                return new Entry(busName, app);
            }
            known.remove(app.launch(), busName);
            ownerSeen.remove(busName);
            rootChildren.remove(busName);
            lastWindows.remove(busName);
        }
        Entry e = resolve(AppSelector.pid(app.pid()));
        if (!e.info().launch().equals(app.launch())) {
            throw new CountersignException(CountersignError.onField(ErrorCode.TARGET_CHANGED, "app",
                    "pid " + app.pid() + " now belongs to a different launch"));
        }
        return e;
    }

    /** Whether the bus daemon says {@code busName} belongs to {@code pid}: asked, or answered within this call's steps. */
    private boolean owned(String busName, long pid) {
        OwnerSeen seen = ownerSeen.get(busName);
        long asked = System.nanoTime();
        if (seen != null && seen.pid() == pid && asked - seen.at() < OWNER_REUSE_NANOS) {
            return true;
        }
        if (bus.pidOf(busName) != pid) {
            return false;
        }
        ownerSeen.put(busName, new OwnerSeen(pid, asked));
        return true;
    }

    List<WindowInfo> windows(Entry app) {
        return windows(app, null, false);
    }

    /**
     * The application's showing windows. For an observation ({@code observing}): taking what its
     * own re-check asked ahead ({@code ahead}, null when it found the application afresh) while as
     * fresh as the owner answer it came with, and remembering the windows for the next
     * observation's re-check.
     */
    List<WindowInfo> windows(Entry app, Ahead ahead, boolean observing) {
        BusCalls calls = bus.appCalls(app.busName());
        NodeReader reader = bus.reader(app.busName());
        boolean usable = ahead != null && ahead.busName().equals(app.busName()) && ahead.calls() == calls
                && System.nanoTime() - ahead.at() < OWNER_REUSE_NANOS;
        Object[] children = usable ? childrenAsked(ahead.children(), app.busName(), calls)
                : rootChildren(app.busName(), calls);
        List<AtspiRef> refs = NodeReader.refs((List<?>) children[0]);
        // The window reads count only for exactly the windows the root lists in the answer asked
        // with them: a window opened or closed since is read afresh.
        WindowReads reads;
        if (usable && ahead.windows() != null && ahead.windows().refs().equals(refs)) {
            reads = ahead.windows();
            windowReadsTaken.incrementAndGet();
        } else {
            reads = sendWindowReads(calls, reader, refs);
        }
        if (observing) {
            lastWindows.put(app.busName(), refs);
        }
        List<RawNode> nodes = reads.nodes();
        List<BusCalls.Pending> extents = reads.extents();
        reads.structures().forEach(reader::collectStructure);
        for (int i = 0; i < nodes.size(); i++) {
            BusCalls.Reply frame = calls.await(extents.get(i));
            if (frame.ok() && !nodes.get(i).gone()) {
                nodes.get(i).frame = NodeReader.rect((Object[]) frame.value(0));
            }
        }
        if (observing) {
            Map<AtspiRef, Rect> frames = new HashMap<>();
            for (RawNode n : nodes) {
                if (n.frame != null) {
                    frames.put(n.ref, n.frame);
                }
            }
            framesRead.put(app.busName(), new FramesRead(frames, reads.at()));
        }
        List<WindowInfo> out = new ArrayList<>();
        for (RawNode n : nodes) {
            boolean showing = !n.gone() && AtspiNames.has(n.stateBits, AtspiNames.STATE_SHOWING);
            if (showing && n.frame == null) {
                n.frame = reader.frameFromChildren(n);
            }
            if (showing && n.frame != null) {
                out.add(window(n));
            }
        }
        return out;
    }

    /**
     * Sends what a window list reads of each window. A window needs its name, states and frame only:
     * its extents are asked in the same round as its structure (top-level windows are components;
     * one that is not answers an error and gets its frame from its children), not in a second round
     * with actions and values.
     */
    private static WindowReads sendWindowReads(BusCalls calls, NodeReader reader, List<AtspiRef> refs) {
        long at = System.nanoTime();
        List<RawNode> nodes = new ArrayList<>(refs.size());
        List<NodeReader.Structure> structures = new ArrayList<>(refs.size());
        List<BusCalls.Pending> extents = new ArrayList<>(refs.size());
        for (AtspiRef w : refs) {
            RawNode n = new RawNode(w, 0, -1, nodes.size());
            nodes.add(n);
            structures.add(reader.sendStructure(n));
            extents.add(calls.send(w.bus(), w.path(), NodeReader.COMPONENT, "GetExtents", "u", NodeReader.SCREEN_COORDS));
        }
        return new WindowReads(List.copyOf(refs), nodes, structures, extents, at);
    }

    /**
     * The window's frame as an observation's window list read it from the window's extents, while
     * as fresh as an owner answer ({@link #OWNER_REUSE_NANOS}); null otherwise. Taken once: the
     * application's frames are forgotten by the first snapshot that asks.
     */
    Rect takeFrame(AtspiRef window) {
        FramesRead read = framesRead.remove(window.bus());
        if (read == null || System.nanoTime() - read.at() >= OWNER_REUSE_NANOS) {
            return null;
        }
        Rect frame = read.frames().get(window);
        if (frame != null) {
            framesTaken.incrementAndGet();
        }
        return frame;
    }

    /** Forgets the frames a window list read for these windows' applications (its observation was refused). */
    void forgetFrames(List<WindowInfo> windows) {
        for (WindowInfo w : windows) {
            if (w.handle() instanceof AtspiRef ref) {
                framesRead.remove(ref.bus());
            }
        }
    }

    /** How many snapshots took their window's frame from the window list of their observation. */
    long framesTaken() {
        return framesTaken.get();
    }

    /** How many window lists took the reads an observation's re-check sent ahead. */
    long windowReadsTaken() {
        return windowReadsTaken.get();
    }

    /**
     * The children of the application's root: the answer a resolve asked for on this channel within
     * {@link #OWNER_REUSE_NANOS}, else asked now. A prefetched error is asked again, so a failure
     * reads as it would have without the prefetch — except no answer at all, which would only wait
     * out the reply timeout a second time.
     */
    private Object[] rootChildren(String busName, BusCalls calls) {
        Asked ahead = rootChildren.remove(busName);
        if (ahead != null && ahead.calls() == calls && System.nanoTime() - ahead.at() < OWNER_REUSE_NANOS) {
            return childrenAsked(ahead.pending(), busName, calls);
        }
        return calls.callOrFail(busName, AtspiRef.ROOT_PATH, NodeReader.ACCESSIBLE, "GetChildren", null);
    }

    /** The root's children as asked ahead; an error answer is asked again, except no answer at all. */
    private static Object[] childrenAsked(BusCalls.Pending asked, String busName, BusCalls calls) {
        BusCalls.Reply reply = calls.await(asked);
        if (reply.ok() || reply.errorName().endsWith(".NoReply")) {
            return BusCalls.valuesOrFail(reply, NodeReader.ACCESSIBLE, "GetChildren");
        }
        return calls.callOrFail(busName, AtspiRef.ROOT_PATH, NodeReader.ACCESSIBLE, "GetChildren", null);
    }

    /** Every application with its showing windows and toolkit; an application that exits meanwhile is left out. */
    List<AppListing> listing() {
        List<AppListing> out = new ArrayList<>();
        for (Entry e : all()) {
            try {
                out.add(new AppListing(e.info(), bus.toolkit(e.busName()).label(), windows(e)));
            } catch (CountersignException gone) {
                // It exited between the registry's list and our reads: not running, so not listed.
            }
        }
        return out;
    }

    static WindowInfo window(RawNode n) {
        return new WindowInfo(n.ref, n.name, n.frame, AtspiNames.has(n.stateBits, AtspiNames.STATE_ACTIVE));
    }

    /**
     * The application with the active window. Without a window manager (a bare X server) no window
     * is ever active; then the only application with a showing window counts as frontmost.
     */
    private Entry frontmost(List<Entry> apps) {
        List<Entry> showing = new ArrayList<>();
        for (Entry e : apps) {
            List<WindowInfo> ws = windows(e);
            if (ws.stream().anyMatch(WindowInfo::active)) {
                return e;
            }
            if (!ws.isEmpty()) {
                showing.add(e);
            }
        }
        if (showing.size() == 1) {
            return showing.get(0);
        }
        throw invalid(showing.isEmpty() ? "no application has a window" : "no window is active and "
                + showing.size() + " applications have windows; name the application");
    }

    /** Whether {@code pid} descends from {@code ancestor}, within a few generations. */
    private static boolean descendantOf(long pid, long ancestor) {
        long p = pid;
        for (int generation = 0; generation < 6 && p > 1; generation++) {
            p = ProcStat.parent(p);
            if (p == ancestor) {
                return true;
            }
        }
        return false;
    }

    static CountersignException invalid(String message) {
        return new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, "app", message));
    }

}
