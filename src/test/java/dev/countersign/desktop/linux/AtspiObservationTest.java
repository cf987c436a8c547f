package dev.countersign.desktop.linux;

import static dev.countersign.desktop.linux.DesktopTrees.find;
import static dev.countersign.desktop.linux.DesktopTrees.findRole;
import static dev.countersign.desktop.linux.DesktopTrees.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.desktop.TreeSnapshot;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class AtspiObservationTest {

    @Nested
    class LoginForm {
        @Test
        void formReadsWithRolesNamesAndStates(TestDesktop desktop) throws Exception {
            TestDesktop.TargetApp form = desktop.launchForm("alice", "hunter2");
            TreeSnapshot s = snapshot(desktop.backend(), form);

            assertThat(s.truncated()).isFalse();
            assertThat(s.omittedCount()).isZero();
            ElementNode root = s.nodes().get(0);
            assertThat(root.role()).isEqualTo("frame");
            assertThat(root.name()).isEqualTo("Login Form");
            assertThat(root.depth()).isZero();
            assertThat(root.parent()).isEqualTo(-1);
            find(s, "label", "User name");
            find(s, "push button", "OK");
            find(s, "push button", "Cancel");
            ElementNode button = find(s, "push button", "Click me");
            assertThat(button.actions()).contains("click");
            ElementNode check = find(s, "check box", "Remember me");
            assertThat(check.states()).contains("enabled", "sensitive", "showing", "visible", "focusable")
                    .doesNotContain("checked");
            ElementNode entry = findRole(s, "text");
            assertThat(entry.states()).contains("editable", "focusable", "single_line");
            assertThat(entry.value()).isEqualTo("alice");
            assertThat(entry.secure()).isFalse();
        }

        @Test
        void passwordFieldIsSecureAndItsValueIsNeverRead(TestDesktop desktop) throws Exception {
            TestDesktop.TargetApp form = desktop.launchForm("alice", "hunter2");
            TreeSnapshot s = snapshot(desktop.backend(), form);

            ElementNode password = findRole(s, "password text");
            assertThat(password.secure()).isTrue();
            assertThat(password.value()).isNull();
            assertThat(s.nodes()).allSatisfy(n -> assertThat(List.of(n.name(), n.description(),
                    String.valueOf(n.value()))).noneMatch(t -> t.contains("hunter2")));
            assertThat(s.nodes().stream().filter(ElementNode::secure)).hasSize(1);
        }

        @Test
        void framesAreInScreenCoordinatesInsideTheWindow(TestDesktop desktop) throws Exception {
            TestDesktop.TargetApp form = desktop.launchForm("", "");
            TreeSnapshot s = snapshot(desktop.backend(), form);

            String geometry = TestDesktop.run(List.of("xdotool", "search", "--sync", "--onlyvisible", "--pid",
                    Long.toString(form.pid()), "--name", "Login Form", "getwindowgeometry", "--shell"));
            Rect window = s.window().frame();
            assertThat(geometry).contains("X=" + window.x(), "Y=" + window.y(),
                    "WIDTH=" + window.width(), "HEIGHT=" + window.height());
            for (ElementNode n : s.nodes()) {
                assertThat(n.frame()).as("frame of %s '%s'", n.role(), n.name()).isNotNull();
                assertThat(n.frame().x()).isBetween(window.x(), window.x() + window.width());
                assertThat(n.frame().y()).isBetween(window.y(), window.y() + window.height());
                assertThat(n.frame().x() + n.frame().width()).isLessThanOrEqualTo(window.x() + window.width());
            }
            ElementNode ok = find(s, "push button", "OK");
            ElementNode cancel = find(s, "push button", "Cancel");
            assertThat(ok.frame().y()).isEqualTo(cancel.frame().y());
            assertThat(ok.frame().x()).isLessThan(cancel.frame().x());
        }

        @Test
        void parentsPrecedeTheirChildrenOneLevelUp(TestDesktop desktop) throws Exception {
            TreeSnapshot s = snapshot(desktop.backend(), desktop.launchForm("", ""));
            for (int i = 1; i < s.nodes().size(); i++) {
                ElementNode n = s.nodes().get(i);
                assertThat(n.parent()).isBetween(0, i - 1);
                assertThat(n.depth()).isEqualTo(s.nodes().get(n.parent()).depth() + 1);
            }
        }
    }

    @Nested
    class Bounds {
        @Test
        void maxNodesKeepsThatManyAndCountsTheRest(TestDesktop desktop) throws Exception {
            TestDesktop.TargetApp form = desktop.launchForm("", "");
            int total = snapshot(desktop.backend(), form).nodes().size();

            TreeSnapshot cut = desktop.backend().snapshot(form.app(), form.window(), new SnapshotLimits(5, 16));
            assertThat(cut.nodes()).hasSize(5);
            assertThat(cut.truncated()).isTrue();
            assertThat(cut.omittedCount()).isEqualTo(total - 5);
        }

        @Test
        void maxDepthStopsTheWalkAndCountsWhatLiesBelow(TestDesktop desktop) throws Exception {
            TestDesktop.TargetApp form = desktop.launchForm("", "");
            int total = snapshot(desktop.backend(), form).nodes().size();

            TreeSnapshot cut = desktop.backend().snapshot(form.app(), form.window(), new SnapshotLimits(2000, 2));
            assertThat(cut.nodes()).allSatisfy(n -> assertThat(n.depth()).isLessThanOrEqualTo(2));
            assertThat(cut.truncated()).isTrue();
            assertThat(cut.omittedCount()).isEqualTo(total - cut.nodes().size());
        }
    }

    @Nested
    class LargerTrees {
        @Test
        void widgetFactoryReadsWholeWithRoleNamesAsTheApplicationSpellsThem(TestDesktop desktop) throws Exception {
            TestDesktop.TargetApp factory = desktop.launchWidgetFactory();
            TreeSnapshot s = snapshot(desktop.backend(), factory);

            // Its two other pages are not showing: skipped whole and counted, not read.
            assertThat(s.nodes().size()).isGreaterThan(50);
            assertThat(s.omittedByReason()).containsKey(TreeSnapshot.HIDDEN);
            assertThat(s.truncated()).isFalse();
            A11yBus bus = new A11yBus();
            try {
                BusCalls calls = bus.calls();
                for (ElementNode n : s.nodes()) {
                    AtspiRef ref = (AtspiRef) n.handle();
                    Object[] name = calls.callOrFail(ref.bus(), ref.path(), NodeReader.ACCESSIBLE, "GetRoleName", null);
                    assertThat(n.role()).isEqualTo(name[0]);
                }
            } finally {
                bus.close();
            }
        }

        @Test
        void aSecondObservationNamesTheActionsAFreshReadNames(TestDesktop desktop) throws Exception {
            TestDesktop.TargetApp factory = desktop.launchWidgetFactory();
            snapshot(desktop.backend(), factory);
            TreeSnapshot again = snapshot(desktop.backend(), factory);

            A11yBus bus = new A11yBus();
            try {
                int withActions = 0;
                for (ElementNode n : again.nodes()) {
                    AtspiRef ref = (AtspiRef) n.handle();
                    if (n.actions().isEmpty()) {
                        continue;
                    }
                    withActions++;
                    assertThat(n.actions()).isEqualTo(new AtspiActions(bus).reread(ref).actions);
                }
                assertThat(withActions).isGreaterThan(10);
            } finally {
                bus.close();
            }
        }

        @Test
        void listRowsThatTheCacheLeavesOutAreStillRead(TestDesktop desktop) throws Exception {
            TreeSnapshot s = snapshot(desktop.backend(), desktop.launchList());

            List<String> names = s.nodes().stream().map(ElementNode::name).toList();
            assertThat(names).contains("apple", "banana", "cherry", "dark red");
        }

        @Test
        void aListThatManagesItsDescendantsIsReadByItsCellsInViewWithTheirColumnHeaders(TestDesktop desktop)
                throws Exception {
            TreeSnapshot s = snapshot(desktop.backend(), desktop.launchList());

            ElementNode table = findRole(s, "table");
            assertThat(table.states()).contains("manages_descendants");
            // The header buttons stay elements (they sort), and name the cells below them.
            find(s, "table column header", "Fruit");
            find(s, "table column header", "Colour");
            ElementNode apple = find(s, "table cell", "apple");
            assertThat(apple.description()).isEqualTo("Fruit");
            assertThat(apple.value()).isEqualTo("apple");
            assertThat(find(s, "table cell", "dark red").description()).isEqualTo("Colour");
        }
    }
}
