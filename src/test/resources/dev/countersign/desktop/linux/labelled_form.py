"""A GTK 3 form whose fields have no names of their own: each is named only by the label that
points to it (Gtk.Label's mnemonic widget, which GTK exposes as a labelled-by relation), and one
has a help text by described-by. The field labelled "Password:" shows its text (visibility on),
so only its label tells that it holds a secret. The window title is the first argument."""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Atk", "1.0")
from gi.repository import Atk, Gtk  # noqa: E402

window = Gtk.Window(title=sys.argv[1])
window.connect("destroy", Gtk.main_quit)
grid = Gtk.Grid(column_spacing=8, row_spacing=8, margin=12)
window.add(grid)


def field(row, label_text, entry):
    label = Gtk.Label(label=label_text, xalign=0)
    label.set_mnemonic_widget(entry)
    grid.attach(label, 0, row, 1, 1)
    grid.attach(entry, 1, row, 1, 1)
    return label


city = Gtk.Entry(text="Lisbon")
field(0, "City:", city)
help_text = Gtk.Label(label="Where the parcel goes", xalign=0)
grid.attach(help_text, 1, 1, 1, 1)
city.get_accessible().add_relationship(Atk.RelationType.DESCRIBED_BY, help_text.get_accessible())

copies = Gtk.SpinButton.new_with_range(1, 10, 1)
copies.set_value(3)
field(2, "Copies:", copies)

secret = Gtk.Entry(text="hunter2-visible")
secret.set_visibility(True)
field(3, "Password:", secret)

window.show_all()
Gtk.main()
