package dev.countersign.driver;

import dev.countersign.desktop.ElementHandle;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The editable elements that once held a credential, so that later edits cannot bring it out: an
 * agent that saw {@code [redacted:github_token]} in an entry and then inserts spaces, underscores
 * or letters into it would read the pieces of a token no shape matches any more. Once an element
 * has held one, its whole value is withheld for as long as this remembers it (bounded, the oldest
 * forgotten first; an application restarted gives its elements new handles and starts afresh).
 * The bound fails closed: once it has forgotten an element, every editable element counts as one
 * that held a credential, so a page of thousands of token-holding fields cannot push the one the
 * agent is cutting apart out of memory and read its pieces.
 * Terminals are left out: their screen is output, which keys do not edit in place, and one token
 * printed once must not blind an agent to the terminal for good. Thread-safe.
 */
final class CredentialMemory {
    static final int MAX_ELEMENTS = 4_096;

    /** What an element is withheld as once the bound has forgotten elements: its shape is not known. */
    static final String FORGOTTEN = "credential";

    private boolean forgot;
    private final Map<ElementHandle, String> held = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ElementHandle, String> eldest) {
            if (size() > MAX_ELEMENTS) {
                forgot = true;
                return true;
            }
            return false;
        }
    };

    /** Remembers that {@code element} held a credential of shape {@code shape}. */
    synchronized void remember(ElementHandle element, String shape) {
        held.put(element, shape);
    }

    /** The shape {@code element} once held, if it is remembered; every element, once anything was forgotten. */
    synchronized Optional<String> heldBy(ElementHandle element) {
        String shape = held.get(element);
        return shape != null ? Optional.of(shape) : forgot ? Optional.of(FORGOTTEN) : Optional.empty();
    }
}
