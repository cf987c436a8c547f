"""Setup and check steps of the task suite that read or press an app's accessible elements
directly (never the agent's way): `do APP ROLE NAME` presses the first such element's first action,
`state APP ROLE NAME` prints the first such element's states ("absent" when there is none)."""
import sys

import pyatspi


def find(node, role, name, depth=0):
    if depth > 40:
        return None
    try:
        if node.getRoleName() == role and node.name == name:
            return node
        if node.childCount > 500:
            return None
        for child in node:
            hit = find(child, role, name, depth + 1)
            if hit is not None:
                return hit
    except Exception:  # an element that vanished while we read it
        return None
    return None


def element(app, role, name):
    for a in pyatspi.Registry.getDesktop(0):
        if a is not None and a.name == app:
            hit = find(a, role, name)
            if hit is not None:
                return hit
    return None


def main():
    verb, app, role, name = sys.argv[1:5]
    hit = element(app, role, name)
    if verb == "do":
        if hit is None:
            sys.exit("no %s '%s' in %s" % (role, name, app))
        hit.queryAction().doAction(0)
        print("done")
    elif verb == "state":
        if hit is None:
            print("absent")
        else:
            print(" ".join(pyatspi.stateToString(s) for s in hit.getState().getStates()))


main()
