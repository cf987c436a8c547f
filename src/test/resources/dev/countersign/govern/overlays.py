"""Elements laid over others inside one window, where the accessibility tree cannot say which takes a click.

``overlays.py TITLE``: window TITLE at (100, 100), 600x260, two GtkOverlays side by side.

- Left: a "Next" button (inside two boxes) under a "Delete" button made fully transparent
  (opacity 0) and laid over it. A person sees "Next"; a click there reaches the transparent
  "Delete", which prints ``delete-click``. ("Next" prints ``next-click``.)
- Right: a "Remove" button under a label "Continue" (inside two boxes) that lets clicks pass
  through to it. A click on the label reaches "Remove", which prints ``remove-click``.

Prints ``ready`` once shown, so a test reads from outside which button a click reached.
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402


def button(label, said):
    b = Gtk.Button(label=label)
    b.connect("clicked", lambda _b: print(said, flush=True))
    return b


def boxed(widget):
    """The widget two boxes down: deeper in the tree than what is laid over or under it."""
    inner = Gtk.Box()
    inner.pack_start(widget, True, True, 0)
    outer = Gtk.Box()
    outer.pack_start(inner, True, True, 0)
    return outer


def hidden_delete_over_next():
    overlay = Gtk.Overlay()
    overlay.add(boxed(button("Next", "next-click")))
    delete = button("Delete", "delete-click")
    delete.set_opacity(0.0)
    overlay.add_overlay(delete)
    return overlay


def label_over_remove():
    overlay = Gtk.Overlay()
    overlay.add(button("Remove", "remove-click"))
    label = boxed(Gtk.Label(label="Continue"))
    label.set_halign(Gtk.Align.CENTER)
    label.set_valign(Gtk.Align.CENTER)
    overlay.add_overlay(label)
    overlay.set_overlay_pass_through(label, True)
    return overlay


title = sys.argv[1]
window = Gtk.Window(title=title)
window.set_default_size(600, 260)
window.move(100, 100)
row = Gtk.Box(spacing=40, homogeneous=True)
row.set_border_width(40)
row.pack_start(hidden_delete_over_next(), True, True, 0)
row.pack_start(label_over_remove(), True, True, 0)
window.add(row)
window.connect("destroy", Gtk.main_quit)
window.show_all()
GLib.timeout_add(300, lambda: print("ready", flush=True) and False)
Gtk.main()
