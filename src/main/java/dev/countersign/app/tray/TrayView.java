package dev.countersign.app.tray;

/** Where the app's state and menu live: the system tray icon, or the status window where there is no tray. */
public interface TrayView {
    /** Shows the state; callable from any thread. */
    void update(TrayStatus status);

    /** Takes the icon or window away (the app is quitting). */
    void remove();
}
