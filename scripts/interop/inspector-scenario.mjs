// The scenario through the MCP Inspector CLI: one process per call, as people script it. It never
// ends its sessions (no DELETE), so the connect cycles are its own calls. A cancel is the CLI
// killed mid-call (a closed stream).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { env, Report, assert, cancelledReceipt, errorBody, formChecks, okBody, refOf, pkgVersion } from "./lib.mjs";

const here = new URL(".", import.meta.url).pathname;
const cli = join(here, "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");
const version = pkgVersion("@modelcontextprotocol/inspector");

function inspector(args, { killAfterMs } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "--cli", env.url, "--transport", "http",
      "--header", `Authorization: Bearer ${env.token}`, ...args],
      { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, MCP_CATALOG_PATH: join(here, ".inspector-catalog.json") } });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => { out += d; });
    child.stderr.on("data", (d) => { err += d; });
    if (killAfterMs) setTimeout(() => child.kill("SIGTERM"), killAfterMs);
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, out, err }));
  });
}

async function tool(name, args = {}, options) {
  // --tool-args-json passes values verbatim: --tool-arg app=1234 would JSON-parse the pid into a
  // number, which the string-typed app argument refuses (INVALID_ARGUMENT, as the CLI then shows).
  const run = await inspector(["--method", "tools/call", "--tool-name", name,
    "--tool-args-json", JSON.stringify(args)], options);
  if (options?.killAfterMs) return run;
  const start = run.out.indexOf("{");
  assert(start >= 0, `no JSON from the Inspector (exit ${run.code}): ${run.out.slice(0, 300)} ${run.err.slice(0, 600)}`);
  return JSON.parse(run.out.slice(start));
}

const report = new Report("@modelcontextprotocol/inspector --cli", version, "Streamable HTTP");
await report.check("connect", async () => {
  const run = await inspector(["--method", "tools/list"]);
  assert(run.code === 0, `exit ${run.code}: ${run.err.slice(0, 600)}`);
});
// How long one CLI process takes to start, connect and answer: the cancel below stops the CLI only
// after that much more, so on a loaded machine it is stopped mid-call, not before it has called.
let oneCallMs = 0;
await report.check("list_tools", async () => {
  const started = Date.now();
  const run = await inspector(["--method", "tools/list"]);
  oneCallMs = Date.now() - started;
  const { tools } = JSON.parse(run.out.slice(run.out.indexOf("{")));
  const bytes = Buffer.byteLength(JSON.stringify(tools));
  assert(tools.some((t) => t.name === "computer_act") && bytes <= 6000, `tools ${bytes} bytes`);
  return { tools: tools.length, bytes };
});
await formChecks(report, tool, { image: true });
await report.check("error_denied_approval", async () => {
  const del = okBody(await tool("computer_observe", { app: env.deletePid }));
  const body = errorBody(await tool("computer_act", { ref: refOf(del, "Delete"), op: "click" }));
  assert(body.code === "APPROVAL_DENIED", body.code);
  return { code: body.code, hint: body.hint };
});
await report.check("cancelled_approval", async () => {
  const del = okBody(await tool("computer_observe", { app: env.deletePid }));
  const run = await tool("computer_act", { ref: refOf(del, "Delete"), op: "click" }, { killAfterMs: oneCallMs + 1500 });
  assert(run.signal === "SIGTERM" || run.code !== 0, "the CLI was not stopped mid-call");
  return cancelledReceipt(tool);
});
await report.check("connect_cycles", async () => {
  for (let i = 0; i < env.cycles; i++) {
    const run = await inspector(["--method", "tools/list"]);
    assert(run.code === 0, `cycle ${i}: exit ${run.code}: ${run.err.slice(0, 400)}`);
  }
  return { cycles: env.cycles };
});
process.exit(report.write());
