// Claude Code's own MCP client: the snippets `countersign agent add` printed, run verbatim
// (`claude mcp add-json` over HTTP and `claude mcp add` through the bridge), `claude mcp list`
// health checks again and again (each one a fresh session that is never ended), and a
// `claude -p` tool loop against a loopback stand-in for the model API.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { env, Report, assert, pkgVersion, runProcess } from "./lib.mjs";
import { startStandIn } from "./messages-standin.mjs";

const here = new URL(".", import.meta.url).pathname;
const claude = join(here, "node_modules/.bin/claude");
const home = mkdtempSync(join(tmpdir(), "claude-home-"));
const project = mkdtempSync(join(tmpdir(), "claude-project-"));
const baseEnv = { ...process.env, HOME: home, DISABLE_AUTOUPDATER: "1", DISABLE_TELEMETRY: "1",
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", DISABLE_ERROR_REPORTING: "1", ENABLE_TOOL_SEARCH: "false",
  MCP_TOOL_TIMEOUT: "120000", PATH: `${join(here, "node_modules/.bin")}:${process.env.PATH}` };
const snippets = JSON.parse(process.env.CS_SNIPPETS);

const run = (command, args, extraEnv = {}, timeoutMs = 120_000) =>
  runProcess(command, args, { cwd: project, env: { ...baseEnv, ...extraEnv }, timeoutMs });

const shell = (line, extraEnv) => run("bash", ["-c", line], extraEnv);
const version = pkgVersion("@anthropic-ai/claude-code");
const report = new Report("Claude Code (@anthropic-ai/claude-code)", version, "Streamable HTTP and stdio (countersign mcp-stdio)");

async function healthy(label) {
  const r = await run(claude, ["mcp", "list"]);
  const line = r.out.split("\n").find((l) => l.startsWith("countersign"));
  assert(line && /Connected/.test(line), `${label}: ${r.out.slice(0, 800)} ${r.err.slice(0, 400)}`);
  return line;
}

// Each snippet as printed (they all name the server "countersign"): add it, health-check it, and
// remove it before the next, keeping the last for the tool loop.
await report.check("snippets_verbatim", async () => {
  const seen = [];
  for (const [i, line] of snippets.entries()) {
    const r = await shell(line);
    assert(r.code === 0, `${line.slice(0, 70)}…: exit ${r.code} ${r.err.slice(0, 600)} ${r.out.slice(0, 300)}`);
    seen.push((await healthy(line.slice(0, 40))).replace(/cs_[A-Za-z0-9_-]+/g, "cs_…"));
    if (i < snippets.length - 1) {
      const removed = await run(claude, ["mcp", "remove", "countersign"]);
      assert(removed.code === 0, `remove: ${removed.err.slice(0, 300)}`);
    }
  }
  return { added: snippets.length, health: seen };
});
await report.check("mcp_list_health", async () => {
  const runs = Number(process.env.CS_LIST_RUNS ?? "20");
  for (let i = 0; i < runs; i++) await healthy(`run ${i}`);
  return { runs };
});
await report.check("p_tool_loop", async () => {
  const standIn = await startStandIn(env.formPid);
  try {
    const r = await run(claude, ["-p", "Tick Remember me in the Login Form.",
      "--output-format", "json", "--allowedTools", "mcp__countersign", "--model", "claude-sonnet-4-5"],
    { ANTHROPIC_BASE_URL: standIn.url, ANTHROPIC_API_KEY: "sk-ant-standin" }, 180_000);
    assert(r.code === 0, `claude -p exit ${r.code}: ${r.err.slice(0, 800)} ${r.out.slice(0, 800)}`);
    const seen = standIn.seen;
    assert(!seen.faults, `the stand-in failed: ${seen.faults}`);
    assert(seen.length === 3, `the model saw ${seen.length} tool results: ${JSON.stringify(seen).slice(0, 800)} / ${r.out.slice(0, 600)}`);
    assert(!seen[0].is_error && seen[0].text.includes("Login Form"), `observe: ${seen[0].text.slice(0, 300)}`);
    assert(!seen[1].is_error && seen[1].text.includes("confirmed"), `act: ${seen[1].text.slice(0, 300)}`);
    assert(seen[2].is_error && seen[2].text.includes("OBSERVATION_CONSUMED") && seen[2].text.includes("observe again"),
      `the error the model read: ${seen[2].text.slice(0, 400)}`);
    return { tool_results: seen.length, error_seen: seen[2].text.slice(0, 160), model_read: seen.form,
      observed_bytes: seen.observedBytes };
  } finally {
    standIn.close();
  }
});
process.exit(report.write());
