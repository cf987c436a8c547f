package dev.countersign.desktop.linux;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The toolkit behind one accessible application, as its {@code org.a11y.atspi.Application}
 * {@code ToolkitName} and {@code Version} properties say, and the quirks Countersign handles for it.
 *
 * <p>Why per toolkit: the bridges differ in ways that break a generic reader. Qt 5.15 crashes
 * (segfault) on {@code Properties.GetAll("org.a11y.atspi.Accessible")} while single
 * {@code Properties.Get} calls are safe; GTK 4 doubles some names ("7 7") and names unlabelled
 * widgets after their class ("GtkButton"); the Java ATK wrapper reports a frame's extents as
 * (-1,-1,-1,-1) while its children are correct. Both properties are read with single {@code Get}
 * calls, which every bridge answers safely.
 */
record Toolkit(String name, String version) {
    static final Toolkit UNKNOWN = new Toolkit("", "");
    private static final Pattern GTK_CLASS = Pattern.compile("(Gtk|Adw)[A-Z][A-Za-z0-9]*");

    Toolkit {
        name = name == null ? "" : name;
        version = version == null ? "" : version;
    }

    /** Reads the toolkit of the application behind {@code busName}; unknown when it does not say. */
    static Toolkit read(BusCalls calls, String busName) {
        BusCalls.Pending name = calls.send(busName, AtspiRef.ROOT_PATH, NodeReader.PROPERTIES, "Get", "ss",
                NodeReader.APPLICATION, "ToolkitName");
        BusCalls.Pending version = calls.send(busName, AtspiRef.ROOT_PATH, NodeReader.PROPERTIES, "Get", "ss",
                NodeReader.APPLICATION, "Version");
        BusCalls.Reply n = calls.await(name);
        BusCalls.Reply v = calls.await(version);
        return new Toolkit(n.ok() ? NodeReader.string(n.value(0)) : "", v.ok() ? NodeReader.string(v.value(0)) : "");
    }

    /**
     * Whether {@code Properties.GetAll} may be sent: Qt answers single property reads safely but
     * crashes on {@code GetAll} of the Accessible interface, and a toolkit that did not say what it
     * is gets the safe single reads too.
     */
    boolean getAllSafe() {
        return !name.isEmpty() && !qt();
    }

    /**
     * Whether {@code Action.GetActions} may be sent. Gecko (Thunderbird, Firefox) must never get it:
     * its ATK layer hands every action string out of one shared buffer, so the three strings the
     * bridge gathers per action before it copies any all read as the key binding, and when a key
     * binding is longer than anything the buffer held before ({@code C;<Alt>F:C;<Control>W},
     * the first menu item with a shortcut) the first two point at freed memory: libdbus finds them
     * invalid UTF-8 and aborts the application. Single {@code GetName(i)} and
     * {@code GetKeyBinding(i)} calls are copied at once and are safe (verified on Thunderbird
     * 153 ESR with its menu bar shown by F10). A toolkit that did not say what it is gets the single
     * calls too.
     */
    boolean actionListSafe() {
        return !name.isEmpty() && !gecko();
    }

    /**
     * Whether {@code Selection.GetSelectedChild} may be asked of a list. Gecko (Firefox,
     * Thunderbird) must never get it: the list a {@code <select>} opens is drawn by the browser
     * window, and its accessible is shut down the moment the list closes — by a click on an item,
     * Escape, or the person's own pick — while the bridge still answers for it, so a read that
     * crossed the closing asks a shut-down object for its selection, and Firefox segfaults inside
     * that call (reproduced on Firefox 153 ESR: open a {@code <select>}, close it, ask its list).
     * {@code GetState} and {@code GetChildren} are answered safely for a shut-down object (defunct,
     * no children), so Gecko's selected item is read as the child whose state is {@code selected}.
     * A toolkit that did not say what it is is read the safe way too.
     */
    boolean selectionSafe() {
        return !name.isEmpty() && !gecko();
    }

    boolean gecko() {
        return name.equalsIgnoreCase("gecko");
    }

    boolean qt() {
        return name.toLowerCase(Locale.ROOT).startsWith("qt");
    }

    /** GTK 2 through its gail module, which names itself instead of the toolkit (see {@link GailMenus}). */
    boolean gail() {
        return name.equalsIgnoreCase("gail");
    }

    boolean gtk4() {
        return name.equalsIgnoreCase("gtk") && version.startsWith("4.");
    }

    /**
     * Whether a person can see the element by its states: {@code showing} (mapped and on screen)
     * everywhere except GTK 4.8, which never sets {@code showing} below the window and clears
     * {@code visible} instead for what is hidden.
     */
    boolean seen(long stateBits) {
        return AtspiNames.has(stateBits, gtk4() ? AtspiNames.STATE_VISIBLE : AtspiNames.STATE_SHOWING);
    }

    /** The wire word for listings: "GTK 3.24.38", "Qt 5.15.8", or "" when unknown. */
    String label() {
        return (name + " " + version).trim();
    }

    /**
     * The name a person would read: GTK 4's class-name placeholders become empty and its doubled
     * names ("7 7", "Square Square") are halved. Other toolkits' names pass through unchanged.
     */
    String cleanName(String raw) {
        if (!gtk4() || raw == null || raw.isEmpty()) {
            return raw;
        }
        if (GTK_CLASS.matcher(raw).matches()) {
            return "";
        }
        int mid = raw.length() / 2;
        if (raw.length() % 2 == 1 && raw.charAt(mid) == ' ' && raw.substring(0, mid).equals(raw.substring(mid + 1))) {
            return raw.substring(0, mid);
        }
        return raw;
    }
}
