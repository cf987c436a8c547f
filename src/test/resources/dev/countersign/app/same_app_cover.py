"""Two windows of one app, the second moved over the first (a covered point, within one process).

``same_app_cover.py TITLE``: window TITLE at (200, 200), 400x300, with an "Archive" button that
prints ``archive-click``; then window "TITLE: unlock" at (150, 150), 480x380 — over the first and
holding its whole frame — filled by an "Unlock" button that prints ``unlock-click``. It prints
``ready`` once both are shown, so a test reads from outside which button a click reached.
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402


def window(title, x, y, width, height, label, said):
    w = Gtk.Window(title=title)
    w.set_default_size(width, height)
    w.move(x, y)
    button = Gtk.Button(label=label)
    button.connect("clicked", lambda _b: print(said, flush=True))
    w.add(button)
    w.connect("destroy", Gtk.main_quit)
    return w


title = sys.argv[1]
below = window(title, 200, 200, 400, 300, "Archive", "archive-click")
below.show_all()


def cover():
    above = window(title + ": unlock", 150, 150, 480, 380, "Unlock", "unlock-click")
    above.show_all()
    GLib.timeout_add(300, lambda: print("ready", flush=True) and False)
    return False


GLib.timeout_add(500, cover)
Gtk.main()
