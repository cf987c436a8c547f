package dev.countersign.desktop;

/**
 * An opaque, backend-private reference to one accessibility element or window. Callers outside
 * {@code desktop} may keep it, compare it and hand it back to the backend that made it, but never
 * read it: what it points at (a D-Bus name and object path, an AXUIElement) is the driver's secret.
 */
public interface ElementHandle {
}
