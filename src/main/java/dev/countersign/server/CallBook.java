package dev.countersign.server;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tool calls in flight on each session, so that a {@code notifications/cancelled} that arrives
 * on another request of the same session (the way Streamable HTTP clients cancel) reaches the
 * call it names. A call that waits for the person sees {@link Call#cancelled()} at its next poll
 * and withdraws its approval request; nothing is dispatched.
 */
final class CallBook {
    /** One call in flight; cancelled at most once, by its own session. */
    static final class Call {
        private final String key;
        private volatile boolean cancelled;

        private Call(String key) {
            this.key = key;
        }

        boolean cancelled() {
            return cancelled;
        }
    }

    private final Map<String, Call> calls = new ConcurrentHashMap<>();

    /** Starts tracking the request {@code id} (its JSON text) of session {@code outer}. */
    Call begin(String outer, String id) {
        Call call = new Call(outer + "\n" + id);
        calls.put(call.key, call);
        return call;
    }

    void end(Call call) {
        calls.remove(call.key, call);
    }

    /** Marks the named call of this session cancelled; another session's calls are out of reach. */
    boolean cancel(String outer, String id) {
        Call call = calls.get(outer + "\n" + id);
        if (call == null) {
            return false;
        }
        call.cancelled = true;
        return true;
    }

    int size() {
        return calls.size();
    }
}
