package dev.countersign.vision;

import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Objects;

/** An attachment with its marks burned in, the marks it carries, and the candidates left out with their reasons. */
public record MarkedImage(BufferedImage image, Geometry geometry, List<Mark> marks, List<Omission> omitted) {
    public MarkedImage {
        Objects.requireNonNull(image, "image");
        Objects.requireNonNull(geometry, "geometry");
        marks = List.copyOf(marks);
        omitted = List.copyOf(omitted);
    }
}
