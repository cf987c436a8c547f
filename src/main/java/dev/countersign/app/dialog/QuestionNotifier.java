package dev.countersign.app.dialog;

import dev.countersign.approval.ApprovalRequest;

/**
 * Tells the person, outside the dialog, that an agent waits for them: a desktop notification that
 * names the agent and the act. Activating it only brings the dialog forward; nothing a
 * notification carries can answer the question (the dialog's buttons are the only way).
 */
public interface QuestionNotifier extends AutoCloseable {
    /** No notifications (no notification service, or a platform without one here yet). */
    QuestionNotifier NONE = new QuestionNotifier() {
        @Override
        public void asking(ApprovalRequest request, Runnable bringForward) {
        }

        @Override
        public void answered(String nonce) {
        }

        @Override
        public void close() {
        }
    };

    /** {@code request} is now the question shown; {@code bringForward} runs when the person activates the notice. */
    void asking(ApprovalRequest request, Runnable bringForward);

    /** The question {@code nonce} is no longer waiting (answered, withdrawn, expired): its notice goes. */
    void answered(String nonce);

    @Override
    void close();
}
