"""A window whose buttons change what is beside them a moment after they are clicked, for
TimelinePicturesVisualDesktopTest and ForwardPicturesDesktopTest.

The swatch at the top left (120x40 at the window's (12, 12)), an event box with no accessible
name, turns from white to pure red 10 ms after it is clicked. "Sign in later": 10 ms after
the click, a password field (holding "hunter2-secret") is made and placed right below it, in a
space that was empty until then: it is in no observation made before.
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

window = Gtk.Window(title=sys.argv[1] if len(sys.argv) > 1 else "Late Paint")
window.set_default_size(420, 160)
grid = Gtk.Grid(row_spacing=4, column_spacing=6, margin=12)
window.add(grid)

css = Gtk.CssProvider()
css.load_from_data(b".white { background-color: #ffffff; } .red { background-color: #ff0000; }")
Gtk.StyleContext.add_provider_for_screen(Gdk.Screen.get_default(), css,
                                         Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
swatch = Gtk.EventBox()
swatch.set_size_request(120, 40)
swatch.get_style_context().add_class("white")


def paint_red():
    swatch.get_style_context().remove_class("white")
    swatch.get_style_context().add_class("red")
    return False


swatch.connect("button-press-event", lambda *_a: GLib.timeout_add(10, paint_red) and False)

grid.attach(swatch, 0, 0, 1, 1)

space = Gtk.Box()
space.set_size_request(200, 34)


def sign_in():
    field = Gtk.Entry()
    field.set_visibility(False)
    field.set_text("hunter2-secret")
    field.set_width_chars(16)
    space.pack_start(field, True, True, 0)
    field.show()
    return False


later = Gtk.Button(label="Sign in later")
later.connect("clicked", lambda _b: GLib.timeout_add(10, sign_in))
grid.attach(later, 0, 1, 1, 1)
grid.attach(space, 0, 2, 1, 1)

window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
