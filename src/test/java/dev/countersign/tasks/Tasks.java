package dev.countersign.tasks;

import java.util.ArrayList;
import java.util.List;

/** Every task of the suite, and the subset CI runs (one per app). */
final class Tasks {
    private Tasks() {
    }

    static List<Task> all() {
        List<Task> all = new ArrayList<>();
        all.addAll(WriterTasks.all());
        all.addAll(CalcTasks.all());
        all.addAll(ImpressTasks.all());
        all.addAll(ChromeTasks.all());
        all.addAll(OsTasks.all());
        all.addAll(GimpTasks.all());
        all.addAll(VlcTasks.all());
        all.addAll(ThunderbirdTasks.all());
        return List.copyOf(all);
    }

    /** The tasks ./scripts/test runs: one per app, a few minutes in all. */
    static List<String> ciSubset() {
        return List.of("impress-slide-pane", "writer-page-numbers", "calc-sheet-copies", "chrome-do-not-track",
                "terminal-copy-jpgs", "gimp-vignette", "vlc-recordings-folder", "thunderbird-signature");
    }
}
