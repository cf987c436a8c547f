package dev.countersign.app.dialog;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.desktop.macos.MacNotifications;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * macOS: the question as a notification through the platform's own API ({@link MacNotifications},
 * UNUserNotificationCenter): "claude waits for you to allow or deny" over the act in the dialog's
 * words. Clicking it only brings the dialog forward; it is removed once the question is answered,
 * withdrawn or expired. Notification Center shows plain text, so the words are cleaned like the
 * dialog's and not escaped. Calls run on one thread of their own, never the FX thread.
 */
public final class MacQuestionNotifier implements QuestionNotifier {
    private static final Logger LOG = LoggerFactory.getLogger(MacQuestionNotifier.class);
    /** A notice's identifier: this prefix and the question's nonce. */
    static final String PREFIX = "countersign.question.";

    private final MacNotifications notifications;
    private final ExecutorService calls = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "question-notifier");
        t.setDaemon(true);
        return t;
    });
    /** What each posted notice brings forward, by its identifier. */
    private final Map<String, Runnable> forward = new ConcurrentHashMap<>();

    private MacQuestionNotifier(Function<Consumer<String>, Optional<MacNotifications>> start) {
        this.notifications = start.apply(this::clicked).orElse(null);
    }

    /** The notifier of this Mac; empty without the shim or outside Countersign's .app. */
    public static Optional<QuestionNotifier> onThisMac() {
        return over(MacNotifications::start);
    }

    /** A notifier over {@code start}, which is handed the click listener (the harness's shim in tests). */
    static Optional<QuestionNotifier> over(Function<Consumer<String>, Optional<MacNotifications>> start) {
        MacQuestionNotifier notifier = new MacQuestionNotifier(start);
        if (notifier.notifications == null) {
            notifier.calls.shutdown();
            return Optional.empty();
        }
        return Optional.of(notifier);
    }

    @Override
    public void asking(ApprovalRequest request, Runnable bringForward) {
        String id = PREFIX + request.nonce();
        submit(() -> {
            forward.put(id, bringForward);
            if (!notifications.post(id, title(request), body(request))) {
                forward.remove(id);
            }
        });
    }

    @Override
    public void answered(String nonce) {
        String id = PREFIX + nonce;
        submit(() -> {
            if (forward.remove(id) != null) {
                notifications.remove(id);
            }
        });
    }

    /** The notice's title: who waits. */
    static String title(ApprovalRequest request) {
        return DialogText.clean(request.agentName(), 60) + " waits for you to allow or deny";
    }

    /** The notice's text: the act in the dialog's words, and the machine it runs on. */
    static String body(ApprovalRequest request) {
        String machine = request.remoteMachine().map(m -> " (on " + DialogText.clean(m, 60) + ")").orElse("");
        return DialogText.clean(request.summary(), FreedesktopNotifier.BODY_MAX) + machine;
    }

    /** The person clicked a notice: only one of ours that still waits brings its dialog forward. */
    private void clicked(String identifier) {
        Runnable action = forward.get(identifier);
        if (action != null) {
            action.run();
        }
    }

    private void submit(Runnable call) {
        try {
            calls.execute(call);
        } catch (RejectedExecutionException closed) {
            LOG.debug("the notifier is closed; a question's notice was not changed");
        }
    }

    @Override
    public void close() {
        calls.shutdown();
        for (String id : forward.keySet()) {
            notifications.remove(id);
        }
        forward.clear();
    }
}
