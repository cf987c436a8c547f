// One agent CLI's own MCP client, configured with the snippet `countersign agent add` printed for
// it (written or run verbatim), running one tool loop against a loopback stand-in for its model
// API (model-standins.mjs) that plays a ScriptedModel: list tools, observe, a confirmed act, the
// used-up ref again (an error whose code and hint must reach the model), and a Delete the person
// denies. The checks read what the CLI handed the model. Usage: node agentcli-scenario.mjs CLI
// where CLI is codex, gemini, copilot or opencode (the bridge form) or the same with -http (the HTTP
// form, the token in COUNTERSIGN_TOKEN as the printed export line puts it there).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { env, Report, assert, pkgVersion, runProcess } from "./lib.mjs";
import { startModelStandIn } from "./model-standins.mjs";
import { ScriptedModel, codeAndHint, unwrap } from "./scripted-model.mjs";

const here = new URL(".", import.meta.url).pathname;
const bin = (name) => join(here, "node_modules/.bin", name);
const home = mkdtempSync(join(tmpdir(), "agentcli-home-"));
const project = mkdtempSync(join(tmpdir(), "agentcli-project-"));
const printed = process.env.CS_PRINTED ?? "";
const PROMPT = "Tick Remember me in the Login Form, then press Delete in the other window.";

/** The text of the snippet `agent add` printed under a title starting with `title`. */
function snippet(title) {
  const block = printed.split(/\n{2,}/).find((b) => b.startsWith(title));
  assert(block, `agent add printed no snippet "${title}":\n${printed.slice(0, 2000)}`);
  return block.split("\n").slice(1).map((l) => l.replace(/^ {2}/, "")).join("\n").trimEnd();
}

function write(path, text) {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
}

// PWD too: opencode takes its project from PWD, which would otherwise be Maven's (this repository).
const run = (command, args, extraEnv, timeoutMs) => runProcess(command, args, { cwd: project, timeoutMs,
  env: { ...process.env, HOME: home, PWD: project, NO_COLOR: "1", PATH: `${join(here, "node_modules/.bin")}:${process.env.PATH}`, ...extraEnv } });

/** Per CLI: its package, the API its stand-in speaks, how the printed config goes in, and the run. */
const CLIS = {
  codex: {
    client: "Codex CLI (@openai/codex)", pkg: "@openai/codex", api: "responses", transport: "stdio (countersign mcp-stdio)",
    setup(url) {
      // Top-level keys first (TOML puts every key after a table header into that table), then the
      // printed table verbatim, then the stand-in provider.
      write(join(home, ".codex", "config.toml"), `model = "gpt-5-codex"\nmodel_provider = "standin"\n\n${this.printed()}\n\n`
        + `[model_providers.standin]\nname = "stand-in"\nbase_url = "${url}/v1"\nwire_api = "responses"\n`
        + `env_key = "STANDIN_API_KEY"\nrequest_max_retries = 0\nstream_max_retries = 0\n`);
    },
    printed: () => snippet("Codex CLI ("),
    // `codex exec` sends its first request without waiting for MCP servers that are still starting
    // (a JVM bridge takes a second or two), so the model would be offered no Countersign tools; a
    // required server is waited for. The flag only says so for this run: the file stays as printed.
    command: () => [bin("codex"), ["exec", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox",
      "-c", "mcp_servers.countersign.required=true", PROMPT]],
    env: () => ({ CODEX_HOME: join(home, ".codex"), STANDIN_API_KEY: "standin" }),
  },
  gemini: {
    client: "Gemini CLI (@google/gemini-cli)", pkg: "@google/gemini-cli", api: "gemini", transport: "stdio (countersign mcp-stdio)",
    printed: () => snippet("Gemini CLI ("),
    setup() {
      write(join(project, ".gemini", "settings.json"), this.printed());
      // The person's own settings: an API key sign-in, and this test folder trusted.
      write(join(home, ".gemini", "settings.json"), JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" },
        folderTrust: { enabled: false } }, general: { disableAutoUpdate: true }, privacy: { usageStatisticsEnabled: false } }));
    },
    command: () => [bin("gemini"), ["-p", PROMPT, "--model", "gemini-2.5-flash", "--approval-mode", "yolo"]],
    env: (url) => ({ GEMINI_API_KEY: "standin", GOOGLE_GEMINI_BASE_URL: url }),
  },
  copilot: {
    client: "Copilot CLI (@github/copilot)", pkg: "@github/copilot", api: "chat", transport: "stdio (countersign mcp-stdio)",
    printed: () => snippet("Copilot CLI ("),
    async setup() {
      const line = this.printed();
      const r = await run("bash", ["-c", line], {}, 60_000);
      assert(r.code === 0, `${line}: exit ${r.code} ${r.err.slice(0, 600)} ${r.out.slice(0, 300)}`);
    },
    command: () => [bin("copilot"), ["-p", PROMPT, "--allow-all-tools", "--no-auto-update", "--disable-builtin-mcps"]],
    env: (url) => ({ COPILOT_OFFLINE: "true", COPILOT_PROVIDER_BASE_URL: `${url}/v1`, COPILOT_PROVIDER_TYPE: "openai",
      COPILOT_MODEL: "gpt-4.1", COPILOT_AUTO_UPDATE: "false" }),
  },
  opencode: {
    // opencode-ai's own package lists builds for every platform as optional dependencies, and the
    // registry mirror this suite installs from serves only the Linux x64 ones, which `npm ci`
    // refuses; the suite pins the Linux x64 build that package would have picked here.
    client: "opencode (opencode-linux-x64)", pkg: "opencode-linux-x64", api: "chat", transport: "stdio (countersign mcp-stdio)",
    printed: () => snippet("opencode ("),
    setup(url) {
      write(join(project, "opencode.json"), this.printed());
      // The person's own config: the stand-in as an OpenAI-compatible provider.
      write(join(home, ".config", "opencode", "opencode.json"), JSON.stringify({ $schema: "https://opencode.ai/config.json",
        autoupdate: false, share: "disabled", model: "standin/m", provider: { standin: { npm: "@ai-sdk/openai-compatible",
          name: "stand-in", options: { baseURL: `${url}/v1`, apiKey: "standin" }, models: { m: { name: "m", tool_call: true } } } } }));
    },
    command: () => [join(here, "node_modules/opencode-linux-x64/bin/opencode"), ["run", PROMPT, "--model", "standin/m"]],
    env: () => ({ OPENCODE_DISABLE_AUTOUPDATE: "1", OPENCODE_DISABLE_MODELS_FETCH: "1", XDG_CONFIG_HOME: join(home, ".config") }),
  },
};
// The HTTP forms: the printed snippet as it is, and the token only in the environment.
const overHttp = (name, transport) => ({ ...CLIS[name], transport, printed: () => snippet(`${CLIS[name].client.split(" (")[0]} over HTTP`),
  env: (url) => ({ ...CLIS[name].env(url), COUNTERSIGN_TOKEN: env.token }) });
CLIS["codex-http"] = overHttp("codex", "Streamable HTTP (bearer_token_env_var)");
CLIS["gemini-http"] = overHttp("gemini", "Streamable HTTP (httpUrl, header from $COUNTERSIGN_TOKEN)");
CLIS["copilot-http"] = overHttp("copilot", "Streamable HTTP (--header from $COUNTERSIGN_TOKEN)");
CLIS["opencode-http"] = overHttp("opencode", "Streamable HTTP (remote, header from {env:COUNTERSIGN_TOKEN})");

const cli = CLIS[process.argv[2]];
assert(cli, `unknown CLI ${process.argv[2]}`);
const report = new Report(cli.client, pkgVersion(cli.pkg), cli.transport);
const model = new ScriptedModel(env.formPid, env.deletePid);
const standIn = await startModelStandIn(cli.api, model, process.env.CS_STANDIN_LOG);
let loop;
await report.check("printed_config", async () => {
  await cli.setup(standIn.url);
  return {};
});
await report.check("tool_loop", async () => {
  const [command, args] = cli.command();
  loop = await run(command, args, cli.env(standIn.url), 240_000);
  assert(standIn.faults.length === 0, `the stand-in failed: ${standIn.faults.join("\n").slice(0, 1500)}`);
  assert(model.results.length === 5, `the model saw ${model.results.length} tool results (exit ${loop.code}): `
    + `${JSON.stringify(model.results).slice(0, 1500)}\nstdout: ${loop.out.slice(-1500)}\nstderr: ${loop.err.slice(-2500)}`);
  return { exit: loop.code, requests: model.requests, tool_results: model.results.length };
});
const result = (i) => model.results[i] ?? "";
await report.check("list_tools", async () => {
  assert(model.tools.length >= 4, `tools offered: ${model.tools.map((t) => t.name)}`);
  return { tools: model.tools.length, names: model.tools.map((t) => t.name), bytes: model.tools.reduce((n, t) => n + t.bytes, 0) };
});
await report.check("observe", async () => {
  assert(result(0).includes("Login Form"), `observe: ${result(0).slice(0, 400)}`);
  // Which form of the observation the CLI handed on (docs/decisions/0007-observation-outline.md).
  const json = unwrap(result(0)).objects.some((o) => Array.isArray(o.nodes));
  return { form: json ? "structuredContent JSON" : "outline", bytes: Buffer.byteLength(result(0)) };
});
await report.check("confirmed_act", async () => {
  const receipt = unwrap(result(1)).objects.find((o) => typeof o.receipt_id === "string");
  assert(receipt && receipt.status === "confirmed", `act: ${result(1).slice(0, 400)}`);
  return { status: receipt.status };
});
for (const [name, i, code] of [["error_stale_ref", 2, "OBSERVATION_CONSUMED"], ["error_denied_approval", 4, "APPROVAL_DENIED"]]) {
  await report.check(name, async () => {
    const seen = codeAndHint(result(i));
    assert(seen.code === code && seen.hint, `what the model read: ${result(i).slice(0, 600)}`);
    return { code: seen.code, hint: seen.hint, handed: result(i).slice(0, 300) };
  });
}
if (process.argv[2].endsWith("-http")) {
  await report.check("token_only_in_env", async () => {
    // The HTTP forms name the variable; the files each CLI keeps its config in must not hold the token.
    const configs = [join(home, ".codex", "config.toml"), join(project, ".gemini", "settings.json"),
      join(home, ".copilot", "mcp-config.json"), join(project, "opencode.json")].filter((f) => existsSync(f));
    assert(configs.length > 0, "no config file written");
    const leaked = configs.filter((f) => readFileSync(f, "utf8").includes(env.token));
    assert(leaked.length === 0, `the token was written into ${leaked}`);
    return { files: configs.length };
  });
}
standIn.close();
rmSync(home, { recursive: true, force: true });
rmSync(project, { recursive: true, force: true });
process.exit(report.write());
