package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.core.Rect;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.SnapshotLimits;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Recorded trees through the walker, reader and mapper: what an observation on a Mac would contain. */
class AxSnapshotFixtureTest {

    private static List<ElementNode> walk(AxFixture f) {
        AxTreeWalker.Result r = new AxTreeWalker<>(f, new AxElementMapper(f.displays))
                .walk(f.window, SnapshotLimits.defaults());
        assertThat(r.windowGone()).isNull();
        return r.nodes();
    }

    private static ElementNode named(List<ElementNode> nodes, String name) {
        return nodes.stream().filter(n -> n.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no node named " + name));
    }

    @Nested
    class Buttons {
        final List<ElementNode> nodes = walk(AxFixture.load("buttons.json"));

        @Test
        void theWindowComesFirstWithItsSubroleAndIsActive() {
            ElementNode w = nodes.get(0);
            assertThat(w.role()).isEqualTo("AXWindow");
            assertThat(w.subrole()).isEqualTo("AXStandardWindow");
            assertThat(w.name()).isEqualTo("Save Changes");
            assertThat(w.frame()).isEqualTo(new Rect(400, 200, 480, 220));
            assertThat(w.states()).contains("active", "focused", "showing", "visible", "enabled");
            assertThat(w.depth()).isZero();
            assertThat(w.parent()).isEqualTo(-1);
        }

        @Test
        void aTitledButtonKeepsItsIdentifierAndPressAction() {
            ElementNode save = named(nodes, "Save");
            assertThat(save.role()).isEqualTo("AXButton");
            assertThat(save.subrole()).isNull();
            assertThat(save.identifier()).isEqualTo("save-button");
            assertThat(save.actions()).containsExactly("AXPress");
            assertThat(save.frame()).isEqualTo(new Rect(780, 370, 80, 32));
            assertThat(save.states()).contains("enabled", "focusable").doesNotContain("focused");
            assertThat(save.parent()).isZero();
        }

        @Test
        void anIconButtonIsNamedByItsDescriptionAndDropsCustomActionDescriptions() {
            ElementNode delete = named(nodes, "Delete");
            assertThat(delete.description()).isEqualTo("Delete the draft");
            assertThat(delete.actions()).containsExactly("AXPress");
        }

        @Test
        void aDisabledButtonLacksEnabled() {
            assertThat(named(nodes, "Revert").states()).doesNotContain("enabled", "sensitive");
        }

        @Test
        void checkBoxValuesBecomeCheckedAndMixedStates() {
            ElementNode remember = named(nodes, "Remember me");
            assertThat(remember.states()).contains("checkable", "checked");
            assertThat(remember.value()).isEqualTo("1");
            assertThat(named(nodes, "Sync").states()).contains("checkable", "indeterminate").doesNotContain("checked");
            assertThat(named(nodes, "Never").states()).contains("checkable").doesNotContain("checked");
        }

        @Test
        void aPopUpButtonHasAPopupAndItsSelectedTitleAsValue() {
            ElementNode quality = named(nodes, "Quality");
            assertThat(quality.role()).isEqualTo("AXPopUpButton");
            assertThat(quality.value()).isEqualTo("Medium");
            assertThat(quality.states()).contains("has_popup");
            assertThat(quality.frame()).isEqualTo(new Rect(560, 325, 121, 25));
        }

        @Test
        void staticTextIsNamedByItsValueAndAFractionalValueStaysFractional() {
            assertThat(named(nodes, "Do you want to save the changes?").role()).isEqualTo("AXStaticText");
            ElementNode slider = nodes.stream().filter(n -> n.role().equals("AXSlider")).findFirst().orElseThrow();
            assertThat(slider.value()).isEqualTo("0.75");
            assertThat(slider.name()).isEmpty();
        }
    }

    @Nested
    class SecureField {
        final AxFixture fixture = AxFixture.load("secure-field.json");
        final List<ElementNode> nodes = walk(fixture);

        @Test
        void thePasswordFieldIsSecureAndCarriesNoValue() {
            ElementNode password = named(nodes, "Password");
            assertThat(password.secure()).isTrue();
            assertThat(password.value()).isNull();
            assertThat(password.subrole()).isEqualTo("AXSecureTextField");
            assertThat(password.states()).contains("focused", "editable");
        }

        @Test
        void itsValueIsNeverEvenRequested() {
            assertThat(fixture.requested.get("0/1")).doesNotContain("AXValue");
            assertThat(fixture.requested.get("0/0")).contains("AXValue");
            assertThat(nodes.toString()).doesNotContain("hunter2");
        }

        @Test
        void aPlainFieldIsEditableWithItsValueAndATextAreaCanBeReadOnly() {
            ElementNode user = named(nodes, "User name");
            assertThat(user.secure()).isFalse();
            assertThat(user.value()).isEqualTo("alice");
            assertThat(user.states()).contains("editable", "single_line");
            ElementNode notes = named(nodes, "Notes");
            assertThat(notes.states()).contains("read_only", "multi_line").doesNotContain("editable");
            assertThat(notes.value()).isEqualTo("line one\nline two");
        }
    }

    @Nested
    class Menus {
        final List<ElementNode> nodes = walk(AxFixture.load("menus.json"));

        @Test
        void menuBarItemsOpenMenusAndTheOpenOneIsSelected() {
            ElementNode file = named(nodes, "File");
            assertThat(file.role()).isEqualTo("AXMenuBarItem");
            assertThat(file.states()).contains("has_popup", "selectable", "selected");
            assertThat(named(nodes, "Apple").states()).doesNotContain("selected");
        }

        @Test
        void menuItemsNestUnderTheirMenuInPreorder() {
            ElementNode file = named(nodes, "File");
            int fileIndex = nodes.indexOf(file);
            ElementNode menu = nodes.get(fileIndex + 1);
            assertThat(menu.role()).isEqualTo("AXMenu");
            assertThat(menu.parent()).isEqualTo(fileIndex);
            ElementNode newWindow = named(nodes, "New Window");
            assertThat(newWindow.parent()).isEqualTo(fileIndex + 1);
            assertThat(newWindow.depth()).isEqualTo(3);
            assertThat(newWindow.actions()).containsExactly("AXCancel", "AXPick", "AXPress");
        }

        @Test
        void aMarkCharacterChecksAMenuItemAndDisabledItemsAreNotEnabled() {
            assertThat(named(nodes, "Show Sidebar").states()).contains("checked");
            assertThat(named(nodes, "New Window").states()).doesNotContain("checked");
            assertThat(named(nodes, "Close").states()).doesNotContain("enabled");
        }
    }

    @Nested
    class WebArea {
        final List<ElementNode> nodes = walk(AxFixture.load("web-area.json"));

        @Test
        void theWebAreaIsNamedByThePageTitle() {
            ElementNode page = named(nodes, "Example Domain");
            assertThat(page.role()).isEqualTo("AXWebArea");
            assertThat(page.depth()).isEqualTo(3);
            assertThat(page.states()).doesNotContain("busy");
        }

        @Test
        void domIdentifiersStandInForAxIdentifiers() {
            assertThat(named(nodes, "More information...").identifier()).isEqualTo("more-info");
            assertThat(named(nodes, "Search").identifier()).isEqualTo("q");
            assertThat(named(nodes, "Search").states()).contains("focused", "editable");
        }

        @Test
        void anEmptySubroleIsNoSubroleAndALoadingFrameIsBusy() {
            assertThat(named(nodes, "More information...").subrole()).isNull();
            assertThat(named(nodes, "ad frame").states()).contains("busy");
        }

        @Test
        void aHeadingKeepsItsLevelAsValueAndItsTextAsAChild() {
            ElementNode heading = nodes.stream().filter(n -> n.role().equals("AXHeading")).findFirst().orElseThrow();
            assertThat(heading.value()).isEqualTo("1");
            ElementNode text = nodes.get(nodes.indexOf(heading) + 1);
            assertThat(text.name()).isEqualTo("Example Domain");
            assertThat(text.role()).isEqualTo("AXStaticText");
        }
    }

    @Nested
    class MultiDisplay {
        final List<ElementNode> nodes = walk(AxFixture.load("multi-display.json"));

        @Test
        void aWindowOnADisplayLeftOfAndAboveTheMainOneHasNegativeCoordinates() {
            assertThat(nodes.get(0).frame()).isEqualTo(new Rect(-1700, -100, 800, 600));
            assertThat(nodes.get(0).states()).contains("showing");
        }

        @Test
        void fractionalFramesRoundOutwardSoEveryPixelIsCovered() {
            // -1650.5 floors to -1651; the far edge -1570.0 stays; 140.25 → 140; 161.55 → 162.
            assertThat(named(nodes, "Fractional").frame()).isEqualTo(new Rect(-1651, 140, 81, 22));
        }

        @Test
        void anElementOnNoDisplayIsVisibleButNotShowing() {
            assertThat(named(nodes, "Scrolled away").states()).contains("visible").doesNotContain("showing");
            assertThat(named(nodes, "Straddling").states()).contains("showing");
        }

        @Test
        void anEmptyFrameIsNeitherVisibleNorShowingAndAFailedSlotMeansNoFrame() {
            ElementNode group = nodes.stream().filter(n -> n.role().equals("AXGroup")).findFirst().orElseThrow();
            assertThat(group.frame()).isEqualTo(new Rect(-1600, 200, 0, 0));
            assertThat(group.states()).doesNotContain("visible", "showing");
            assertThat(named(nodes, "Batch slot failed").frame()).isNull();
        }
    }
}
