"""Widgets to select in and to click without an accessible action, each reporting what happened.

A text entry "Title", a password entry "Password", a text view "Body", a tree view "Fruit" (two
columns, rows selectable together), a list box "Folders" whose rows have no accessible action,
a plain "Tap area" that prints "tapped" when the pointer presses it, and a "Covered" area whose
centre a "Badge" button lies over (it prints "badge" when pressed). Every selection change is
printed: "rows:<fruit,...>", "folders:<name,...>", "password-selection" (which must never show).
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gtk  # noqa: E402

title = sys.argv[1] if len(sys.argv) > 1 else "Selection"
window = Gtk.Window(title=title)
window.set_default_size(520, 760)
window.move(0, 0)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6, margin=12)
window.add(box)


def say(text):
    print(text, flush=True)


entry = Gtk.Entry()
entry.set_text("The quick brown fox")
entry.get_accessible().set_name("Title")
box.pack_start(entry, False, False, 0)

password = Gtk.Entry()
password.set_visibility(False)
password.set_text("hunter2 secret")
password.get_accessible().set_name("Password")
password.connect("notify::selection-bound", lambda *a: say("password-selection"))
box.pack_start(password, False, False, 0)

view = Gtk.TextView()
view.get_buffer().set_text("Dear Ann,\nthe meeting moved to Friday.")
view.get_accessible().set_name("Body")
view.set_size_request(-1, 60)
box.pack_start(view, False, False, 0)

store = Gtk.ListStore(str, str)
for row in [("apple", "red"), ("banana", "yellow"), ("cherry", "dark red")]:
    store.append(row)
tree = Gtk.TreeView(model=store)
for i, name in enumerate(["Fruit", "Colour"]):
    tree.append_column(Gtk.TreeViewColumn(name, Gtk.CellRendererText(), text=i))
tree.get_selection().set_mode(Gtk.SelectionMode.MULTIPLE)
tree.get_selection().unselect_all()
tree.get_accessible().set_name("Fruit")


def rows_changed(selection):
    model, paths = selection.get_selected_rows()
    say("rows:" + ",".join(model[p][0] for p in paths))


tree.get_selection().connect("changed", rows_changed)
box.pack_start(tree, False, False, 0)

folders = Gtk.ListBox()
folders.set_selection_mode(Gtk.SelectionMode.MULTIPLE)
for name in ["Inbox", "Drafts", "Archive"]:
    row = Gtk.ListBoxRow()
    row.add(Gtk.Label(label=name))
    row.get_accessible().set_name(name)
    folders.add(row)
folders.get_accessible().set_name("Folders")
folders.connect("selected-rows-changed",
                lambda lb: say("folders:" + ",".join(r.get_accessible().get_name() for r in lb.get_selected_rows())))
box.pack_start(folders, False, False, 0)

tap = Gtk.EventBox()
tap.add(Gtk.Label(label="Tap here"))
tap.get_accessible().set_name("Tap area")
tap.set_size_request(-1, 40)
tap.connect("button-press-event", lambda *a: say("tapped"))
box.pack_start(tap, False, False, 0)

overlay = Gtk.Overlay()
covered = Gtk.EventBox()
covered.add(Gtk.Label(label="Under the badge"))
covered.get_accessible().set_name("Covered")
covered.set_size_request(-1, 60)
covered.connect("button-press-event", lambda *a: say("covered"))
overlay.add(covered)
badge = Gtk.Button(label="Badge")
badge.set_halign(Gtk.Align.CENTER)
badge.set_valign(Gtk.Align.CENTER)
badge.connect("clicked", lambda *a: say("badge"))
overlay.add_overlay(badge)
box.pack_start(overlay, False, False, 0)

window.connect("destroy", Gtk.main_quit)
window.show_all()
folders.unselect_all()
Gtk.main()
