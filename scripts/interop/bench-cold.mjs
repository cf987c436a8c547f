// The client half of scripts/bench/cold: the official TypeScript SDK over Streamable HTTP to a
// Countersign that has just said it serves; connects, then times one computer_observe of
// CS_FACTORY_PID (request written to answer parsed). Prints "ready cold" once connected and waits
// for a line on stdin, so the caller can read the server's CPU time around exactly that call.
// Ends with one JSON line. Usage: node bench-cold.mjs  with CS_URL, CS_TOKEN, CS_FACTORY_PID,
// CS_MAX_NODES, CS_MAX_DEPTH.
import { createInterface } from "node:readline";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

const need = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`bench-cold needs ${name}`);
  return value;
};
const bounds = { max_nodes: Number(process.env.CS_MAX_NODES ?? "2000"), max_depth: Number(process.env.CS_MAX_DEPTH ?? "16") };
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();

const client = new Client({ name: "bench-cold", version: "1" });
await client.connect(new StreamableHTTPClientTransport(new URL(need("CS_URL")),
  { requestInit: { headers: { Authorization: `Bearer ${need("CS_TOKEN")}` } } }));
console.log("ready cold");
await lines.next();
const t0 = process.hrtime.bigint();
const result = await client.callTool({ name: "computer_observe", arguments: { app: need("CS_FACTORY_PID"), ...bounds } },
  { timeout: 60_000 });
const coldMs = Number(process.hrtime.bigint() - t0) / 1e6;
if (!result || result.isError) throw new Error(`observe failed: ${JSON.stringify(result).slice(0, 600)}`);
const nodes = (result.structuredContent ?? JSON.parse(result.content.find((c) => c.type === "text").text)).nodes.length;
await client.close();
console.log(JSON.stringify({ coldMs, nodes }));
process.exit(0);
