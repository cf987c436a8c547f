package dev.countersign.desktop.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.LibreOfficeCalc;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TestDesktop;
import dev.countersign.desktop.TestDesktopExtension;
import dev.countersign.desktop.WindowInfo;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Fields without a name of their own take it from the label that points to them
 * ({@code labelled-by}), and a help text by {@code described-by} — in a GTK form and in a
 * LibreOffice dialog, where every field is named that way. A field labelled "Password:" only by
 * its relation is secure: its text is never read, though the app shows it.
 */
@Tag("desktop")
@ExtendWith(TestDesktopExtension.class)
class RelationNamesDesktopTest {
    private static final SnapshotLimits LIMITS = new SnapshotLimits(600, 30);

    private static List<ElementNode> nodes(TestDesktop desktop, TestDesktop.TargetApp app, WindowInfo window) {
        return desktop.backend().snapshot(app.app(), window, LIMITS).nodes();
    }

    private static ElementNode only(List<ElementNode> nodes, String role, String name) {
        List<ElementNode> hits = nodes.stream().filter(n -> n.role().equals(role) && n.name().equals(name)).toList();
        assertThat(hits).as("one %s named %s among %s", role, name, nodes.stream()
                .filter(n -> n.role().equals(role)).map(n -> "'" + n.name() + "'").toList()).hasSize(1);
        return hits.get(0);
    }

    @Test
    void aGtkFormsFieldsAreNamedByTheirLabelsAndALabelledPasswordIsNeverRead(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp form = desktop.launchScript("Labelled form",
                "/dev/countersign/desktop/linux/labelled_form.py");

        List<ElementNode> nodes = nodes(desktop, form, form.window());

        ElementNode city = only(nodes, "text", "City:");
        assertThat(city.value()).isEqualTo("Lisbon");
        assertThat(city.description()).isEqualTo("Where the parcel goes");
        assertThat(only(nodes, "spin button", "Copies:").value()).isEqualTo("3");
        ElementNode password = only(nodes, "text", "Password:");
        assertThat(password.secure()).isTrue();
        assertThat(password.value()).isNull();
        assertThat(nodes).extracting(ElementNode::value).doesNotContain("hunter2-visible");
    }

    @Test
    void aLibreOfficeDialogsFieldsAreNamedByTheirLabels(TestDesktop desktop) throws Exception {
        TestDesktop.TargetApp calc = LibreOfficeCalc.launch(desktop, 3, 3);
        // Opened the way a person's click would, not through the agent's path (a closed menu's items are not observed).
        Path press = calc.dir().resolve("atspi.py");
        try (InputStream in = RelationNamesDesktopTest.class.getResourceAsStream("/dev/countersign/tasks/atspi.py")) {
            Files.copy(in, press);
        }
        TestDesktop.run(List.of("/usr/bin/python3", press.toString(), "do", "soffice", "menu item", "Insert Sheet..."));
        Optional<WindowInfo>[] dialog = new Optional[] {Optional.empty()};
        assertThat(TestDesktop.eventually(Duration.ofSeconds(20), () -> {
            dialog[0] = desktop.backend().listWindows(calc.app()).stream()
                    .filter(w -> w.title().equals("Insert Sheet")).findFirst();
            return dialog[0].isPresent();
        })).as("the Insert Sheet dialog opens").isTrue();

        List<ElementNode> nodes = nodes(desktop, calc, dialog[0].get());

        ElementNode name = only(nodes, "text", "Name:");
        assertThat(name.value()).startsWith("Sheet");
        assertThat(name.description()).isEqualTo("Specifies the name of the new sheet.");
        assertThat(only(nodes, "spin button", "No. of sheets:").value()).isEqualTo("1");
        assertThat(nodes).filteredOn(n -> n.role().equals("text") || n.role().equals("spin button"))
                .extracting(ElementNode::name).doesNotContain("");
    }
}
