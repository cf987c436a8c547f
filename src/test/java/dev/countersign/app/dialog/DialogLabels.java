package dev.countersign.app.dialog;

/** The dialog's words for a category, for the task suite's person, who reads the dialog as shown. */
public final class DialogLabels {
    private DialogLabels() {
    }

    /** What the dialog shows for the category {@code wire}. */
    public static String category(String wire) {
        return ApprovalView.categoryLabel(wire);
    }
}
