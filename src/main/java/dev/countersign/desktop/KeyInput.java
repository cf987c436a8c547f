package dev.countersign.desktop;

import java.util.Objects;

/** Synthetic keyboard input delivered to whatever has keyboard focus. */
public sealed interface KeyInput {

    /**
     * One key combination: modifiers and a key name joined by '+', e.g. {@code Return},
     * {@code Tab}, {@code ctrl+a}, {@code cmd+shift+t} (cmd is the platform's command key).
     */
    record Keys(String combo) implements KeyInput {
        public Keys {
            Objects.requireNonNull(combo, "combo");
            if (combo.isBlank() || combo.startsWith("+") || combo.endsWith("+")) {
                throw new IllegalArgumentException("a key combination names keys joined by '+', got '" + combo + "'");
            }
        }
    }

    /** Type this text character by character (at most 4096 characters). */
    record Text(String text) implements KeyInput {
        public Text {
            Objects.requireNonNull(text, "text");
            if (text.length() > 4096) {
                throw new IllegalArgumentException("typed text is at most 4096 characters, got " + text.length());
            }
        }
    }
}
