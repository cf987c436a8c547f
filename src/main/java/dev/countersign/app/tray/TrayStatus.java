package dev.countersign.app.tray;

/**
 * The tray's state and status line, computed from plain facts so it is tested without a tray.
 *
 * @param agents connected agents (tokens issued)
 * @param pending approval requests waiting for the person
 * @param acting whether an agent acted in the last moments
 * @param auditUnwritable the audit log takes no records (its disk is full), so every act is refused
 */
public record TrayStatus(boolean paused, int agents, int pending, boolean acting, boolean auditUnwritable) {

    /** A status while the audit log takes records. */
    public TrayStatus(boolean paused, int agents, int pending, boolean acting) {
        this(paused, agents, pending, acting, false);
    }

    public TrayState state() {
        if (auditUnwritable) {
            return TrayState.AUDIT_UNWRITABLE;
        }
        if (paused) {
            return TrayState.PAUSED;
        }
        if (pending > 0) {
            return TrayState.APPROVAL_WAITING;
        }
        return acting ? TrayState.ACTING : TrayState.IDLE;
    }

    /** "2 agents · 1 approval waiting", or "Paused · 2 agents". */
    public String line() {
        String agentsText = agents == 1 ? "1 agent" : agents + " agents";
        String pendingText = pending == 0 ? "no approvals waiting"
                : pending == 1 ? "1 approval waiting" : pending + " approvals waiting";
        String head = (auditUnwritable ? "Audit log cannot be written: every act refused \u00B7 " : "")
                + (paused ? "Paused \u00B7 " : "");
        return head + agentsText + " \u00B7 " + pendingText;
    }

    /** The tooltip: the product name and the line. */
    public String tooltip() {
        return "Countersign \u2014 " + line();
    }

    /** The kill switch's label flips with the state it would change. */
    public String pauseLabel() {
        return paused ? "Resume agents" : "Pause all agents";
    }
}
