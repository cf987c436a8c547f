// The fixed "model" the agent CLIs' stand-ins play, whatever wire format they speak: observe the
// test form, tick "Remember me" by the ref read off what the CLI handed back, click the same
// (now used-up) ref again, observe the delete form and click Delete (the person denies), then
// answer with text. It decides from the conversation each request carries (no state between
// requests, so a CLI's retries change nothing) and records what the CLI handed the model: the
// tools it offered and every tool result, in order.

/** What the plan does after `done` tool results; null once the loop is over. */
export class ScriptedModel {
  constructor(formPid, deletePid) {
    this.formPid = String(formPid);
    this.deletePid = String(deletePid);
    this.tools = [];
    this.results = [];
    this.requests = 0;
  }

  /**
   * The next step for a request offering `tools` (each {name, bytes}) with `results` (the texts of
   * the tool results so far, oldest first): {tool, input} or {text}.
   */
  next(tools, results) {
    this.requests++;
    const observe = tools.find((t) => t.name.endsWith("computer_observe"));
    const act = tools.find((t) => t.name.endsWith("computer_act"));
    if (!observe || !act) return { text: "ok" };
    const ours = tools.filter((t) => /computer_/.test(t.name));
    if (ours.length > this.tools.length) this.tools = ours;
    if (results.length > this.results.length) this.results = results.slice();
    switch (results.length) {
      case 0: return { tool: observe.name, input: { app: this.formPid } };
      case 1:
      case 2: return { tool: act.name, input: { ref: refIn(results[0], "Remember me"), op: "click" } };
      case 3: return { tool: observe.name, input: { app: this.deletePid } };
      case 4: return { tool: act.name, input: { ref: refIn(results[3], "Delete"), op: "click" } };
      default: return { text: "done: " + results.map((r) => r.slice(0, 120)).join(" | ") };
    }
  }
}

/**
 * Every string and every JSON object a tool result carries, unwrapped: CLIs hand results on as the
 * text content, as the JSON of the structured content or of the whole result, as JSON inside a
 * string, or after a line of their own ("Output:", "MCP server 'x':", a tag).
 */
export function unwrap(text) {
  const found = { strings: [], objects: [] };
  const walk = (value) => {
    if (typeof value === "string") {
      found.strings.push(value);
      const inner = parse(value);
      if (inner && typeof inner === "object") walk(inner);
      else if (value.includes("{")) embedded(value).forEach(walk);
    } else if (value && typeof value === "object") {
      found.objects.push(value);
      Object.values(value).forEach(walk);
    }
  };
  walk(text);
  return found;
}

/** The JSON objects inside a string that is not JSON itself (from each "{" to the last "}"). */
function embedded(text) {
  const out = [];
  const end = text.lastIndexOf("}");
  for (let i = text.indexOf("{"); i >= 0 && i < end; i = text.indexOf("{", i + 1)) {
    const value = parse(text.slice(i, end + 1));
    if (value && typeof value === "object") {
      out.push(value);
      break;
    }
  }
  return out;
}

function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The ref of the node called `name`, as a model reads it off the JSON or the outline. */
export function refIn(text, name) {
  const { strings, objects } = unwrap(text);
  const node = objects.flatMap((o) => (Array.isArray(o.nodes) ? o.nodes : [])).find((n) => n && n.name === name);
  if (node) return node.ref;
  for (const s of strings) {
    // An outline line: the ref, the role, then the quoted name (docs/decisions/0007-observation-outline.md).
    const line = s.split("\n").find((l) => l.includes(` ${JSON.stringify(name)}`) && /^\s*[^\s"{]+ [a-z]/.test(l));
    if (line) return line.trimStart().split(" ")[0];
  }
  return "no-ref-for-" + name;
}

/** The error code and hint a tool result carries, as the model read them (or nulls). */
export function codeAndHint(text) {
  const body = unwrap(text).objects.find((o) => typeof o.code === "string" && typeof o.hint === "string");
  return body ? { code: body.code, hint: body.hint } : { code: null, hint: null };
}
