"""A hostile table: 2^31 - 1 rows and columns, and every cell claims to be in view.

A test double on the test desktop's accessibility bus (``AT_SPI_BUS_ADDRESS``) serving one table,
``/org/a11y/atspi/accessible/table`` (800 x 600 at the origin, manages its descendants), whose
cells ``/org/a11y/atspi/accessible/cell/R_C`` all report the same frame inside it, so stepping
rows or columns never leaves the view. It prints its unique bus name once it serves, then one line
per call a test counts: ``GetChildren`` (which must never come) and ``GetAccessibleAt``.
"""
import os

from gi.repository import Gio, GLib

HUGE = 2 ** 31 - 1
TABLE = "/org/a11y/atspi/accessible/table"
CELLS = "/org/a11y/atspi/accessible/cell/"
NULL = ("", "/org/a11y/atspi/null")
# showing (25), visible (30); the table also manages its descendants (31)
SEEN = (1 << 25) | (1 << 30)


def table_call(member, args, me):
    if member == "GetRole":
        return "(u)", (55,)
    if member == "GetState":
        return "(au)", ([SEEN | (1 << 31), 0],)
    if member == "GetInterfaces":
        return "(as)", (["org.a11y.atspi.Accessible", "org.a11y.atspi.Component", "org.a11y.atspi.Table"],)
    if member == "GetExtents":
        return "((iiii))", ((0, 0, 800, 600),)
    if member == "GetAccessibleAt":
        print("GetAccessibleAt", flush=True)
        return "((so))", ((me, "%s%d_%d" % (CELLS, args[0], args[1])),)
    if member in ("GetRowAtIndex", "GetColumnAtIndex", "GetIndexInParent"):
        return "(i)", (0,)
    if member in ("GetRowHeader", "GetColumnHeader"):
        return "((so))", (NULL,)
    if member in ("GetRowDescription", "GetColumnDescription"):
        return "(s)", ("",)
    return None


def cell_call(member, args, me):
    if member == "GetRole":
        return "(u)", (56,)
    if member == "GetState":
        return "(au)", ([SEEN, 0],)
    if member == "GetInterfaces":
        return "(as)", (["org.a11y.atspi.Accessible", "org.a11y.atspi.Component", "org.a11y.atspi.Text"],)
    if member == "GetExtents":
        return "((iiii))", ((10, 10, 20, 20),)
    if member == "GetIndexInParent":
        return "(i)", (0,)
    if member == "GetText":
        return "(s)", ("x",)
    return None


def properties(path):
    if path == TABLE:
        return {"Name": GLib.Variant("s", "Endless"), "Description": GLib.Variant("s", ""),
                "ChildCount": GLib.Variant("i", HUGE), "AccessibleId": GLib.Variant("s", ""),
                "NRows": GLib.Variant("i", HUGE), "NColumns": GLib.Variant("i", HUGE)}
    return {"Name": GLib.Variant("s", path[len(CELLS):]), "Description": GLib.Variant("s", ""),
            "ChildCount": GLib.Variant("i", 0), "AccessibleId": GLib.Variant("s", "")}


def answer(connection, message):
    """The reply to one call, or None for a call this double does not serve."""
    path, member = message.get_path(), message.get_member()
    body = message.get_body()
    args = body.unpack() if body is not None else ()
    if path != TABLE and not path.startswith(CELLS):
        return None
    if member == "GetChildren":
        print("GetChildren", flush=True)
        return "(a(so))", ([],)
    if member == "GetAccessibleAtPoint":
        return "((so))", ((connection.get_unique_name(), CELLS + "0_0"),)
    if message.get_interface() == "org.freedesktop.DBus.Properties":
        props = properties(path)
        if member == "GetAll":
            return "(a{sv})", (props,)
        if member == "Get" and args[1] in props:
            return "(v)", (props[args[1]],)
        return None
    served = table_call if path == TABLE else cell_call
    return served(member, args, connection.get_unique_name())


def on_message(connection, message, incoming):
    if not incoming or message.get_message_type() != Gio.DBusMessageType.METHOD_CALL:
        return message
    found = answer(connection, message)
    if found is None:
        reply = Gio.DBusMessage.new_method_error_literal(message, "org.freedesktop.DBus.Error.UnknownMethod",
                                                          "not served by this test double")
    else:
        reply = Gio.DBusMessage.new_method_reply(message)
        reply.set_body(GLib.Variant(found[0], found[1]))
    connection.send_message(reply, Gio.DBusSendMessageFlags.NONE)
    return None


bus = Gio.DBusConnection.new_for_address_sync(
    os.environ["AT_SPI_BUS_ADDRESS"],
    Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
bus.add_filter(on_message)
print(bus.get_unique_name(), flush=True)
GLib.MainLoop().run()
