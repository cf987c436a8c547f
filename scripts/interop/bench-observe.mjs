// The client half of scripts/bench/observe: the official TypeScript SDK over Streamable HTTP to a
// running Countersign, timing each call from the client's side (request written to answer parsed).
// Usage: node bench-observe.mjs  with CS_URL, CS_TOKEN, CS_FACTORY_PID, CS_FORM_PID, CS_RUNS, CS_WARMUP,
// CS_MAX_NODES, CS_MAX_DEPTH (the bounds of the observes of CS_FACTORY_PID).
// Before each measured series it prints "ready <series>" and waits for a line on stdin, so the
// caller can read the server's CPU time around exactly that series; the observe series is driven
// a call per line (see below). Ends with one JSON line.
import { createInterface } from "node:readline";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

const need = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`bench-observe needs ${name}`);
  return value;
};
const url = need("CS_URL");
const token = need("CS_TOKEN");
const factory = need("CS_FACTORY_PID");
const form = need("CS_FORM_PID");
const runs = Number(process.env.CS_RUNS ?? "30");
const warmup = Number(process.env.CS_WARMUP ?? "20");
const bounds = { max_nodes: Number(process.env.CS_MAX_NODES ?? "2000"), max_depth: Number(process.env.CS_MAX_DEPTH ?? "16") };

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const now = () => process.hrtime.bigint();
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
async function ready(series) {
  console.log(`ready ${series}`);
  await lines.next();
}

function body(result) {
  if (!result || result.isError) throw new Error(`call failed: ${JSON.stringify(result).slice(0, 600)}`);
  return result.structuredContent ?? JSON.parse(result.content.find((c) => c.type === "text").text);
}

const client = new Client({ name: "bench-observe", version: "1" });
let t0 = now();
await client.connect(new StreamableHTTPClientTransport(new URL(url),
  { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
const connectMs = ms(t0);
const call = async (name, args) => body(await client.callTool({ name, arguments: args }, { timeout: 60_000 }));

await ready("cold");
t0 = now();
const first = await call("computer_observe", { app: factory, ...bounds });
const coldMs = ms(t0);

// The first computer_act after start (cold): a click on the form's check box, the form observed
// (untimed) just before, as an agent would.
const formRef = async () => {
  const o = await call("computer_observe", { app: form });
  const ref = o.nodes.find((n) => n.name === "Remember me")?.ref;
  if (!ref) throw new Error("no 'Remember me' check box in the form");
  return ref;
};
let ref = await formRef();
await ready("coldact");
t0 = now();
const coldReceipt = await call("computer_act", { ref, op: "click" });
const coldActMs = ms(t0);
await ready("warmup");

let nodes = 0;
for (let i = 0; i < warmup; i++) {
  nodes = (await call("computer_observe", { app: factory, ...bounds })).nodes.length;
}
// The measured observes, one per "observe" line on stdin (its time printed as "t <ms>"), so the
// caller can interleave them with its own measurements; "end" ends the series.
console.log("ready observe");
const observe = [];
for (;;) {
  const { value, done } = await lines.next();
  if (done || value !== "observe") break;
  t0 = now();
  await call("computer_observe", { app: factory, ...bounds });
  observe.push(ms(t0));
  console.log(`t ${observe[observe.length - 1]}`);
}

await ready("clicks");
// A connection's default lease allows 30 actions: the cold one, 5 to warm up and at most 24 measured.
const act = [];
let confirmed = 0;
const actWarmup = 5;
const actRuns = Math.min(runs, 24);
const click = async () => {
  ref = await formRef();
  t0 = now();
  const receipt = await call("computer_act", { ref, op: "click" });
  return [ms(t0), receipt.status === "confirmed"];
};
for (let i = 0; i < actWarmup; i++) await click();
for (let i = 0; i < actRuns; i++) {
  const [t, ok] = await click();
  act.push(t);
  if (ok) confirmed++;
}
await client.close();
console.log(JSON.stringify({ connectMs, coldMs, coldNodes: first.nodes.length, coldActMs,
  coldActConfirmed: coldReceipt.status === "confirmed", nodes, observe, act, confirmed }));
process.exit(0);
