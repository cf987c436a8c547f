"""A small GTK 3 file window for the menu and drag tests (MenuAndDragDesktopTest).

"a.txt" is a drag source; "Documents" and "Trash" are drop targets that print what was dropped on
them; "Notes area" opens a popup menu (Rename, Properties) on a right click or the menu key and
prints each item activated; "Comment" is an entry with GTK's own context menu. Everything it does
is printed to stdout, one line each, so a test reads what really happened.
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


window = Gtk.Window(title=sys.argv[1] if len(sys.argv) > 1 else "Files")
window.set_default_size(500, 300)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8)
window.add(box)

entry = Gtk.Entry()
entry.set_text("hello world")
entry.get_accessible().set_name("Comment")
box.pack_start(entry, False, False, 0)

targets = [Gtk.TargetEntry.new("text/plain", Gtk.TargetFlags.SAME_APP, 0)]
source = Gtk.Button(label="a.txt")
source.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, targets, Gdk.DragAction.MOVE)
source.connect("drag-data-get", lambda w, ctx, data, info, time: data.set_text("a.txt", -1))
source.connect("clicked", lambda b: say("clicked a.txt"))
box.pack_start(source, False, False, 0)

row = Gtk.Box(spacing=8)
box.pack_start(row, True, True, 0)
for name in ("Documents", "Trash"):
    target = Gtk.Button(label=name)
    target.drag_dest_set(Gtk.DestDefaults.ALL, targets, Gdk.DragAction.MOVE)
    target.connect("drag-data-received",
                   lambda w, ctx, x, y, data, info, time, name=name: say("dropped " + data.get_text() + " on " + name))
    target.connect("clicked", lambda b, name=name: say("clicked " + name))
    row.pack_start(target, True, True, 0)

menu = Gtk.Menu()
for item in ("Rename", "Properties"):
    menu_item = Gtk.MenuItem(label=item)
    menu_item.connect("activate", lambda m, item=item: say("menu " + item))
    menu.append(menu_item)
menu.show_all()

notes = Gtk.EventBox()
notes.set_can_focus(True)
notes.add(Gtk.Label(label="Notes area"))


def on_press(widget, event):
    if event.button == 3:
        menu.popup_at_pointer(event)
        say("popup")
        return True
    return False


def on_menu_key(widget):
    menu.popup_at_widget(widget, Gdk.Gravity.CENTER, Gdk.Gravity.NORTH_WEST, None)
    say("popup")
    return True


notes.connect("button-press-event", on_press)
notes.connect("popup-menu", on_menu_key)
box.pack_start(notes, True, True, 0)

window.connect("destroy", Gtk.main_quit)
window.show_all()
say("ready")
Gtk.main()
