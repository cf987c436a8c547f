"""A VTE terminal (GTK 3, AT-SPI role "terminal") running an interactive bash in a given folder.

Usage: vte_terminal.py TITLE FOLDER [RCFILE]. The shell reads no startup files but RCFILE when one
is given (what the person ran before the agent came, e.g. a listing), its prompt is "$ " and it
keeps no history file, so nothing outside FOLDER is touched. Prints "shell PID" once bash runs.
"""
import os
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Vte", "2.91")
from gi.repository import GLib, Gtk, Vte  # noqa: E402

title = sys.argv[1]
folder = sys.argv[2]
window = Gtk.Window(title=title)
window.set_default_size(640, 400)
terminal = Vte.Terminal()
window.add(terminal)
env = [k + "=" + v for k, v in os.environ.items() if k not in ("PROMPT_COMMAND", "PS1", "HISTFILE")]
env += ["PS1=$ ", "HISTFILE=", "TERM=xterm-256color"]


def spawned(_terminal, pid, error):
    print("spawn failed: " + str(error) if error is not None else "shell " + str(pid), flush=True)


startup = ["--rcfile", sys.argv[3]] if len(sys.argv) > 3 else ["--norc"]
terminal.spawn_async(Vte.PtyFlags.DEFAULT, folder, ["/bin/bash"] + startup + ["--noprofile", "-i"], env,
                     GLib.SpawnFlags.DEFAULT, None, None, -1, None, spawned)
terminal.connect("child-exited", lambda *_: Gtk.main_quit())
window.connect("destroy", Gtk.main_quit)
window.show_all()
terminal.grab_focus()
Gtk.main()
