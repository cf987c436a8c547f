"""An accessible button whose action answers only when its modal dialog closes.

``answer_late.py SECONDS``: a test double of an application on the accessibility bus (the
``AT_SPI_BUS_ADDRESS`` of the test desktop) serving one push button,
``/org/a11y/atspi/accessible/button``, the way a toolkit whose bridge runs the action before it
answers does: ``DoAction`` runs a nested main loop for SECONDS (a modal dialog inside the action)
and only then replies. Reads are answered meanwhile, as a real nested loop answers them. It prints
its unique bus name once it serves, ``pressed`` when the action starts and ``answered`` when the
reply is sent.
"""
import os
import sys

from gi.repository import Gio, GLib

SECONDS = float(sys.argv[1])
PATH = "/org/a11y/atspi/accessible/button"
XML = """
<node>
  <interface name="org.a11y.atspi.Accessible">
    <property name="Name" type="s" access="read"/>
    <property name="Description" type="s" access="read"/>
    <property name="ChildCount" type="i" access="read"/>
    <property name="AccessibleId" type="s" access="read"/>
    <method name="GetRole"><arg direction="out" type="u"/></method>
    <method name="GetState"><arg direction="out" type="au"/></method>
    <method name="GetInterfaces"><arg direction="out" type="as"/></method>
  </interface>
  <interface name="org.a11y.atspi.Component">
    <method name="GetExtents">
      <arg direction="in" type="u"/><arg direction="out" type="(iiii)"/>
    </method>
  </interface>
  <interface name="org.a11y.atspi.Action">
    <property name="NActions" type="i" access="read"/>
    <method name="GetActions"><arg direction="out" type="a(sss)"/></method>
    <method name="GetName"><arg direction="in" type="i"/><arg direction="out" type="s"/></method>
    <method name="DoAction"><arg direction="in" type="i"/><arg direction="out" type="b"/></method>
  </interface>
</node>
"""
PUSH_BUTTON = 43
# enabled (8), sensitive (24), showing (25), visible (30), focusable (11)
STATES = [(1 << 8) | (1 << 11) | (1 << 24) | (1 << 25) | (1 << 30), 0]


def call(connection, sender, path, interface, method, params, invocation):
    if method == "GetRole":
        invocation.return_value(GLib.Variant("(u)", (PUSH_BUTTON,)))
    elif method == "GetState":
        invocation.return_value(GLib.Variant("(au)", (STATES,)))
    elif method == "GetInterfaces":
        invocation.return_value(GLib.Variant("(as)", ([
            "org.a11y.atspi.Accessible", "org.a11y.atspi.Component", "org.a11y.atspi.Action"],)))
    elif method == "GetExtents":
        invocation.return_value(GLib.Variant("((iiii))", ((10, 10, 80, 24),)))
    elif method == "GetActions":
        invocation.return_value(GLib.Variant("(a(sss))", ([("click", "Click", "")],)))
    elif method == "GetName":
        invocation.return_value(GLib.Variant("(s)", ("click",)))
    elif method == "DoAction":
        print("pressed", flush=True)
        dialog = GLib.MainLoop()
        GLib.timeout_add(int(SECONDS * 1000), dialog.quit)
        dialog.run()
        invocation.return_value(GLib.Variant("(b)", (True,)))
        print("answered", flush=True)


def prop(connection, sender, path, interface, name):
    return {"Name": GLib.Variant("s", "Settings"), "Description": GLib.Variant("s", ""),
            "ChildCount": GLib.Variant("i", 0), "AccessibleId": GLib.Variant("s", ""),
            "NActions": GLib.Variant("i", 1)}[name]


bus = Gio.DBusConnection.new_for_address_sync(
    os.environ["AT_SPI_BUS_ADDRESS"],
    Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
for interface in Gio.DBusNodeInfo.new_for_xml(XML).interfaces:
    bus.register_object(PATH, interface, call, prop, None)
print(bus.get_unique_name(), flush=True)
GLib.MainLoop().run()
