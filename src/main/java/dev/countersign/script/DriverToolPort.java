package dev.countersign.script;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import dev.countersign.driver.ActArgs;
import dev.countersign.driver.ComputerDriver;
import dev.countersign.driver.ObserveArgs;
import dev.countersign.driver.Receipt;
import dev.countersign.driver.ToolResult;
import java.util.stream.Collectors;

/**
 * The tools as the driver runs them. Arguments bind to the driver's own argument records by name
 * only, through the project's strict mapper: an unknown name is {@code INVALID_ARGUMENT} naming
 * it and listing the tool's parameters. A refused or failed receipt becomes a tool error that
 * carries the receipt, so a script sees e.g. {@code APPROVAL_DENIED} as something to catch.
 */
final class DriverToolPort implements ToolPort {
    private final ComputerDriver driver;

    DriverToolPort(ComputerDriver driver) {
        this.driver = driver;
    }

    @Override
    public ResumeWith call(String agentId, String tool, ObjectNode args, ScriptAudit audit) {
        ScriptTool spec = ToolCatalog.find(tool).orElseThrow(() -> new IllegalArgumentException("unknown tool " + tool));
        Object bound;
        try {
            bound = Json.mapper().treeToValue(args, spec.argsType());
        } catch (UnrecognizedPropertyException e) {
            return invalid(e.getPropertyName(), "unknown argument '" + e.getPropertyName() + "' for " + tool
                    + "; its arguments are: " + parameters(spec));
        } catch (JsonProcessingException e) {
            return invalid(null, "the arguments of " + tool + " do not fit its parameters (" + parameters(spec) + "): "
                    + e.getOriginalMessage());
        } catch (IllegalArgumentException e) {
            return invalid(null, e.getMessage());
        }
        switch (tool) {
            case ToolCatalog.OBSERVE:
                return answer(driver.observe(agentId, (ObserveArgs) bound));
            case ToolCatalog.ACT:
                return receipt(agentId, driver.act(agentId, (ActArgs) bound, audit.approvals()), audit);
            case ToolCatalog.EVIDENCE:
                return new ResumeWith.Value(Json.mapper().valueToTree(driver.evidence(agentId)));
            default:
                throw new IllegalArgumentException("unknown tool " + tool);
        }
    }

    private static ResumeWith answer(ToolResult<?> result) {
        if (result instanceof ToolResult.Err<?> err) {
            return new ResumeWith.Failure(err.error(), null);
        }
        return new ResumeWith.Value(Json.mapper().valueToTree(result.orThrow()));
    }

    private static ResumeWith receipt(String agentId, ToolResult<Receipt> result, ScriptAudit audit) {
        if (result instanceof ToolResult.Err<Receipt> err) {
            return new ResumeWith.Failure(err.error(), null);
        }
        Receipt receipt = result.orThrow();
        try {
            audit.receipt(agentId, receipt);
        } catch (CountersignException e) {
            // The script must not learn of an outcome the audit log does not hold.
            return new ResumeWith.Failure(Receipt.unrecorded(receipt), null);
        }
        JsonNode json = Json.mapper().valueToTree(receipt);
        if (!receipt.isError()) {
            return new ResumeWith.Value(json);
        }
        ErrorCode code = ErrorCode.INTERNAL;
        for (ErrorCode c : ErrorCode.values()) {
            if (c.name().equals(receipt.code())) {
                code = c;
            }
        }
        String message = receipt.detail() == null ? "the action was " + receipt.status() : receipt.detail();
        return new ResumeWith.Failure(new CountersignError(code, message, receipt.hint(), null, null), json);
    }

    private static ResumeWith invalid(String field, String message) {
        return new ResumeWith.Failure(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, field, message), null);
    }

    private static String parameters(ScriptTool spec) {
        return spec.params().isEmpty() ? "(none)"
                : spec.params().stream().map(ScriptTool.Param::name).collect(Collectors.joining(", "));
    }
}
