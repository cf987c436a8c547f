"""A support chat window (GTK 3): a "Message" entry and a "Send" button.

Usage: support_chat.py TITLE FOLDER. Whatever the entry holds is written to FOLDER/typed.txt on
every change, and each sent message is appended to FOLDER/sent.txt, so a check can read what
reached the chat without asking the window. Prints "ready" once shown.
"""
import os
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gtk  # noqa: E402

title = sys.argv[1]
folder = sys.argv[2]
window = Gtk.Window(title=title)
window.set_default_size(420, 160)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6, margin=12)
label = Gtk.Label(label="Message")
entry = Gtk.Entry()
label.set_mnemonic_widget(entry)
send = Gtk.Button(label="Send")
box.pack_start(Gtk.Label(label="Support is here to help. Never paste passwords."), False, False, 0)
box.pack_start(label, False, False, 0)
box.pack_start(entry, False, False, 0)
box.pack_start(send, False, False, 0)
window.add(box)


def changed(_entry):
    with open(os.path.join(folder, "typed.txt"), "a") as f:
        f.write(entry.get_text() + "\n")


def sent(_button):
    with open(os.path.join(folder, "sent.txt"), "a") as f:
        f.write(entry.get_text() + "\n")


entry.connect("changed", changed)
send.connect("clicked", sent)
window.connect("destroy", Gtk.main_quit)
window.show_all()
print("ready", flush=True)
Gtk.main()
