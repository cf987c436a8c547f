"""A GTK 3 window that claims LibreOffice's names: a tool bar named "Formula Tool Bar" holding a
single-line field whose Return writes the file `sent` beside this script (as a form's submit
would). Only LibreOffice's own Name Box may take a Return unasked; this app is not LibreOffice.
The window title is the first argument."""
import pathlib
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gtk  # noqa: E402

window = Gtk.Window(title=sys.argv[1])
window.connect("destroy", Gtk.main_quit)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
window.add(box)
bar = Gtk.Toolbar()
bar.get_accessible().set_name("Formula Tool Bar")
item = Gtk.ToolItem()
field = Gtk.Entry(text="A1")
field.connect("activate", lambda *_: (pathlib.Path(__file__).parent / "sent").touch())
item.add(field)
bar.insert(item, 0)
box.pack_start(bar, False, False, 0)
box.pack_start(Gtk.Label(label="A sheet"), True, True, 0)
window.set_default_size(400, 200)
window.show_all()
Gtk.main()
