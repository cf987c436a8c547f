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
  const post = (to, body) => fetch(to, { method: "POST", headers, body: JSON.stringify(body) });
  const init = await post(url, { jsonrpc: "2.0", id: 1, method: "initialize", params: {
    protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench-loopback", version: "1" } } });
  headers["mcp-session-id"] = init.headers.get("mcp-session-id");
  await init.text();
  await (await post(url, { jsonrpc: "2.0", method: "notifications/initialized" })).text();

  const trivial = spawn(process.execPath, [process.argv[1], "serve"], { stdio: ["ignore", "pipe", "inherit"] });
  const trivialUrl = (await createInterface({ input: trivial.stdout })[Symbol.asyncIterator]().next()).value;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  let id = 10;
  // Both targets take turns, one round trip each per turn, so a slower minute meets both alike.
  const measure = async (pause) => {
    const out = { countersign: [], trivial: [] };
    for (let i = 0; i < runs; i++) {
      for (const [name, to] of [["countersign", url], ["trivial", trivialUrl]]) {
        if (pause > 0) await sleep(pause);
        const t0 = process.hrtime.bigint();
        await (await post(to, { jsonrpc: "2.0", id: id++, method: "ping" })).text();
        out[name].push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }
    return out;
  };
  await measure(0); // warm-up
  const result = { backToBack: await measure(0), afterPause30: await measure(30) };
  trivial.kill();
  await fetch(url, { method: "DELETE", headers });
  console.log(JSON.stringify(result));
}
