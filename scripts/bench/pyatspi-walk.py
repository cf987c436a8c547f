#!/usr/bin/python3
"""The pyatspi baseline of scripts/bench/observe: walks one application's first showing window
through libatspi (python3-gi, gir1.2-atspi-2.0) reading what Countersign's snapshot reads per
element — role, name, states, interfaces, screen extents, action names, value or text — under the
same bounds (not-showing subtrees skipped, max_nodes, max_depth), and prints one JSON object with
the per-walk milliseconds. Usage: pyatspi-walk.py PID RUNS WARMUP [MAX_NODES MAX_DEPTH]
With RUNS 0 it walks WARMUP times, prints "ready", then walks once per line read on standard input,
printing that walk's milliseconds as a line, and prints the JSON object at the end of its input —
so a caller can interleave its walks with other measurements."""
import json
import sys
import time
import warnings

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

pid, runs, warmup = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
max_nodes = int(sys.argv[4]) if len(sys.argv) > 4 else 400
max_depth = int(sys.argv[5]) if len(sys.argv) > 5 else 8


def find_window():
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        if app is not None and app.get_process_id() == pid:
            for j in range(app.get_child_count()):
                w = app.get_child_at_index(j)
                if w is not None and w.get_state_set().contains(Atspi.StateType.SHOWING):
                    return w
    raise SystemExit(f"no showing window of pid {pid}")


def read(node):
    """One element's properties, as the snapshot reads them."""
    out = {"role": node.get_role_name(), "name": node.get_name()}
    states = node.get_state_set()
    out["states"] = [s for s in states.get_states()]
    ifaces = node.get_interfaces()
    out["interfaces"] = ifaces
    if "Component" in ifaces:
        e = node.get_extents(Atspi.CoordType.SCREEN)
        out["frame"] = (e.x, e.y, e.width, e.height)
    if "Action" in ifaces:
        out["actions"] = [node.get_action_name(i) for i in range(node.get_n_actions())]
    if "Value" in ifaces:
        out["value"] = node.get_current_value()
    elif "Text" in ifaces and node.get_role() != Atspi.Role.PASSWORD_TEXT:
        out["value"] = node.get_text(0, -1)
    return out, states


def walk(window):
    """Breadth-first under the same bounds as the snapshot; returns the number of elements kept."""
    kept = 0
    level = [(window, 0)]
    while level and kept < max_nodes:
        nxt = []
        for node, depth in level:
            if kept >= max_nodes:
                break
            _, states = read(node)
            if depth > 0 and not states.contains(Atspi.StateType.SHOWING):
                continue
            kept += 1
            if depth < max_depth:
                for i in range(node.get_child_count()):
                    c = node.get_child_at_index(i)
                    if c is not None:
                        nxt.append((c, depth + 1))
        level = nxt
    return kept


warnings.simplefilter("ignore", DeprecationWarning)
window = find_window()
# libatspi caches what it read; drop it before each walk so every walk reads the application.
Atspi.set_timeout(5000, 60000)
times, nodes = [], 0


def timed():
    Atspi.Accessible.clear_cache(window)
    t0 = time.perf_counter()
    kept = walk(window)
    return kept, (time.perf_counter() - t0) * 1000


for i in range(warmup + runs):
    nodes, t = timed()
    if i >= warmup:
        times.append(t)
if runs == 0:
    print("ready", flush=True)
    for _ in sys.stdin:
        nodes, t = timed()
        times.append(t)
        print(f"{t:.3f}", flush=True)
print(json.dumps({"nodes": nodes, "ms": times}), flush=True)
