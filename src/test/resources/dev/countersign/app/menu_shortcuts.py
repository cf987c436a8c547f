"""A notes window with a menu bar whose items have accelerators, as GTK and office apps bind them.

File > Save (ctrl+s) prints "saved"; Edit > Delete All Notes (ctrl+d) prints "deleted". The
"Notes" text view is multi-line. Every key press that reaches the text view is printed as
"key:<name>" once the window is ready ("ready" is printed then).
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402

window = Gtk.Window(title=sys.argv[1] if len(sys.argv) > 1 else "Notes")
window.set_default_size(420, 300)
accels = Gtk.AccelGroup()
window.add_accel_group(accels)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
window.add(box)
bar = Gtk.MenuBar()
box.pack_start(bar, False, False, 0)


def menu(title, items):
    top = Gtk.MenuItem(label=title)
    sub = Gtk.Menu()
    sub.set_accel_group(accels)
    for label, accel, said in items:
        item = Gtk.MenuItem(label=label)
        key, mods = Gtk.accelerator_parse(accel)
        item.add_accelerator("activate", accels, key, mods, Gtk.AccelFlags.VISIBLE)
        item.connect("activate", lambda _i, s=said: print(s, flush=True))
        sub.append(item)
    top.set_submenu(sub)
    bar.append(top)


menu("File", [("Save", "<Primary>s", "saved")])
menu("Edit", [("Delete All Notes", "<Primary>d", "deleted")])
view = Gtk.TextView()
view.get_buffer().set_text("first line")
view.get_accessible().set_name("Notes")
box.pack_start(view, True, True, 0)


def pressed(_widget, event):
    print("key:" + (Gdk.keyval_name(event.keyval) or "?"), flush=True)
    return False


view.connect("key-press-event", pressed)
window.connect("destroy", Gtk.main_quit)
window.show_all()
view.grab_focus()
print("ready", flush=True)
Gtk.main()
