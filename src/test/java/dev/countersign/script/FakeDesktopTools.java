package dev.countersign.script;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.ApprovalTap;
import dev.countersign.approval.Decision;
import dev.countersign.core.CountersignError;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A tool port over a pretend window with a "Remember me" check box and a "Delete" button, for
 * fast tests of the host's durability. Like the driver, it asks the approver before a Delete and
 * dispatches only after an allow; refs are fresh per observation and die with the instance (as
 * they die with a process). The side-effect counters are shared across "restarts". Like the
 * driver, it holds no lock while the person decides: other calls (another agent's) go on.
 */
final class FakeDesktopTools implements ToolPort {
    /** What outlives a restart: the window's state. */
    static final class Screen {
        final AtomicInteger deletes = new AtomicInteger();
        final AtomicInteger toggles = new AtomicInteger();
        final AtomicInteger observes = new AtomicInteger();
    }

    private final Screen screen;
    private final ApprovalTap approvals;
    private final Map<String, String> refs = new HashMap<>();
    private int next;

    FakeDesktopTools(Screen screen, ApprovalTap approvals) {
        this.screen = screen;
        this.approvals = approvals;
    }

    @Override
    public ResumeWith call(String agentId, String tool, ObjectNode args, ScriptAudit audit) {
        if (ToolCatalog.OBSERVE.equals(tool)) {
            screen.observes.incrementAndGet();
            return new ResumeWith.Value(view());
        }
        if (ToolCatalog.EVIDENCE.equals(tool)) {
            return new ResumeWith.Value(Json.mapper().createObjectNode().put("session", "available"));
        }
        String target;
        synchronized (this) {
            target = refs.remove(args.path("ref").asText());
        }
        if (target == null) {
            return new ResumeWith.Failure(CountersignError.of(ErrorCode.REF_UNKNOWN, "unknown ref"), null);
        }
        if ("Remember me".equals(target)) {
            screen.toggles.incrementAndGet();
            return new ResumeWith.Value(receipt("confirmed", null));
        }
        Decision decision = ask(agentId);
        if (decision != Decision.ALLOW_ONCE) {
            ObjectNode receipt = receipt("rejected", "APPROVAL_DENIED");
            return new ResumeWith.Failure(new CountersignError(ErrorCode.APPROVAL_DENIED, "the approval was denied",
                    null, null, null), receipt);
        }
        screen.deletes.incrementAndGet();
        return new ResumeWith.Value(receipt("unknown", null));
    }

    private Decision ask(String agentId) {
        String nonce;
        synchronized (this) {
            nonce = "n" + next++;
        }
        ApprovalRequest request = new ApprovalRequest(nonce, agentId, null,
                "Click \u2018Delete\u2019 in fake \u2014 window \u2018Cleanup\u2019", "delete", List.of("delete"), "fake",
                "Cleanup", Instant.now().plusSeconds(60), null);
        try {
            return approvals.request(request).get(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Decision.UNAVAILABLE;
        } catch (ExecutionException | TimeoutException e) {
            return Decision.TIMEOUT;
        }
    }

    private synchronized JsonNode view() {
        ObjectNode view = Json.mapper().createObjectNode();
        view.putObject("app").put("name", "fake").put("pid", 4242).put("launch_id", "4242:1");
        view.putObject("window").put("id", "w" + next).put("title", "Cleanup");
        ArrayNode nodes = view.putArray("nodes");
        node(nodes, "check box", "Remember me", 10);
        node(nodes, "push button", "Delete", 40);
        return view;
    }

    private void node(ArrayNode nodes, String role, String name, int y) {
        String ref = "r" + next++ + "_" + Integer.toHexString(System.identityHashCode(this));
        refs.put(ref, name);
        ObjectNode n = nodes.addObject().put("ref", ref).put("role", role).put("name", name);
        n.putArray("frame").add(10).add(y).add(100).add(20);
        n.putArray("actions").add("click");
        if ("Remember me".equals(name) && screen.toggles.get() % 2 == 1) {
            n.putArray("states").add("checked");
        }
    }

    private static ObjectNode receipt(String status, String code) {
        ObjectNode r = Json.mapper().createObjectNode().put("status", status);
        if (code != null) {
            r.put("code", code);
        }
        return r;
    }
}
