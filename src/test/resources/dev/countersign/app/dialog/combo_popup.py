"""A GTK 3 window whose combo box list, once open, holds the X pointer and keyboard grab, as an
office app's drop-down does. Prints "xid:<window>" once shown, "popup:<shown>" whenever the list
opens or closes, and "key:<name>" for every key the window receives, so a test sees from outside
where keys went. With "refocus" as second argument the window takes X input focus back whenever its
list closes, as LibreOffice does."""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
gi.require_version("GdkX11", "3.0")
from gi.repository import Gdk, GdkX11, GLib, Gtk  # noqa: E402,F401


def main():
    title = sys.argv[1] if len(sys.argv) > 1 else "Combo"
    refocus = len(sys.argv) > 2 and sys.argv[2] == "refocus"
    window = Gtk.Window(title=title)
    window.set_default_size(300, 200)
    window.move(0, 0)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
    combo = Gtk.ComboBoxText()
    for name in ("Small", "Medium", "Large", "Huge"):
        combo.append_text(name)
    combo.set_active(0)
    def popup(c, _p):
        shown = c.get_property("popup-shown")
        print("popup:%s" % shown, flush=True)
        if refocus and not shown:
            GLib.timeout_add(50, lambda: window.get_window().focus(Gdk.CURRENT_TIME) or False)

    combo.connect("notify::popup-shown", popup)
    combo.connect("changed", lambda c: print("changed:%s" % c.get_active_text(), flush=True))
    box.pack_start(combo, False, False, 0)
    window.add(box)
    window.connect("key-press-event", lambda _w, e: print("key:" + Gdk.keyval_name(e.keyval), flush=True))
    window.connect("destroy", Gtk.main_quit)
    window.show_all()
    print("xid:%d" % window.get_window().get_xid(), flush=True)
    Gtk.main()


if __name__ == "__main__":
    main()
