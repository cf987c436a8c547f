// The real-app smoke test of .github/workflows/macos.yml: the official TypeScript SDK drives the
// packaged Countersign.app (launched through LaunchServices, Accessibility granted to its bundle)
// against TextEdit and a dialog with a hidden answer on the runner. It observes TextEdit, types a
// line into its document and reads it back, refuses to type into the dialog's secure field, and
// clicks the dialog's "Noted" button (the workflow checks the dialog reported that button).
// Usage: CS_URL=… CS_TOKEN=… CS_TEXTEDIT_PID=… CS_DIALOG_PID=… CS_REPORT=… node mac-smoke.mjs
import { Client } from "sdk1/client/index.js";
import { StreamableHTTPClientTransport } from "sdk1/client/streamableHttp.js";
import { env, Report, assert, errorBody, okBody, refOf, secureRef, pkgVersion } from "./lib.mjs";

const textEdit = process.env.CS_TEXTEDIT_PID;
const dialog = process.env.CS_DIALOG_PID;
assert(textEdit && dialog, "mac-smoke needs CS_TEXTEDIT_PID and CS_DIALOG_PID");
const line = `Countersign smoke ${process.pid}`;

const client = new Client({ name: "countersign-mac-smoke", version: "1" });
await client.connect(new StreamableHTTPClientTransport(new URL(env.url),
  { requestInit: { headers: { Authorization: `Bearer ${env.token}` } } }));
const call = async (name, args) => client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 });
const report = new Report("@modelcontextprotocol/sdk", pkgVersion("sdk1"), "http");

const textArea = (observation) => {
  const node = (observation.nodes ?? []).find((n) => n.role === "AXTextArea");
  assert(node, `TextEdit shows no AXTextArea: ${JSON.stringify(observation.nodes ?? []).slice(0, 800)}`);
  return node;
};

await report.check("observe_textedit", async () => {
  const observation = okBody(await call("computer_observe", { app: textEdit }));
  return { nodes: observation.nodes.length, window: observation.window?.title };
});
await report.check("type_and_read_back", async () => {
  const observation = okBody(await call("computer_observe", { app: textEdit }));
  const receipt = okBody(await call("computer_act", { ref: textArea(observation).ref, op: "type", text: line }));
  assert(receipt.status === "confirmed", `receipt ${JSON.stringify(receipt)}`);
  const after = textArea(okBody(await call("computer_observe", { app: textEdit })));
  assert((after.value ?? "").includes(line), `TextEdit holds ${JSON.stringify(after.value)}`);
  return { status: receipt.status };
});
await report.check("secure_field_refused", async () => {
  const observation = okBody(await call("computer_observe", { app: dialog }));
  const body = errorBody(await call("computer_act", { ref: secureRef(observation), op: "type", text: "x" }));
  assert(body.code === "SECURE_FIELD_REFUSED", `code ${body.code}`);
  return { code: body.code };
});
await report.check("click_button", async () => {
  const observation = okBody(await call("computer_observe", { app: dialog }));
  const receipt = okBody(await call("computer_act", { ref: refOf(observation, "Noted"), op: "click" }));
  assert(receipt.status === "confirmed", `receipt ${JSON.stringify(receipt)}`);
  return { status: receipt.status };
});
await client.close();
const code = report.write();
console.log(JSON.stringify(report.data, null, 2));
process.exit(code);
