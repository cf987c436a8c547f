"""A GTK 3 form with two combo boxes, each named only by the label that points to it: "Fruit:"
(a drop-down list, Banana chosen) and "City:" (a combo box with an entry, Lisbon). A line below
reports each change of the fruit ("picked Cherry"). The window title is the first argument."""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gtk  # noqa: E402

window = Gtk.Window(title=sys.argv[1])
window.connect("destroy", Gtk.main_quit)
grid = Gtk.Grid(column_spacing=8, row_spacing=8, margin=12)
window.add(grid)


def field(row, label_text, widget):
    label = Gtk.Label(label=label_text, xalign=0)
    label.set_mnemonic_widget(widget)
    grid.attach(label, 0, row, 1, 1)
    grid.attach(widget, 1, row, 1, 1)


fruit = Gtk.ComboBoxText()
for item in ("Apple", "Banana", "Cherry"):
    fruit.append_text(item)
fruit.set_active(1)
field(0, "Fruit:", fruit)

city = Gtk.ComboBoxText.new_with_entry()
for item in ("Lisbon", "Porto"):
    city.append_text(item)
city.set_active(0)
field(1, "City:", city)

status = Gtk.Label(label="nothing picked", xalign=0)
grid.attach(status, 0, 2, 2, 1)
fruit.connect("changed", lambda combo: status.set_text("picked " + combo.get_active_text()))

window.show_all()
Gtk.main()
