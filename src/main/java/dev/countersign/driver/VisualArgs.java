package dev.countersign.driver;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.countersign.core.CountersignError;
import dev.countersign.desktop.MouseButton;
import dev.countersign.desktop.PointerInput;
import dev.countersign.desktop.ScrollDirection;
import dev.countersign.policy.Operation;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** The arguments of {@code computer_visual_observe} and {@code computer_visual_act} (docs/endpoint.md). */
public final class VisualArgs {
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    private VisualArgs() {
    }

    /** {@code computer_visual_observe}: which fresh observation to capture, and how many marks at most. */
    public record Observe(
            @JsonProperty("observation_id") String observationId,
            @JsonProperty("max_marks") Integer maxMarks) {

        public int marks() {
            return maxMarks == null ? 80 : maxMarks;
        }

        public Optional<CountersignError> validate() {
            if (observationId == null || observationId.isBlank()) {
                return ObserveArgs.invalid("observation_id", "observation_id is the id of your fresh observation");
            }
            if (marks() < 1 || marks() > 200) {
                return ObserveArgs.invalid("max_marks", "max_marks is 1-200");
            }
            return Optional.empty();
        }
    }

    /** A point in the delivered attachment's pixels. */
    public record Point(@JsonProperty("x") Integer x, @JsonProperty("y") Integer y) {
    }

    /**
     * {@code computer_visual_act}: click, drag or scroll at attachment pixels of one delivered
     * capture. As with {@link ActArgs}, the operation is the type: Jackson picks the variant from
     * {@code op}, so {@code to} on a click or {@code direction} on a drag is refused structurally,
     * and each variant owns its policy operation, its words for the person and its pointer input.
     */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXISTING_PROPERTY, property = "op")
    @JsonSubTypes({
            @JsonSubTypes.Type(Act.Click.class),
            @JsonSubTypes.Type(Act.Drag.class),
            @JsonSubTypes.Type(Act.Scroll.class)})
    public sealed interface Act permits Act.Click, Act.Drag, Act.Scroll {
        String observationId();

        String captureSha256();

        Point point();

        /** The operation's wire name, from its {@link JsonTypeName}. */
        @JsonProperty("op")
        default String op() {
            return getClass().getAnnotation(JsonTypeName.class).value();
        }

        /** The operation the person's policy decides on. */
        @JsonIgnore
        Operation operation();

        /** What the approval dialog says before the app and window. */
        @JsonIgnore
        String words();

        /** The second point ({@code drag}); null for operations at one point. */
        default Point to() {
            return null;
        }

        /** The first argument that is missing or out of range; empty when all fit. */
        default Optional<CountersignError> validate() {
            if (observationId() == null || observationId().isBlank()) {
                return ObserveArgs.invalid("observation_id", "observation_id is the id of your fresh observation");
            }
            if (captureSha256() == null || !SHA256.matcher(captureSha256()).matches()) {
                return ObserveArgs.invalid("capture_sha256", "capture_sha256 is the hash computer_visual_observe returned");
            }
            if (!whole(point())) {
                return ObserveArgs.invalid("point", "point is {x, y} in the attachment's pixels");
            }
            return checkOwn();
        }

        /** The first argument of this operation's own that does not fit; empty when all fit. */
        default Optional<CountersignError> checkOwn() {
            return Optional.empty();
        }

        /** The arguments the envelope's digest binds beyond op, capture and the screen points. */
        default Map<String, Object> boundArguments() {
            return Map.of();
        }

        /** The pointer input at the screen points the stored geometry gave. */
        PointerInput input(dev.countersign.vision.Point at, dev.countersign.vision.Point to);

        /** A left click at the point. */
        @JsonTypeName("click")
        record Click(@JsonProperty("observation_id") String observationId,
                @JsonProperty("capture_sha256") String captureSha256,
                @JsonProperty("point") Point point) implements Act {
            @Override
            public Operation operation() {
                return Operation.VISUAL_CLICK;
            }

            @Override
            public String words() {
                return "Click at a point";
            }

            @Override
            public PointerInput input(dev.countersign.vision.Point at, dev.countersign.vision.Point to) {
                return new PointerInput.Click(at.x(), at.y(), MouseButton.LEFT, 1);
            }
        }

        /** Press at the point, move to {@code to}, release. */
        @JsonTypeName("drag")
        record Drag(@JsonProperty("observation_id") String observationId,
                @JsonProperty("capture_sha256") String captureSha256,
                @JsonProperty("point") Point point, @JsonProperty("to") Point to) implements Act {
            @Override
            public Operation operation() {
                return Operation.VISUAL_DRAG;
            }

            @Override
            public String words() {
                return "Drag between two points";
            }

            @Override
            public Optional<CountersignError> checkOwn() {
                return whole(to) ? Optional.empty()
                        : ObserveArgs.invalid("to", "to is {x, y} in the attachment's pixels, required for op 'drag'");
            }

            @Override
            public PointerInput input(dev.countersign.vision.Point at, dev.countersign.vision.Point end) {
                return new PointerInput.Drag(at.x(), at.y(), end.x(), end.y());
            }
        }

        /** Scroll wheel steps at the point. */
        @JsonTypeName("scroll")
        record Scroll(@JsonProperty("observation_id") String observationId,
                @JsonProperty("capture_sha256") String captureSha256,
                @JsonProperty("point") Point point, @JsonProperty("direction") String direction,
                @JsonProperty("amount") Integer amount) implements Act {
            @Override
            public Operation operation() {
                return Operation.VISUAL_SCROLL;
            }

            @Override
            public String words() {
                return "Scroll at a point";
            }

            /** The steps to scroll: 3 when the agent named none. */
            public int steps() {
                return Scrolls.steps(amount);
            }

            @Override
            public Optional<CountersignError> checkOwn() {
                return Scrolls.check(direction, amount, "direction is required for op 'scroll'");
            }

            @Override
            public Map<String, Object> boundArguments() {
                return Scrolls.bound(direction, steps());
            }

            @Override
            public PointerInput input(dev.countersign.vision.Point at, dev.countersign.vision.Point to) {
                return new PointerInput.Scroll(at.x(), at.y(),
                        ScrollDirection.valueOf(direction.toUpperCase(Locale.ROOT)), steps());
            }
        }

        /** Every operation's wire name, in declaration order: the MCP schema's {@code op} enum. */
        static List<String> ops() {
            return Arrays.stream(Act.class.getPermittedSubclasses())
                    .map(type -> type.getAnnotation(JsonTypeName.class).value()).toList();
        }
    }

    private static boolean whole(Point p) {
        return p != null && p.x() != null && p.y() != null;
    }
}
