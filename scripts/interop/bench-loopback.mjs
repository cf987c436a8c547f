// The client half of scripts/bench/loopback: one HTTP round trip on loopback, back to back and
// after a pause, to a running Countersign (an MCP ping, as raw fetch: no SDK in the way) and to a
// trivial Node HTTP server in a process of its own that answers as an MCP server would (a small
// event stream). Usage: node bench-loopback.mjs  with CS_URL, CS_TOKEN, CS_RUNS (default 300).
// Prints one JSON line: for each target and pause, the round trips in ms.
// `node bench-loopback.mjs serve` is the trivial server: it prints its URL and answers until killed.
import { spawn } from "node:child_process";
import http from "node:http";
import { createInterface } from "node:readline";

if (process.argv[2] === "serve") {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n');
    });
  });
  server.listen(0, "127.0.0.1", () => console.log(`http://127.0.0.1:${server.address().port}/mcp`));
  // It ends with the client, however the client ends: its stdin closes.
  process.stdin.resume();
  process.stdin.on("end", () => process.exit(0));
} else {
  const need = (name) => {
    const value = process.env[name];
    if (!value) throw new Error(`bench-loopback needs ${name}`);
    return value;
  };
  const url = need("CS_URL");
  const runs = Number(process.env.CS_RUNS ?? "300");
  const headers = { Authorization: `Bearer ${need("CS_TOKEN")}`, "Content-Type": "application/json",
    Accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };
  const post = (to, body, sent = headers) => fetch(to, { method: "POST", headers: sent, body: JSON.stringify(body) });
  // A refused or failed request would be timed as a fast round trip: every answer must be a result.
  const answered = async (res, what) => {
    const text = await res.text();
    if (!res.ok || !text.includes('"result"')) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 300)}`);
  };
  const init = await post(url, { jsonrpc: "2.0", id: 1, method: "initialize", params: {
    protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench-loopback", version: "1" } } });
  const session = init.headers.get("mcp-session-id");
  await answered(init, "initialize");
  if (!session) throw new Error("initialize gave no session id");
  headers["mcp-session-id"] = session;
  const initialized = await post(url, { jsonrpc: "2.0", method: "notifications/initialized" });
  await initialized.text();
  if (!initialized.ok) throw new Error(`notifications/initialized: HTTP ${initialized.status}`);

  // The trivial server gets neither the token nor the address of the app: not in its environment,
  // not in its requests.
  const plain = { ...headers };
  delete plain.Authorization;
  delete plain["mcp-session-id"];
  const env = { ...process.env };
  delete env.CS_TOKEN;
  delete env.CS_URL;
  const trivial = spawn(process.execPath, [process.argv[1], "serve"], { stdio: ["pipe", "pipe", "inherit"], env });
  try {
    const trivialUrl = (await createInterface({ input: trivial.stdout })[Symbol.asyncIterator]().next()).value;
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    let id = 10;
    // Both targets take turns, one round trip each per turn, so a slower minute meets both alike.
    const measure = async (pause) => {
      const out = { countersign: [], trivial: [] };
      for (let i = 0; i < runs; i++) {
        for (const [name, to, sent] of [["countersign", url, headers], ["trivial", trivialUrl, plain]]) {
          if (pause > 0) await sleep(pause);
          const t0 = process.hrtime.bigint();
          await answered(await post(to, { jsonrpc: "2.0", id: id++, method: "ping" }, sent), `ping ${name}`);
          out[name].push(Number(process.hrtime.bigint() - t0) / 1e6);
        }
      }
      return out;
    };
    await measure(0); // warm-up
    const result = { backToBack: await measure(0), afterPause30: await measure(30) };
    await fetch(url, { method: "DELETE", headers });
    console.log(JSON.stringify(result));
  } finally {
    trivial.kill();
  }
}
