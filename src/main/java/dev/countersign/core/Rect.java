package dev.countersign.core;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;

/** A rectangle in native screen pixels, top-left origin. */
public record Rect(
        @JsonProperty("x") int x,
        @JsonProperty("y") int y,
        @JsonProperty("width") int width,
        @JsonProperty("height") int height) {

    public Rect {
        if (width < 0 || height < 0) {
            throw new IllegalArgumentException("a rect has a non-negative width and height, got "
                    + width + "x" + height);
        }
    }

    @JsonIgnore
    public boolean isEmpty() {
        return width == 0 || height == 0;
    }

    public boolean contains(int px, int py) {
        return px >= x && py >= y && px < x + width && py < y + height;
    }

    public int centerX() {
        return x + width / 2;
    }

    public int centerY() {
        return y + height / 2;
    }
}
