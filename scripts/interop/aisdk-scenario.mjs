// One scenario through the Vercel AI SDK's MCP client (@ai-sdk/mcp) over Streamable HTTP. On its
// defaults (discovery on) it first sends MCP 2026-07-28's server/discover and, when the server
// answers it, speaks that revision: _meta on every request, no initialize, no session. With
// "legacy" it is built with protocolVersionDiscovery: false and initializes a 2025-11-25 session.
// Usage: node aisdk-scenario.mjs [discovery|legacy]
import { createMCPClient } from "@ai-sdk/mcp";
import { env, Report, assert, cancelledReceipt, errorBody, formChecks, okBody, refOf, pkgVersion } from "./lib.mjs";

const legacy = process.argv[2] === "legacy";
const MODERN = "2026-07-28";
const report = new Report("@ai-sdk/mcp", pkgVersion("@ai-sdk/mcp"), legacy
  ? "Streamable HTTP (discovery off: 2025-11-25 session)" : `Streamable HTTP (discovery on, its default: MCP ${MODERN})`);

const connect = () => createMCPClient({
  transport: { type: "http", url: env.url, headers: { Authorization: `Bearer ${env.token}` } },
  clientName: "interop-ai-sdk",
  ...(legacy ? { protocolVersionDiscovery: false } : {}),
});
const call = (client, name, args, options = {}) =>
  client.callTool({ name, arguments: args, options: { timeout: 120_000, ...options } });

let client;
await report.check("connect", async () => {
  client = await connect();
  const version = client.initializeResult?.protocolVersion;
  if (legacy) {
    assert(version && version <= "2025-11-25", `initialized a 2025 session, got ${version}`);
    return { server: client.serverInfo?.name, protocolVersion: version, era: "legacy" };
  }
  assert(version === MODERN, `discovery chose ${MODERN}, got ${version}`);
  assert(client.serverInfo?.name === "countersign", `serverInfo from discover's _meta: ${JSON.stringify(client.serverInfo)}`);
  return { server: client.serverInfo?.name, protocolVersion: version, era: "modern" };
});
await report.check("list_tools", async () => {
  const { tools } = await client.listTools();
  const bytes = Buffer.byteLength(JSON.stringify(tools));
  assert(tools.some((t) => t.name === "computer_act"), "no computer_act");
  // What an AI SDK app hands its model: every tool converts to an AI SDK tool.
  const set = await client.tools();
  assert(typeof set.computer_observe?.execute === "function", "computer_observe is not an AI SDK tool");
  return { tools: tools.length, bytes };
});
await formChecks(report, (name, args) => call(client, name, args));
await report.check("error_denied_approval", async () => {
  const del = okBody(await call(client, "computer_observe", { app: env.deletePid }));
  const body = errorBody(await call(client, "computer_act", { ref: refOf(del, "Delete"), op: "click" }));
  assert(body.code === "APPROVAL_DENIED", `code ${body.code}`);
  return { code: body.code, hint: body.hint };
});
await report.check("cancelled_approval", async () => {
  // The AI SDK's client cancels by aborting the request; the endpoint sees the call's connection
  // go and withdraws the question before the person answers (the test's person denies after 3 s).
  const del = okBody(await call(client, "computer_observe", { app: env.deletePid }));
  const abort = new AbortController();
  setTimeout(() => abort.abort("the person changed their mind"), 1000);
  let outcome = "answered";
  try {
    await call(client, "computer_act", { ref: refOf(del, "Delete"), op: "click" }, { signal: abort.signal });
  } catch (e) {
    outcome = "aborted";
  }
  assert(outcome === "aborted", "the call was not cancelled");
  await client.close();
  client = await connect();
  return cancelledReceipt((name, args) => call(client, name, args));
});
await client?.close();
process.exit(report.write());
