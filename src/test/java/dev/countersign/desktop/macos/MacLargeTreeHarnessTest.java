package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.AppInfo;
import dev.countersign.desktop.AppSelector;
import dev.countersign.desktop.SecureMemory;
import dev.countersign.desktop.SnapshotLimits;
import dev.countersign.desktop.TreeSnapshot;
import dev.countersign.desktop.WindowInfo;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A large application on the framework harness — two windows of 1,921 elements each — observed
 * through SecureMemory as the served app wires it, until SecureMemory holds every element: the
 * native calls an observation then makes, counted by the harness, stay a small constant per
 * element. With element handles hashed by pid every element of the app shared one bucket, and each
 * of SecureMemory's lookups paid a {@code CFEqual} per element already remembered.
 */
@Tag("macos-sim")
class MacLargeTreeHarnessTest {
    private static final int PID = 5150;
    private static final int GROUPS = 20;
    private static final int BUTTONS = 95;
    /** Per element: the batch read, AXValue, settable, actions, children and their count, with room to spare. */
    private static final int AX_CALLS_PER_ELEMENT = 8;
    /** Per element: its handle's CFHash and the CFEqual of the map entry it finds. */
    private static final int CF_CALLS_PER_ELEMENT = 3;
    private static final List<String> AX_READS = List.of("AXUIElementCopyMultipleAttributeValues",
            "AXUIElementCopyAttributeValue", "AXUIElementCopyAttributeValues", "AXUIElementCopyActionNames",
            "AXUIElementIsAttributeSettable", "AXUIElementGetAttributeValueCount", "AXUIElementCopyAttributeNames");

    private final MacSim sim = MacSim.load();
    private long mark;
    private MacDesktopBackend backend;

    @BeforeEach
    void aLargeApp() {
        mark = sim.sim_mark();
        sim.sim_reset();
        sim.sim_display_add(1, 0, 0, 3000, 2000, 1);
        int app = sim.sim_node_add(PID, -1);
        sim.sim_node_string(app, AxNames.ROLE, AxNames.APPLICATION);
        sim.sim_node_string(app, AxNames.TITLE, "Big");
        sim.sim_node_bool(app, AxNames.FRONTMOST, 1);
        for (int w = 0; w < 2; w++) {
            int window = sim.sim_node_add(PID, app);
            sim.sim_node_string(window, AxNames.ROLE, "AXWindow");
            sim.sim_node_string(window, AxNames.TITLE, "Sheet " + w);
            sim.sim_node_axvalue(window, AxNames.FRAME, 3, w * 1500, 0, 1400, 1900);
            sim.sim_node_window_number(window, 300 + w);
            sim.sim_window_add(300 + w, PID, 0, w * 1500, 0, 1400, 1900, "Sheet " + w, "Big");
            for (int g = 0; g < GROUPS; g++) {
                int group = sim.sim_node_add(PID, window);
                sim.sim_node_string(group, AxNames.ROLE, "AXGroup");
                sim.sim_node_axvalue(group, AxNames.FRAME, 3, w * 1500, g * 95, 1400, 95);
                for (int b = 0; b < BUTTONS; b++) {
                    int button = sim.sim_node_add(PID, group);
                    sim.sim_node_string(button, AxNames.ROLE, "AXButton");
                    sim.sim_node_string(button, AxNames.TITLE, "cell " + g + "." + b);
                    sim.sim_node_axvalue(button, AxNames.FRAME, 3, w * 1500 + b * 14, g * 95, 14, 20);
                    sim.sim_node_action(button, "AXPress");
                }
            }
        }
        sim.sim_app_add(PID, "com.example.big", "Big", 1, 1_000_000L);
        backend = MacDesktopBackend.overLoadedFrameworks();
    }

    @AfterEach
    void balanced() {
        backend.close();
        sim.assertBalanced(mark);
    }

    private long count(List<String> functions) {
        return functions.stream().mapToLong(sim::sim_call_count).sum();
    }

    @Test
    void anObservationCostsAFewNativeCallsPerElementWithSecureMemoryFull() {
        SecureMemory memory = new SecureMemory(backend);
        AppInfo app = memory.resolveApp(AppSelector.pid(PID));
        List<WindowInfo> windows = memory.listWindows(app);
        assertThat(windows).hasSize(2);
        SnapshotLimits all = new SnapshotLimits(SnapshotLimits.MAX_NODES, 8);
        memory.snapshot(app, windows.get(0), all);
        memory.snapshot(app, windows.get(1), all);

        sim.sim_call_counts_zero();
        TreeSnapshot again = memory.snapshot(app, windows.get(0), all);

        int elements = again.nodes().size();
        assertThat(elements).isEqualTo(1 + GROUPS + GROUPS * BUTTONS);
        long ax = count(AX_READS);
        long cf = count(List.of("CFEqual", "CFHash"));
        assertThat(ax).as("AX reads for %d elements", elements).isLessThanOrEqualTo((long) AX_CALLS_PER_ELEMENT * elements);
        assertThat(cf).as("CFEqual + CFHash for %d elements (CFEqual %d)", elements, sim.sim_call_count("CFEqual"))
                .isLessThanOrEqualTo((long) CF_CALLS_PER_ELEMENT * elements);
    }
}
