// Small stand-ins on loopback for the model APIs the agent CLIs speak, so that each CLI runs its
// real MCP tool loop offline against a ScriptedModel: the OpenAI Responses API (Codex CLI), the
// Gemini API (Gemini CLI) and Chat Completions (Copilot CLI offline, opencode). Each turns a
// request into the tools offered and the tool results so far, and the model's step into that
// API's streamed (or whole) answer. Only what these CLIs send is understood.
import { createServer } from "node:http";
import { appendFileSync } from "node:fs";

const usage = { input_tokens: 100, output_tokens: 20 };
let counter = 0;

function sse(res, events) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const [name, data] of events) res.write((name ? `event: ${name}\n` : "") + `data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
  res.end();
}

const bytes = (value) => Buffer.byteLength(JSON.stringify(value));
const textOf = (value) => (typeof value === "string" ? value : JSON.stringify(value ?? ""));

/** OpenAI Responses API: POST /v1/responses, streamed. */
const responses = {
  matches: (url) => url.includes("/responses"),
  read(body) {
    const tools = [];
    const add = (t) => {
      if (Array.isArray(t.tools)) t.tools.forEach((inner) => add({ ...inner, namespace: t.name }));
      else if (t.name) tools.push({ name: t.name, namespace: t.namespace, bytes: bytes(t) });
    };
    (body.tools ?? []).forEach(add);
    const results = (body.input ?? []).filter((i) => /_call_output$/.test(i.type ?? ""))
      .map((i) => (Array.isArray(i.output) ? i.output.map((o) => o.text ?? textOf(o)).join("\n") : textOf(i.output)));
    return { tools, results };
  },
  reply(res, step, body, tools) {
    const id = `resp_standin_${++counter}`;
    let item;
    if (step.tool) {
      const tool = tools.find((t) => t.name === step.tool);
      item = { type: "function_call", id: `fc_${counter}`, call_id: `call_standin_${counter}`, name: step.tool,
        arguments: JSON.stringify(step.input), status: "completed", ...(tool?.namespace ? { namespace: tool.namespace } : {}) };
    } else {
      item = { type: "message", id: `msg_${counter}`, role: "assistant", status: "completed",
        content: [{ type: "output_text", text: step.text, annotations: [] }] };
    }
    const response = { id, object: "response", status: "completed", model: body.model, output: [item],
      usage: { ...usage, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 120 } };
    sse(res, [["response.created", { type: "response.created", response: { ...response, status: "in_progress", output: [] } }],
      ["response.output_item.added", { type: "response.output_item.added", output_index: 0, item }],
      ["response.output_item.done", { type: "response.output_item.done", output_index: 0, item }],
      ["response.completed", { type: "response.completed", response }]]);
  },
};

/** Gemini API: POST /v1beta/models/M:streamGenerateContent?alt=sse (or :generateContent, :countTokens). */
const gemini = {
  matches: (url) => url.includes("/models/"),
  read(body) {
    const tools = (body.tools ?? []).flatMap((t) => t.functionDeclarations ?? []).map((d) => ({ name: d.name, bytes: bytes(d) }));
    const results = (body.contents ?? []).flatMap((c) => c.parts ?? []).filter((p) => p.functionResponse)
      .map((p) => textOf(p.functionResponse.response));
    return { tools, results };
  },
  reply(res, step, body, tools, url) {
    if (url.includes(":countTokens")) {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ totalTokens: 100 }));
      return;
    }
    // Side questions Gemini CLI asks in JSON (who speaks next, which model): answer "the user", "flash".
    const json = body.generationConfig?.responseMimeType === "application/json" || body.config?.responseMimeType === "application/json";
    const part = step.tool && !json ? { functionCall: { name: step.tool, args: step.input } }
      : { text: json ? JSON.stringify({ reasoning: "stand-in", next_speaker: "user", model_choice: "flash" }) : step.text ?? "ok" };
    const chunk = { candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 20, totalTokenCount: 120 }, modelVersion: "standin" };
    if (url.includes("alt=sse")) sse(res, [[null, chunk]]);
    else res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(chunk));
  },
};

/** Chat Completions: POST /v1/chat/completions, streamed or whole. */
const chat = {
  matches: (url) => url.includes("/chat/completions"),
  read(body) {
    const tools = (body.tools ?? []).map((t) => ({ name: t.function?.name ?? t.name, bytes: bytes(t) }));
    const results = (body.messages ?? []).filter((m) => m.role === "tool")
      .map((m) => (Array.isArray(m.content) ? m.content.map((c) => c.text ?? textOf(c)).join("\n") : textOf(m.content)));
    return { tools, results };
  },
  reply(res, step, body) {
    const id = `chatcmpl-standin-${++counter}`;
    const created = Math.floor(Date.now() / 1000);
    const call = step.tool && { index: 0, id: `call_standin_${counter}`, type: "function",
      function: { name: step.tool, arguments: JSON.stringify(step.input) } };
    const finish = call ? "tool_calls" : "stop";
    const u = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };
    if (!body.stream) {
      const message = call ? { role: "assistant", content: null, tool_calls: [call] } : { role: "assistant", content: step.text };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id, object: "chat.completion", created,
        model: body.model, choices: [{ index: 0, message, finish_reason: finish }], usage: u }));
      return;
    }
    const chunk = (delta, finishReason, extra = {}) => [null, { id, object: "chat.completion.chunk", created, model: body.model,
      choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra }];
    sse(res, [chunk(call ? { role: "assistant", content: null, tool_calls: [call] } : { role: "assistant", content: step.text }, null),
      chunk({}, finish, { usage: u }), [null, "[DONE]"]]);
  },
};

const APIS = { responses, gemini, chat };

/** Starts the stand-in for `api` ("responses", "gemini" or "chat") playing `model`; `log` records every request. */
export function startModelStandIn(api, model, log) {
  const wire = APIS[api];
  const faults = [];
  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    if (log) appendFileSync(log, `${req.method} ${req.url}\n${raw}\n\n`);
    try {
      if (req.method !== "POST" || !wire.matches(req.url)) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: `the ${api} stand-in does not answer ${req.url}` } }));
        return;
      }
      const body = JSON.parse(raw || "{}");
      const { tools, results } = wire.read(body);
      wire.reply(res, model.next(tools, results), body, tools, req.url);
    } catch (e) {
      faults.push(String(e?.stack ?? e));
      res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: String(e).slice(0, 300) } }));
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({
    url: `http://127.0.0.1:${server.address().port}`, faults, close: () => server.close() })));
}
