package dev.countersign.script;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** How the script host reaches the tools: one named call with JSON arguments, answered as a value or a tool error. */
interface ToolPort {
    ResumeWith call(String agentId, String tool, ObjectNode args, ScriptAudit audit);
}
