"""A GTK window with the fields ScreenTextDesktopTest reads: python3 screen_text.py TITLE MODE ARG.

token TEXT: an entry holding TEXT and a "Space" button that inserts one space at offset 8 of it,
as an agent's Home, Right... and a typed " " would.
big CHARS: a text view holding CHARS characters of text.
pin SECRET: an entry whose accessible name is "PIN" holding SECRET, and an entry the app masks
itself (it shows only "●", keeps the real text to itself); on exit both real texts are printed.
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gtk  # noqa: E402

title, mode, arg = sys.argv[1], sys.argv[2], sys.argv[3]
window = Gtk.Window(title=title)
window.set_default_size(500, 300)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6, margin=12)
window.add(box)

if mode == "token":
    entry = Gtk.Entry()
    entry.set_text(arg)
    entry.set_width_chars(60)
    box.pack_start(entry, False, False, 0)
    space = Gtk.Button(label="Space")
    space.connect("clicked", lambda _b: entry.insert_text(" ", 8))
    box.pack_start(space, False, False, 0)
elif mode == "big":
    view = Gtk.TextView()
    line = "x" * 99 + "\n"
    count = int(arg)
    view.get_buffer().set_text(line * (count // len(line)))
    scroll = Gtk.ScrolledWindow()
    scroll.add(view)
    box.pack_start(scroll, True, True, 0)
elif mode == "pin":
    pin = Gtk.Entry()
    pin.set_text(arg)
    pin.get_accessible().set_name("PIN")
    box.pack_start(pin, False, False, 0)
    masked = Gtk.Entry()
    real = {"text": arg}
    masked.set_text("\u25cf" * len(arg))
    masked.get_accessible().set_name("Code")
    box.pack_start(masked, False, False, 0)

    def finish(*_args):
        print("pin:" + pin.get_text(), flush=True)
        Gtk.main_quit()

    ok = Gtk.Button(label="OK")
    ok.connect("clicked", finish)
    box.pack_start(ok, False, False, 0)
    window.connect("destroy", finish)

if mode != "pin":
    window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
