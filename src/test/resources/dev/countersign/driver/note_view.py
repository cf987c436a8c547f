"""A note (GTK 3): an editable text view holding the text of a file, another program than yad.

Usage: note_view.py TITLE FILE. The window is titled TITLE and shows FILE's text.
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gtk  # noqa: E402

window = Gtk.Window(title=sys.argv[1])
window.set_default_size(520, 200)
view = Gtk.TextView()
with open(sys.argv[2]) as f:
    view.get_buffer().set_text(f.read())
window.add(view)
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
