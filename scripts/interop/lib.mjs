// Shared by the interop scenarios: the environment the Java test hands over, the checks each
// client must pass, and the report the test reads back (one JSON file per client).
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

// Read when used, so a script that needs only some of them (mac-smoke.mjs) can import the rest.
export const env = {
  get url() { return need("CS_URL"); },
  get token() { return need("CS_TOKEN"); },
  get bridge() { return process.env.CS_BRIDGE ? JSON.parse(process.env.CS_BRIDGE) : null; },
  get formPid() { return need("CS_FORM_PID"); },
  get deletePid() { return need("CS_DELETE_PID"); },
  get report() { return need("CS_REPORT"); },
  get cycles() { return Number(process.env.CS_CYCLES ?? "30"); },
};

function need(name) {
  const value = process.env[name];
  if (!value) throw new Error(`the interop scenario needs ${name}`);
  return value;
}

/** The checks, in order; each records what the client surfaced. Any failure fails the run. */
export class Report {
  constructor(client, version, transport) {
    this.data = { client, version, transport, node: process.version, checks: {}, failures: [] };
    this.started = Date.now();
  }

  async check(name, fn) {
    const t0 = Date.now();
    try {
      const detail = await fn();
      this.data.checks[name] = { ok: true, ms: Date.now() - t0, ...(detail ?? {}) };
    } catch (e) {
      this.data.checks[name] = { ok: false, ms: Date.now() - t0, error: String(e?.stack ?? e).slice(0, 2000) };
      this.data.failures.push(name);
    }
  }

  write() {
    this.data.ms = Date.now() - this.started;
    writeFileSync(env.report, JSON.stringify(this.data, null, 2));
    return this.data.failures.length === 0 ? 0 : 1;
  }
}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** The JSON an error result carries as its text: what the model reads. */
export function errorBody(result) {
  assert(result && result.isError === true, `expected an error result, got ${JSON.stringify(result).slice(0, 400)}`);
  // The JSON follows a one-line headline ("CODE: message") that is not JSON (ADR 0006).
  const texts = (result.content ?? []).filter((c) => c.type === "text").map((c) => c.text);
  assert(texts.length === 2 && !texts[0].startsWith("{"), `an error result is a headline and its JSON: ${JSON.stringify(texts).slice(0, 400)}`);
  const text = texts[1];
  const body = JSON.parse(text);
  assert(typeof body.code === "string" && body.code.length > 0, `no code in ${text}`);
  assert(typeof body.hint === "string" && body.hint.length > 0, `no hint in ${text}`);
  assert(typeof body.message === "string" && body.message.length > 0, `no message in ${text}`);
  return body;
}

/** A successful result's structured content (or the JSON of its text for clients that drop it). */
export function okBody(result) {
  assert(result && !result.isError, `expected success, got ${JSON.stringify(result).slice(0, 600)}`);
  if (result.structuredContent) return result.structuredContent;
  return JSON.parse(result.content.find((c) => c.type === "text").text);
}

/**
 * The outline an observation's text carries (ADR 0007): what a model reads where the client passes
 * the text on. Checked against the structured content: the same observation, one line per node in
 * the same order, each line starting with that node's exact ref.
 */
export function outline(result) {
  const body = okBody(result);
  const text = (result.content ?? []).find((c) => c.type === "text")?.text;
  assert(typeof text === "string", "the observation has no text content");
  assert(Array.isArray(body.nodes), "the structured content has no nodes");
  const lines = text.split("\n");
  assert(lines[0].startsWith(`${body.observation_id} expires `), `the outline starts ${lines[0].slice(0, 120)}`);
  const legend = lines.findIndex((l) => l.startsWith("# "));
  assert(legend > 0, "no legend line in the outline");
  const nodes = lines.slice(legend + 1).filter((l) => l.length > 0);
  assert(nodes.length === body.nodes.length, `${nodes.length} outline lines for ${body.nodes.length} nodes`);
  nodes.forEach((line, i) => {
    const ref = line.trimStart().split(" ")[0];
    assert(ref === body.nodes[i].ref, `line ${i} has ref ${ref}, the node ${body.nodes[i].ref}`);
  });
  return { text, header: lines.slice(0, legend), nodes };
}

/** The ref on the outline line of the node called {@code name}, as a model would read it off. */
export function outlineRef(seen, name) {
  const quoted = ` ${JSON.stringify(name)}`;
  const line = seen.nodes.find((l) => l.includes(quoted));
  assert(line, `no line for ${name} in the outline`);
  return line.trimStart().split(" ")[0];
}

export function refOf(observation, name) {
  const node = (observation.nodes ?? []).find((n) => n.name === name);
  assert(node, `no node named ${name} in the observation`);
  return node.ref;
}

/** The ref of the window's password field (secure: its value is never read). */
export function secureRef(observation) {
  const node = (observation.nodes ?? []).find((n) => n.secure === true);
  assert(node, "no secure node in the observation");
  return node.ref;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The checks every client runs on the test form, in order: observe (the outline the model reads,
 * checked against the structured content), a confirmed act on the ref read off the outline, that
 * ref again (OBSERVATION_CONSUMED), optionally the window as a PNG, and a secure field
 * (SECURE_FIELD_REFUSED). `call(name, args)` calls a tool the way the client under test does.
 */
export async function formChecks(report, call, { image = false } = {}) {
  let observation;
  let seen;
  await report.check("observe", async () => {
    const result = await call("computer_observe", { app: env.formPid });
    observation = okBody(result);
    assert(JSON.stringify(observation.window).includes("Login Form"), "not the test form");
    seen = outline(result);
    assert(seen.header.some((l) => l.startsWith("window ") && l.includes('"Login Form"')), "the outline has no window line");
    return { nodes: observation.nodes.length, text_bytes: Buffer.byteLength(seen.text),
      json_bytes: Buffer.byteLength(JSON.stringify(observation)) };
  });
  await report.check("confirmed_act", async () => {
    // The ref as the model reads it off the text, which must be the structured content's.
    const ref = outlineRef(seen, "Remember me");
    assert(ref === refOf(observation, "Remember me"), `the outline's ref ${ref} is not the node's`);
    const receipt = okBody(await call("computer_act", { ref, op: "click" }));
    assert(receipt.status === "confirmed", `receipt ${JSON.stringify(receipt)}`);
    return { status: receipt.status };
  });
  await report.check("error_stale_ref", async () => {
    const body = errorBody(await call("computer_act", { ref: refOf(observation, "Remember me"), op: "click" }));
    assert(body.code === "OBSERVATION_CONSUMED", `code ${body.code}`);
    return { code: body.code, hint: body.hint };
  });
  let fresh;
  if (image) {
    await report.check("image", async () => {
      fresh = okBody(await call("computer_observe", { app: env.formPid }));
      const result = await call("computer_visual_observe", { observation_id: fresh.observation_id });
      const png = okBody(result) && result.content.find((c) => c.type === "image");
      assert(png && png.mimeType === "image/png", "no PNG image content");
      const bytes = Buffer.from(png.data, "base64").length;
      assert(bytes > 500, `image of ${bytes} bytes`);
      return { mimeType: png.mimeType, bytes };
    });
  }
  await report.check("error_secure_field", async () => {
    fresh ??= okBody(await call("computer_observe", { app: env.formPid }));
    const body = errorBody(await call("computer_act", { ref: secureRef(fresh), op: "type", text: "x" }));
    assert(body.code === "SECURE_FIELD_REFUSED", `code ${body.code}`);
    return { code: body.code, hint: body.hint };
  });
}

/** Waits for the rejected receipt of a call the client cancelled (the endpoint withdraws at its next poll, 1 s). */
export async function cancelledReceipt(call) {
  for (let i = 0; i < 20; i++) {
    const evidence = okBody(await call("computer_evidence", {}));
    const last = (evidence.receipts ?? []).find((r) => /cancelled|closed/.test(r.detail ?? ""));
    if (last && last.status === "rejected") {
      return { status: last.status, code: last.code, detail: last.detail };
    }
    await sleep(500);
  }
  throw new Error("no rejected receipt for the cancelled call");
}

/** The installed version of a package (read from its folder: not every package exports package.json). */
export function pkgVersion(name) {
  const file = new URL(`./node_modules/${name}/package.json`, import.meta.url);
  return JSON.parse(readFileSync(file, "utf8")).version;
}

/** Runs a command to its end (killed after `timeoutMs`): its exit code, stdout and stderr. */
export function runProcess(command, args, { cwd, env: environment, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: environment, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => { out += d; });
    child.stderr.on("data", (d) => { err += d; });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => { clearTimeout(timer); resolve({ code, out, err }); });
  });
}
