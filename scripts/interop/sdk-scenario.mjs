// One scenario through the official TypeScript SDK (1.x or 2.x), over Streamable HTTP, over the
// stdio bridge, or through mcp-remote (stdio to HTTP). Usage: node sdk-scenario.mjs SDK TRANSPORT [ERA]
// with SDK = sdk1 | sdk2, TRANSPORT = http | bridge | mcp-remote, and ERA = 2026 for the 2.x client
// pinned to MCP 2026-07-28 (stateless: server/discover, _meta on every request, no session).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { env, Report, assert, cancelledReceipt, errorBody, formChecks, okBody, refOf, pkgVersion } from "./lib.mjs";

const [sdk, transportKind, era] = process.argv.slice(2);
const MODERN = "2026-07-28";
const modern = era === "2026";
const here = new URL(".", import.meta.url).pathname;

const api = sdk === "sdk1"
  ? {
      version: pkgVersion("sdk1"),
      package: "@modelcontextprotocol/sdk",
      Client: (await import("sdk1/client/index.js")).Client,
      Http: (await import("sdk1/client/streamableHttp.js")).StreamableHTTPClientTransport,
      Stdio: (await import("sdk1/client/stdio.js")).StdioClientTransport,
      call: (client, params, options) => client.callTool(params, undefined, options),
    }
  : {
      version: pkgVersion("@modelcontextprotocol/client"),
      package: "@modelcontextprotocol/client",
      Client: (await import("@modelcontextprotocol/client")).Client,
      Http: (await import("@modelcontextprotocol/client")).StreamableHTTPClientTransport,
      Stdio: (await import("@modelcontextprotocol/client/stdio")).StdioClientTransport,
      call: (client, params, options) => client.callTool(params, options),
    };

const remoteDir = mkdtempSync(join(tmpdir(), "mcp-remote-"));

function transport() {
  if (transportKind === "http") {
    return new api.Http(new URL(env.url), { requestInit: { headers: { Authorization: `Bearer ${env.token}` } } });
  }
  if (transportKind === "bridge") {
    return new api.Stdio({ command: env.bridge[0], args: env.bridge.slice(1), stderr: "inherit" });
  }
  // mcp-remote, as Claude Desktop users run it: a stdio server that forwards to the HTTP endpoint.
  return new api.Stdio({
    command: process.execPath,
    args: [join(here, "node_modules/mcp-remote/dist/proxy.js"), env.url, "--transport", "http-only",
      "--header", `Authorization:Bearer ${env.token}`],
    env: { ...process.env, MCP_REMOTE_CONFIG_DIR: remoteDir },
    stderr: "ignore",
  });
}

async function connect() {
  const client = new api.Client({ name: `interop-${sdk}-${transportKind}${modern ? "-2026" : ""}`, version: "1" },
    modern ? { versionNegotiation: { mode: { pin: MODERN } } } : undefined);
  await client.connect(transport());
  return client;
}

const call = (client, name, args, options = {}) =>
  api.call(client, { name, arguments: args }, { timeout: 60_000, resetTimeoutOnProgress: true, ...options });

const label = transportKind === "mcp-remote" ? "mcp-remote" : `${api.package}`;
const version = transportKind === "mcp-remote" ? pkgVersion("mcp-remote") : api.version;
const report = new Report(label, version, transportKind === "mcp-remote"
  ? `stdio → HTTP (over ${api.package} ${api.version})` : transportKind === "bridge" ? "stdio (countersign mcp-stdio)"
  : modern ? `Streamable HTTP, MCP ${MODERN} (pinned: no session)` : "Streamable HTTP");
let client;

await report.check("connect", async () => {
  client = await connect();
  if (!modern) return { server: client.getServerVersion()?.name };
  // Pinned: the client sent server/discover with _meta and adopted its answer; no initialize, no session.
  assert(client.getProtocolEra() === "modern", `era ${client.getProtocolEra()}`);
  assert(client.getNegotiatedProtocolVersion() === MODERN, `version ${client.getNegotiatedProtocolVersion()}`);
  const discovered = client.getDiscoverResult();
  assert(discovered?.supportedVersions?.includes("2025-11-25"), `supportedVersions ${discovered?.supportedVersions}`);
  assert(client.getServerVersion()?.name === "countersign", `serverInfo ${JSON.stringify(client.getServerVersion())}`);
  return { server: client.getServerVersion()?.name, protocolVersion: MODERN, era: "modern" };
});
await report.check("list_tools", async () => {
  const { tools } = await client.listTools();
  const bytes = Buffer.byteLength(JSON.stringify(tools));
  assert(tools.some((t) => t.name === "computer_act"), "no computer_act");
  assert(bytes <= 6000, `tools/list is ${bytes} bytes`);
  return { tools: tools.length, bytes };
});
await formChecks(report, (name, args) => call(client, name, args), { image: true });
await report.check("error_denied_approval", async () => {
  const del = okBody(await call(client, "computer_observe", { app: env.deletePid }));
  let progress = 0;
  const body = errorBody(await call(client, "computer_act", { ref: refOf(del, "Delete"), op: "click" },
    { onprogress: () => { progress++; } }));
  assert(body.code === "APPROVAL_DENIED", `code ${body.code}`);
  assert(!/approval was deny/.test(body.message), body.message);
  return { code: body.code, hint: body.hint, progress };
});
await report.check("cancelled_approval", async () => {
  const del = okBody(await call(client, "computer_observe", { app: env.deletePid }));
  const abort = new AbortController();
  let outcome = "answered";
  try {
    await call(client, "computer_act", { ref: refOf(del, "Delete"), op: "click" },
      { signal: abort.signal, onprogress: () => abort.abort("the person changed their mind") });
  } catch (e) {
    outcome = "aborted";
  }
  assert(outcome === "aborted", "the call was not cancelled");
  // The endpoint withdraws at its next poll (1 s); then the receipt says why.
  return cancelledReceipt((name, args) => call(client, name, args));
});
await report.check("connect_cycles", async () => {
  await client.close();
  // Through the bridge each cycle starts a JVM; three at a time keep the suite's time down on two
  // cores and still make every one a session that must be ended (EOF or SIGTERM) or evicted.
  const parallel = transportKind === "bridge" ? 3 : 1;
  let next = 0;
  const worker = async () => {
    while (next < env.cycles) {
      next++;
      const c = await connect();
      await c.listTools();
      await c.close();
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  client = await connect();
  const evidence = okBody(await call(client, "computer_evidence", {}));
  return { cycles: env.cycles, parallel, contractVersion: evidence.contractVersion };
});
await client?.close();
process.exit(report.write());
