"""A login window whose password field a check box reveals, for StickySecureDesktopTest.

"Show password" turns the entry's visibility on (GTK then reports it as a plain text field);
"Plain field" replaces the password entry with a new, ordinary entry at the same place. On exit
(window closed or OK) the password entry's current text is printed, so a test can read, from the
application itself, whether anything was typed into it.
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gtk  # noqa: E402

window = Gtk.Window(title=sys.argv[1] if len(sys.argv) > 1 else "Sign in")
grid = Gtk.Grid(row_spacing=6, column_spacing=6, margin=12)
window.add(grid)
grid.attach(Gtk.Label(label="Password"), 0, 0, 1, 1)
password = Gtk.Entry()
password.set_visibility(False)
password.set_text(sys.argv[2] if len(sys.argv) > 2 else "hunter2-secret")
password.set_width_chars(24)
grid.attach(password, 1, 0, 1, 1)
current = {"entry": password}

show = Gtk.CheckButton(label="Show password")
show.connect("toggled", lambda b: current["entry"].set_visibility(b.get_active()))
grid.attach(show, 1, 1, 1, 1)


def plain(_button):
    old = current["entry"]
    print("before swap:" + old.get_text(), flush=True)
    grid.remove(old)
    fresh = Gtk.Entry()
    fresh.set_width_chars(24)
    grid.attach(fresh, 1, 0, 1, 1)
    fresh.show()
    current["entry"] = fresh


swap = Gtk.Button(label="Plain field")
swap.connect("clicked", plain)
grid.attach(swap, 1, 2, 1, 1)


def finish(*_args):
    print("password:" + password.get_text(), flush=True)
    Gtk.main_quit()


ok = Gtk.Button(label="OK")
ok.connect("clicked", finish)
grid.attach(ok, 1, 3, 1, 1)
window.connect("destroy", finish)
window.show_all()
Gtk.main()
