/**
 * The governing proxy (docs/govern.md, {@code countersign govern NAME -- COMMAND…}): a raw
 * computer-use MCP server started over stdio and offered to agents only as one Countersign tool,
 * whose read-only actions pass through Countersign's capture checks and whose mutating actions
 * run the governed graph in the driver before the server is asked to dispatch them.
 */
package dev.countersign.govern;
