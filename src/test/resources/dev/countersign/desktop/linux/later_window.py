"""One window, and a second one of the same app once the test asks for it.

``later_window.py TITLE DIR``: shows window TITLE; once the file DIR/open exists, shows a second
window "TITLE: later" and prints ``opened`` once it is mapped. The test decides when the application's window list
changes, so it can ask for the list before and after.
"""
import os
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402


def window(title, x, on_map=None):
    w = Gtk.Window(title=title)
    w.set_default_size(320, 200)
    w.move(x, 120)
    w.add(Gtk.Label(label=title))
    w.connect("destroy", Gtk.main_quit)
    if on_map:
        w.connect("map-event", lambda *_: on_map() and False)
    w.show_all()
    return w


title, folder = sys.argv[1], sys.argv[2]
window(title, 100)


def watch():
    if not os.path.exists(os.path.join(folder, "open")):
        return True
    window(title + ": later", 480, lambda: print("opened", flush=True))
    return False


GLib.timeout_add(20, watch)
Gtk.main()
