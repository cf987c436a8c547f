"""A form whose entry activates the default button, as web and GTK forms do.

Pressing Return in the "Comment" entry (its accessible action "activate") presses "Post" (or the
label given as the second argument), the window's default button, which prints "posted:<text>" and
exits.
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gtk  # noqa: E402

window = Gtk.Window(title=sys.argv[1] if len(sys.argv) > 1 else "Comment")
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6, margin=12)
window.add(box)
box.pack_start(Gtk.Label(label="Comment"), False, False, 0)
entry = Gtk.Entry()
entry.set_text("draft, not ready")
entry.set_activates_default(True)
entry.get_accessible().set_name("Comment")
box.pack_start(entry, False, False, 0)


def post(_button):
    print("posted:" + entry.get_text(), flush=True)
    Gtk.main_quit()


button = Gtk.Button(label=sys.argv[2] if len(sys.argv) > 2 else "Post")
button.set_can_default(True)
button.connect("clicked", post)
box.pack_start(button, False, False, 0)
window.connect("destroy", Gtk.main_quit)
window.show_all()
button.grab_default()
Gtk.main()
