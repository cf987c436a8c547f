package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.countersign.core.DispatchRefusedException;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.freedesktop.dbus.types.UInt32;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A drop-down's list that closes while an observation reads it. Firefox draws a {@code <select>}'s
 * open list in the browser window (a combo box of its own whose first child is the list) and shuts
 * that list's accessible down the moment it closes; asked for its selection then, Firefox
 * segfaulted. Here the read is split where an observation can be overtaken: the combo box and its
 * list are read while open, the person closes the list with Escape, and only then is the combo
 * box's item read, and one of the list's items selected. Firefox must still be running, the
 * closed list gives no value, and the select is refused with nothing sent.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class ClosedListDesktopTest {

    @Test
    void aListThatClosedMidReadIsNeverAskedForItsSelection(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp firefox = desktop.launchFirefox("Select Form — Mozilla Firefox",
                "/dev/countersign/app/select.html");
        AtspiRef window = (AtspiRef) firefox.window().handle();
        try (A11yBus bus = new A11yBus()) {
            BusCalls calls = bus.appCalls(window.bus());
            NodeReader reader = bus.reader(window.bus());
            AtspiRef select = find(calls, window, ComboBoxes.ROLE_COMBO_BOX, "Colour");
            assertThat(select).as("the page's drop-down").isNotNull();

            AtspiRef[] dropdown = new AtspiRef[1];
            assertThat(TestDesktop.eventually(Duration.ofSeconds(15), () -> {
                dropdown[0] = openList(calls, window);
                if (dropdown[0] == null) {
                    calls.callOrFail(select.bus(), select.path(), NodeReader.ACTION, "DoAction", "i", 0);
                }
                return dropdown[0] != null;
            })).as("the drop-down's list opens, drawn by the browser window").isTrue();

            // The read as an observation starts it: the combo box's structure and details, its list asked for.
            RawNode n = new RawNode(dropdown[0], 0, -1, 0);
            NodeReader.Structure s = reader.sendStructure(n);
            reader.collectStructure(s);
            assertThat(n.gone()).as("the open list's combo box reads live").isFalse();
            NodeReader.Details d = reader.sendDetails(n, true);
            reader.collectDetails(d);
            // An item of the open list, as an agent's select would have read it.
            AtspiRef popup = children(calls, dropdown[0]).get(0);
            RawNode item = new RawNode(children(calls, popup).get(2), 0, -1, 0);
            reader.collectStructure(reader.sendStructure(item));
            assertThat(AtspiNames.has(item.stateBits, AtspiNames.STATE_SELECTABLE)).as("its items are selectable").isTrue();

            TestDesktop.run(List.of("xdotool", "key", "Escape"));
            assertThat(TestDesktop.eventually(Duration.ofSeconds(10), () -> defunct(calls, dropdown[0])))
                    .as("the closed list's combo box is shut down").isTrue();

            reader.finishDetails(List.of(d));
            // Selecting in the closed list is refused, nothing sent to it (its items are shut down with
            // it, so the item's own checks refuse it before the list's state is read).
            assertThatThrownBy(() -> new AtspiSelection(bus).selectItem(item, false))
                    .isInstanceOfSatisfying(DispatchRefusedException.class,
                            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.TARGET_CHANGED));
            Thread.sleep(1500);

            assertThat(ProcessHandle.of(firefox.app().pid()).map(ProcessHandle::isAlive)).as("Firefox is still running")
                    .contains(true);
            assertThat(calls.connected()).as("its accessibility connection is still open").isTrue();
            assertThat(n.value).as("a closed list gives no value").isNullOrEmpty();
            assertThat(find(calls, window, ComboBoxes.ROLE_COMBO_BOX, "Colour")).as("the page still reads").isNotNull();
        }
    }

    /** The browser window's open-list combo box: a child of the window, expanded. Null while none is open. */
    private static AtspiRef openList(BusCalls calls, AtspiRef window) {
        for (AtspiRef child : children(calls, window)) {
            BusCalls.Reply role = calls.call(child.bus(), child.path(), NodeReader.ACCESSIBLE, "GetRole", null);
            BusCalls.Reply state = calls.call(child.bus(), child.path(), NodeReader.ACCESSIBLE, "GetState", null);
            if (role.ok() && state.ok() && ((UInt32) role.value(0)).intValue() == ComboBoxes.ROLE_COMBO_BOX
                    && AtspiNames.has(AtspiNames.stateBits(state.value(0)), AtspiNames.STATE_EXPANDED)) {
                return child;
            }
        }
        return null;
    }

    private static boolean defunct(BusCalls calls, AtspiRef ref) {
        BusCalls.Reply state = calls.call(ref.bus(), ref.path(), NodeReader.ACCESSIBLE, "GetState", null);
        return !state.ok() || AtspiNames.has(AtspiNames.stateBits(state.value(0)), AtspiNames.STATE_DEFUNCT);
    }

    /** The first element of {@code role} named {@code name} under {@code root}, breadth first. */
    private static AtspiRef find(BusCalls calls, AtspiRef root, int role, String name) {
        Deque<AtspiRef> queue = new ArrayDeque<>(List.of(root));
        for (int seen = 0; !queue.isEmpty() && seen < 2000; seen++) {
            AtspiRef ref = queue.poll();
            BusCalls.Reply r = calls.call(ref.bus(), ref.path(), NodeReader.ACCESSIBLE, "GetRole", null);
            if (r.ok() && ((UInt32) r.value(0)).intValue() == role) {
                BusCalls.Reply n = calls.call(ref.bus(), ref.path(), NodeReader.PROPERTIES, "Get", "ss",
                        NodeReader.ACCESSIBLE, "Name");
                if (n.ok() && name.equals(NodeReader.string(n.value(0)))) {
                    return ref;
                }
            }
            queue.addAll(children(calls, ref));
        }
        return null;
    }

    private static List<AtspiRef> children(BusCalls calls, AtspiRef ref) {
        BusCalls.Reply r = calls.call(ref.bus(), ref.path(), NodeReader.ACCESSIBLE, "GetChildren", null);
        return r.ok() ? NodeReader.refs((List<?>) r.value(0)) : List.of();
    }
}
