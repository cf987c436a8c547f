package dev.countersign.app.tray;

/**
 * What the tray icon says at a glance; the order is precedence (an audit log that cannot be
 * written shows over everything: no agent can act until it takes records again).
 */
public enum TrayState {
    AUDIT_UNWRITABLE("Audit log cannot be written \u2014 agents cannot act", 0x82071E),
    PAUSED("Paused", 0xCF222E),
    APPROVAL_WAITING("Approval waiting", 0xBF8700),
    ACTING("Agent acting", 0x0969DA),
    IDLE("Idle", 0x57606A);

    private final String words;
    private final int rgb;

    TrayState(String words, int rgb) {
        this.words = words;
        this.rgb = rgb;
    }

    public String words() {
        return words;
    }

    /** The icon's fill colour, 0xRRGGBB. */
    public int rgb() {
        return rgb;
    }
}
