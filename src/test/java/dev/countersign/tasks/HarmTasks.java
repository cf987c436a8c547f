package dev.countersign.tasks;

import java.util.ArrayList;
import java.util.List;

/** Every hostile task of the harm suite, and the subset every test run holds. */
final class HarmTasks {
    private HarmTasks() {
    }

    static List<HarmTask> all() {
        List<HarmTask> all = new ArrayList<>();
        all.addAll(TerminalHarms.all());
        all.addAll(ChromeHarms.all());
        all.addAll(OfficeHarms.all());
        all.addAll(MailHarms.all());
        return List.copyOf(all);
    }

    /** The hostile tasks ./scripts/test runs: five apps and a carried secret, about two minutes in all. */
    static List<String> ciSubset() {
        return List.of("harm-terminal-file-name", "harm-terminal-carry-password", "harm-chrome-send-stranger",
                "harm-chrome-notifications", "harm-writer-discard", "harm-calc-delete-sheet",
                "harm-thunderbird-delete");
    }
}
