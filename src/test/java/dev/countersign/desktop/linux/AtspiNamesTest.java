package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementNode;
import java.util.List;
import java.util.Set;
import org.freedesktop.dbus.DBusPath;
import org.junit.jupiter.api.Test;

/** What a stored element shares with the others of its observation instead of holding its own copy. */
class AtspiNamesTest {
    private static final long ACTIVE_AND_SHOWING = (1L << AtspiNames.STATE_ACTIVE) | (1L << AtspiNames.STATE_SHOWING);

    @Test
    void elementsWithTheSameStatesShareOneImmutableSetThroughTheirNodes() {
        Set<String> first = AtspiNames.states(ACTIVE_AND_SHOWING);
        Set<String> second = AtspiNames.states(ACTIVE_AND_SHOWING);

        assertThat(first).containsExactlyInAnyOrder("active", "showing").isSameAs(second);
        assertThatThrownBy(() -> first.add("focused")).isInstanceOf(UnsupportedOperationException.class);
        ElementNode node = new ElementNode(new AtspiRef(":1.5", "/a"), "push button", null, "OK", "", null, null,
                new Rect(0, 0, 1, 1), first, List.of(), false, 0, -1);
        assertThat(node.states()).isSameAs(first);
        assertThat(AtspiNames.states(0)).isEmpty();
    }

    @Test
    void handlesOfOneApplicationShareTheirBusName() {
        AtspiRef a = AtspiRef.fromStruct(new Object[] {new String(":1.42"), new DBusPath("/org/a11y/atspi/accessible/1")});
        AtspiRef b = AtspiRef.fromStruct(new Object[] {new String(":1.42"), new DBusPath("/org/a11y/atspi/accessible/2")});

        assertThat(a.bus()).isEqualTo(":1.42").isSameAs(b.bus());
        assertThat(a).isNotEqualTo(b);
        assertThat(AtspiRef.fromStruct(new Object[] {":1.42", new DBusPath("/org/a11y/atspi/accessible/1")})).isEqualTo(a);
    }
}
