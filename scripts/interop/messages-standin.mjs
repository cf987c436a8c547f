// A small stand-in for the Anthropic Messages API on loopback, so that `claude -p` runs its real
// MCP tool loop offline. It plays a fixed model: observe the test form, tick "Remember me", try
// the same (now used-up) ref again, then answer with what the tools said. Every tool_result
// Claude Code sends back is recorded: that is what the model would have read.
import { createServer } from "node:http";

export function startStandIn(formPid) {
  const seen = [];
  const server = createServer((req, res) => handle(req, res).catch((e) => {
    seen.faults = (seen.faults ?? []).concat(String(e));
    res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ type: "error",
      error: { type: "api_error", message: String(e).slice(0, 300) } }));
  }));
  async function handle(req, res) {
    let body = "";
    for await (const chunk of req) body += chunk;
    if (req.method !== "POST" || !req.url.startsWith("/v1/messages")) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ type: "error",
        error: { type: "not_found_error", message: "the stand-in only answers /v1/messages" } }));
      return;
    }
    const request = JSON.parse(body || "{}");
    if (req.url.startsWith("/v1/messages/count_tokens")) {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ input_tokens: 100 }));
      return;
    }
    const tools = (request.tools ?? []).map((t) => t.name);
    const results = [];
    for (const message of request.messages ?? []) {
      for (const block of Array.isArray(message.content) ? message.content : []) {
        if (block.type === "tool_result") results.push(block);
      }
    }
    let reply;
    if (!tools.includes("mcp__countersign__computer_observe")) {
      reply = { text: "ok" };
    } else if (results.length === 0) {
      reply = { tool: "mcp__countersign__computer_observe", input: { app: String(formPid) } };
    } else if (results.length === 1) {
      // Whichever form Claude Code passed on (ADR 0007): the structured content as JSON, or the
      // outline of the text content. The ref is read off it as a model would.
      const observed = text(results[0]);
      let ref;
      if (observed.startsWith("{")) {
        seen.form = "structuredContent JSON";
        ref = JSON.parse(observed).nodes.find((n) => n.name === "Remember me").ref;
      } else {
        seen.form = "outline";
        const line = observed.split("\n").find((l) => l.includes(' "Remember me"'));
        ref = line.trimStart().split(" ")[0];
      }
      seen.observedBytes = Buffer.byteLength(observed);
      reply = { tool: "mcp__countersign__computer_act", input: { ref, op: "click" }, ref };
      seen.ref = ref;
    } else if (results.length === 2) {
      reply = { tool: "mcp__countersign__computer_act", input: { ref: seen.ref, op: "click" } };
    } else {
      reply = { text: "done: " + results.map((r) => text(r).slice(0, 200)).join(" | ") };
      seen.push(...results.map((r) => ({ is_error: r.is_error === true, text: text(r) })));
    }
    send(res, request, reply);
  }
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({
    url: `http://127.0.0.1:${server.address().port}`, seen, close: () => server.close() })));
}

/** What the tool answered, without the reminders Claude Code appends to tool results. */
function text(result) {
  const raw = typeof result.content === "string" ? result.content
    : (result.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("");
  return raw.replace(/<system-reminder>[\s\S]*?(<\/system-reminder>|$)/g, "").trim();
}

let counter = 0;

function send(res, request, reply) {
  const id = `msg_standin_${++counter}`;
  const content = reply.tool
    ? [{ type: "tool_use", id: `toolu_standin_${counter}`, name: reply.tool, input: reply.input }]
    : [{ type: "text", text: reply.text }];
  const stop = reply.tool ? "tool_use" : "end_turn";
  const usage = { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const message = { id, type: "message", role: "assistant", model: request.model ?? "claude-standin",
    content, stop_reason: stop, stop_sequence: null, usage };
  if (!request.stream) {
    res.writeHead(200, { "content-type": "application/json", "request-id": id }).end(JSON.stringify(message));
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "request-id": id });
  const event = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  event("message_start", { message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } });
  if (reply.tool) {
    event("content_block_start", { index: 0, content_block: { ...content[0], input: {} } });
    event("content_block_delta", { index: 0, delta: { type: "input_json_delta", partial_json: JSON.stringify(reply.input) } });
  } else {
    event("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
    event("content_block_delta", { index: 0, delta: { type: "text_delta", text: reply.text } });
  }
  event("content_block_stop", { index: 0 });
  event("message_delta", { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 20 } });
  event("message_stop", {});
  res.end();
}
