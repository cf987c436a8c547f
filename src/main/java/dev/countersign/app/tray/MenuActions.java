package dev.countersign.app.tray;

/** What the tray menu and the status window offer; each runs on the FX thread. */
public interface MenuActions {
    /** The kill switch: pauses every agent, or resumes them when paused. */
    void togglePause();

    void agents();

    void activity();

    /** Activity with only what happened since the person last looked, summarised. */
    void sinceAway();

    void connect();

    void permissions();

    void settings();

    /** Quits: waiting approvals are denied, the endpoint stops. */
    void quit();
}
