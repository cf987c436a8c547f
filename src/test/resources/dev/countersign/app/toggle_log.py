# A GTK window with one check box that prints a line for every change of its state, so a test
# counts the changes the app shows independently of Countersign. argv[1] is the window title.
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gtk  # noqa: E402

window = Gtk.Window(title=sys.argv[1])
window.set_default_size(320, 120)
check = Gtk.CheckButton(label="Remember me")


def toggled(button):
    print("toggled " + ("on" if button.get_active() else "off"), flush=True)


check.connect("toggled", toggled)
window.add(check)
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
