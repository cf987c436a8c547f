package dev.countersign.desktop.macos;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * macOS notifications through the platform's own API (UNUserNotificationCenter, in the
 * {@link NotifyShim} of {@code native/macos/notify.m}): post one by identifier, remove it, and
 * hear which one the person clicked. Present only when the shim is there and the process runs
 * from Countersign's .app (the framework serves application bundles only).
 */
public final class MacNotifications {
    private static final Logger LOG = LoggerFactory.getLogger(MacNotifications.class);
    private final NotifyShim shim;
    /** Held for the process's life: the shim keeps only its native address. */
    private final NotifyShim.Activated activated;

    private MacNotifications(NotifyShim shim, NotifyShim.Activated activated) {
        this.shim = shim;
        this.activated = activated;
    }

    /**
     * Notifications from this process, with {@code clicked} told the identifier of each one the
     * person clicks (on a thread of the framework's); empty without the shim or outside an .app.
     */
    public static Optional<MacNotifications> start(Consumer<String> clicked) {
        return start(ShimLibraries.load(NotifyShim.NAME, NotifyShim.class), clicked);
    }

    static Optional<MacNotifications> start(NotifyShim shim, Consumer<String> clicked) {
        Objects.requireNonNull(clicked, "clicked");
        if (shim == null) {
            LOG.info("no notification shim ({}); a question is asked in the dialog and the menu bar only",
                    NotifyShim.NAME);
            return Optional.empty();
        }
        NotifyShim.Activated activated = identifier -> {
            if (identifier != null) {
                clicked.accept(identifier);
            }
        };
        int rc = shim.cs_notify_start(activated);
        if (rc != 0) {
            LOG.info("no notifications for questions: {}", rc == NotifyShim.NO_BUNDLE
                    ? "Countersign is not running from its .app" : "the notification center failed (" + rc + ")");
            return Optional.empty();
        }
        return Optional.of(new MacNotifications(shim, activated));
    }

    /** Posts notification {@code identifier}; false when the shim did not take it. */
    public boolean post(String identifier, String title, String body) {
        int rc = shim.cs_notify_post(identifier, title, body);
        if (rc != 0) {
            LOG.info("the question's notification was not posted ({})", rc);
        }
        return rc == 0;
    }

    /** Removes notification {@code identifier}, shown or not. */
    public void remove(String identifier) {
        int rc = shim.cs_notify_remove(identifier);
        if (rc != 0) {
            LOG.debug("the question's notification was not removed ({})", rc);
        }
    }
}
