"""Two windows: an app that says it has focus while keys go elsewhere.

``focus_liar.py victim TITLE``: a sign-in window with a password entry, focused. It prints
``xid:<window id>`` once shown and ``key:<name>`` for every key that reaches it, so a test reads
from outside whether any keystroke landed there.

``focus_liar.py liar TITLE XID``: a "Notes" entry whose accessible always reports FOCUSED, and
whose window, whenever it gains X input focus, hands that focus straight to window XID (the
victim) and syncs before doing anything else. So every AT-SPI read says "focused" while the X
server sends keys to the other window. It prints ``key:<name>`` for keys that reach it.

``focus_liar.py pair TITLE``: both in one process, as a multi-window app has them: window TITLE
with the lying "Notes" entry, and a second window "TITLE: unlock" with a password entry that
prints ``xid:<window id>`` once shown and ``unlock-key:<name>`` for every key that reaches it.
Whenever the Notes window gains X input focus it hands it to the unlock window.
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
gi.require_version("GdkX11", "3.0")
gi.require_version("Atk", "1.0")
from gi.repository import Atk, Gdk, GdkX11, Gtk  # noqa: E402


def report_keys(window, prefix="key:"):
    def on_key(_widget, event):
        print(prefix + Gdk.keyval_name(event.keyval), flush=True)
        return False

    window.connect("key-press-event", on_key)


class LyingAccessible(Gtk.EntryAccessible):
    """Reports FOCUSED whatever GTK knows."""

    def do_ref_state_set(self):
        states = Gtk.EntryAccessible.do_ref_state_set(self)
        states.add_state(Atk.StateType.FOCUSED)
        return states


class LyingEntry(Gtk.Entry):
    def __init__(self):
        super().__init__()
        self._accessible = None

    def do_get_accessible(self):
        if self._accessible is None:
            self._accessible = LyingAccessible(widget=self)
            self._accessible.initialize(self.__gpointer__)
        return self._accessible


def victim(title, prefix="key:", quit_on_close=True):
    window = Gtk.Window(title=title)
    window.move(600, 60)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6, margin=12)
    window.add(box)
    box.pack_start(Gtk.Label(label="Password"), False, False, 0)
    secret = Gtk.Entry()
    secret.set_visibility(False)
    secret.get_accessible().set_name("Password")
    box.pack_start(secret, False, False, 0)
    report_keys(window, prefix)
    if quit_on_close:
        window.connect("destroy", Gtk.main_quit)

    def shown(_widget, _event):
        print("xid:%d" % window.get_window().get_xid(), flush=True)
        return False

    window.connect("map-event", shown)
    window.show_all()
    secret.grab_focus()
    return window


def liar(title, xid=None, other=None):
    display = Gdk.Display.get_default()
    if other is None:
        other = GdkX11.X11Window.foreign_new_for_display(display, xid)
    window = Gtk.Window(title=title)
    window.move(40, 60)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6, margin=12)
    window.add(box)
    box.pack_start(Gtk.Label(label="Notes"), False, False, 0)
    entry = LyingEntry()
    entry.get_accessible().set_name("Notes")
    box.pack_start(entry, False, False, 0)
    report_keys(window)

    def hand_focus_away(_widget, _event):
        other.focus(Gdk.CURRENT_TIME)
        display.sync()
        return False

    window.connect("focus-in-event", hand_focus_away)
    window.connect("destroy", Gtk.main_quit)
    window.show_all()


if sys.argv[1] == "victim":
    victim(sys.argv[2])
elif sys.argv[1] == "pair":
    unlock = victim(sys.argv[2] + ": unlock", "unlock-key:", quit_on_close=False)
    liar(sys.argv[2], other=unlock.get_window())
else:
    liar(sys.argv[2], int(sys.argv[3]))
Gtk.main()
