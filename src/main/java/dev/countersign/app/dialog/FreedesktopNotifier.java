package dev.countersign.app.dialog;

import dev.countersign.approval.ApprovalRequest;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.interfaces.DBusSigHandler;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Linux: the question as a freedesktop notification on the session bus ("claude waits for you" /
 * the act in words), with one action, the notice itself ({@code default}), which brings the dialog
 * forward. Critical urgency and no timeout, so it stays until the question is answered, when it is
 * closed. The act's words hold text an app chose (labels, window titles): they are cleaned like the
 * dialog's and their markup escaped, since many services render the body's {@code <b>} and
 * {@code <a>}. Calls run on one thread of their own, never the FX thread.
 */
public final class FreedesktopNotifier implements QuestionNotifier {
    private static final Logger LOG = LoggerFactory.getLogger(FreedesktopNotifier.class);
    /** The longest act the notice quotes. */
    static final int BODY_MAX = 240;

    private final DBusConnection bus;
    private final Notifications service;
    private final ExecutorService calls = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "question-notifier");
        t.setDaemon(true);
        return t;
    });
    /** Our notices by question nonce, and the action each brings forward by notice id. */
    private final Map<String, UInt32> byNonce = new ConcurrentHashMap<>();
    private final Map<UInt32, Runnable> forward = new ConcurrentHashMap<>();
    private final DBusSigHandler<Notifications.ActionInvoked> onAction = this::invoked;

    private FreedesktopNotifier(DBusConnection bus) throws DBusException {
        this.bus = bus;
        this.service = bus.getRemoteObject(Notifications.BUS_NAME, Notifications.PATH, Notifications.class);
        bus.addSigHandler(Notifications.ActionInvoked.class, onAction);
    }

    /** A notifier on the session bus of {@code DBUS_SESSION_BUS_ADDRESS}; empty when there is no bus. */
    public static Optional<QuestionNotifier> onSessionBus(String address) {
        if (address == null || address.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new FreedesktopNotifier(DBusConnectionBuilder.forAddress(address).withShared(false).build()));
        } catch (DBusException e) {
            LOG.info("no desktop notifications for questions: {}", e.getMessage());
            return Optional.empty();
        }
    }

    @Override
    public void asking(ApprovalRequest request, Runnable bringForward) {
        submit(() -> {
            try {
                UInt32 id = service.Notify("Countersign", new UInt32(0), "dialog-question", summary(request),
                        body(request), List.of("default", "Show the question"),
                        Map.of("urgency", new Variant<>((byte) 2), "category", new Variant<>("im.received"),
                                "resident", new Variant<>(true)), 0);
                byNonce.put(request.nonce(), id);
                forward.put(id, bringForward);
            } catch (DBusExecutionException e) {
                // No service owns the name (no notification daemon): the dialog and the tray still ask.
                LOG.info("the question could not be shown as a notification: {}", e.getMessage());
            }
        });
    }

    @Override
    public void answered(String nonce) {
        submit(() -> {
            UInt32 id = byNonce.remove(nonce);
            if (id != null) {
                forward.remove(id);
                try {
                    service.CloseNotification(id);
                } catch (DBusExecutionException e) {
                    LOG.debug("the question's notification was already gone: {}", e.getMessage());
                }
            }
        });
    }

    /** Runs a bus call on the notifier's thread; after {@link #close()} there is nothing left to tell. */
    private void submit(Runnable call) {
        try {
            calls.execute(call);
        } catch (RejectedExecutionException closed) {
            LOG.debug("the notifier is closed; a question's notice was not changed");
        }
    }

    /** The notice's title: who waits. */
    static String summary(ApprovalRequest request) {
        return escape(DialogText.clean(request.agentName(), 60)) + " waits for you to allow or deny";
    }

    /** The notice's text: the act in the dialog's words, cleaned and escaped. */
    static String body(ApprovalRequest request) {
        String machine = request.remoteMachine().map(m -> " (on " + DialogText.clean(m, 60) + ")").orElse("");
        return escape(DialogText.clean(request.summary(), BODY_MAX) + machine);
    }

    /** The body markup the specification allows, escaped, so an app's text stays text. */
    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private void invoked(Notifications.ActionInvoked signal) {
        Runnable action = forward.get(signal.id());
        // Only our own notice's activation, and it only brings the dialog forward.
        if (action != null) {
            action.run();
        }
    }

    @Override
    public void close() {
        calls.shutdown();
        try {
            for (UInt32 id : byNonce.values()) {
                service.CloseNotification(id);
            }
            bus.removeSigHandler(Notifications.ActionInvoked.class, onAction);
        } catch (DBusException | DBusExecutionException e) {
            LOG.debug("closing the notifier: {}", e.getMessage());
        }
        bus.disconnect();
    }
}
