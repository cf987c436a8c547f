package dev.countersign.desktop;

import dev.countersign.core.CountersignError;
import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import java.util.Objects;

/**
 * Which characters of an element's text to select ({@link ElementAction.SelectText}): a span of
 * character offsets, from an offset to the end (from 0: all of it), or the first occurrence of a
 * piece of text. Offsets count Unicode
 * characters (code points), as AT-SPI's {@code Text} interface does; a backend whose platform
 * counts otherwise (macOS: UTF-16 units) converts. A range is resolved against the element's text
 * as it reads right before the selection is set, so it never selects past the text's end.
 */
public sealed interface TextRange {

    /** The range as [start, end) character offsets of {@code text}; refused when it does not fit. */
    Span resolve(String text);

    /** Whether {@code selection} shows this range selected in {@code text} (as it reads now). */
    default boolean shownBy(TextSelection selection) {
        Span wanted;
        try {
            wanted = resolve(selection.text());
        } catch (DispatchRefusedException e) {
            return false;
        }
        return selection.spans().contains(wanted);
    }

    /** Characters {@code [start, end)}; at least one. */
    record Span(int start, int end) implements TextRange {
        public Span {
            if (start < 0 || end <= start) {
                throw new IllegalArgumentException("a span is 0 <= start < end, got [" + start + ", " + end + ")");
            }
        }

        @Override
        public Span resolve(String text) {
            int length = text.codePointCount(0, text.length());
            if (end > length) {
                throw refused("end", "end (" + end + ") is past the end of the element's text (" + length
                        + " characters)");
            }
            return this;
        }
    }

    /** The first occurrence of {@code text}. */
    record First(String text) implements TextRange {
        public First {
            Objects.requireNonNull(text, "text");
            if (text.isEmpty()) {
                throw new IllegalArgumentException("the text to find is not empty");
            }
        }

        @Override
        public Span resolve(String whole) {
            int at = whole.indexOf(text);
            if (at < 0) {
                // Never quote either text: the element's may be private, the agent knows its own.
                throw refused("text", "the element's text does not contain the text to select");
            }
            int start = whole.codePointCount(0, at);
            return new Span(start, start + text.codePointCount(0, text.length()));
        }
    }

    /** From character {@code start} to the end of the text ({@code From(0)}: all of it). */
    record From(int start) implements TextRange {
        public From {
            if (start < 0) {
                throw new IllegalArgumentException("start is 0 or more, got " + start);
            }
        }

        @Override
        public Span resolve(String text) {
            int length = text.codePointCount(0, text.length());
            if (start >= length) {
                throw refused("start", length == 0 ? "the element's text is empty; there is nothing to select"
                        : "start (" + start + ") is at or past the end of the element's text (" + length
                                + " characters)");
            }
            return new Span(start, length);
        }
    }

    private static DispatchRefusedException refused(String field, String message) {
        return new DispatchRefusedException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, field, message));
    }
}
