package dev.countersign.desktop.macos;

/**
 * The Java form of an {@code AXValueRef}: a point, size, rectangle, range or embedded error, as
 * {@code AXValueGetValue} fills them in. Geometry is in global display points with the origin at
 * the top-left of the main display, as the Accessibility API reports it.
 */
sealed interface AxValue {

    /** {@code kAXValueCGPointType} (1). */
    record Point(double x, double y) implements AxValue {
    }

    /** {@code kAXValueCGSizeType} (2). */
    record Size(double width, double height) implements AxValue {
    }

    /** {@code kAXValueCGRectType} (3). */
    record Box(double x, double y, double width, double height) implements AxValue {
    }

    /** {@code kAXValueCFRangeType} (4). */
    record Range(long location, long length) implements AxValue {
    }

    /** {@code kAXValueAXErrorType} (5): what a failed slot of a batch read holds. */
    record Error(int code) implements AxValue {
    }

    int TYPE_POINT = 1;
    int TYPE_SIZE = 2;
    int TYPE_RECT = 3;
    int TYPE_RANGE = 4;
    int TYPE_ERROR = 5;

    /** How many doubles {@code AXValueGetValue} writes for a type (CGFloat is a double on LP64), or 0 for none we read. */
    static int doublesFor(int type) {
        switch (type) {
            case TYPE_POINT:
            case TYPE_SIZE:
                return 2;
            case TYPE_RECT:
                return 4;
            default:
                return 0;
        }
    }

    /** The value of a geometric type from the doubles {@code AXValueGetValue} wrote; null for types read otherwise. */
    static AxValue ofDoubles(int type, double[] raw) {
        switch (type) {
            case TYPE_POINT:
                return new Point(raw[0], raw[1]);
            case TYPE_SIZE:
                return new Size(raw[0], raw[1]);
            case TYPE_RECT:
                return new Box(raw[0], raw[1], raw[2], raw[3]);
            default:
                return null;
        }
    }
}
