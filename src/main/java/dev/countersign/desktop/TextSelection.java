package dev.countersign.desktop;

import java.util.List;
import java.util.Objects;

/**
 * An element's text and what of it is selected now, as character offsets (code points, see
 * {@link TextRange}): what proves a text selection took. Never read from a secure element.
 */
public record TextSelection(String text, List<TextRange.Span> spans) {

    public TextSelection {
        Objects.requireNonNull(text, "text");
        spans = List.copyOf(spans);
    }
}
