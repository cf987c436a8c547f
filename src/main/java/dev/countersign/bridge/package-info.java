/**
 * The stdio bridge client ({@code countersign mcp-stdio}): speaks MCP over stdio to a client that
 * starts it, and carries each message to the served app's endpoint over the Unix-domain socket in
 * the 0700 home folder (or loopback HTTP when asked), with the agent's token read from its 0600
 * file. It shares no code with the endpoint it dials: only the wire.
 */
package dev.countersign.bridge;
