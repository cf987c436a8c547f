package dev.countersign.script;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.ApprovalTap;
import dev.countersign.approval.Decision;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.testkit.ScriptedApprover;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tap records before the person is asked and before an allow counts; if it cannot, nothing is dispatched. */
class ApprovalTapTest {
    static final ApprovalRequest REQUEST = new ApprovalRequest("n1", "agent-a", null, "Click \u2018Delete\u2019",
            "delete", List.of("delete"), "yad", "Cleanup", Instant.now().plusSeconds(30), null);

    static final class Recording implements ApprovalTap.Listener {
        final List<String> heard = new ArrayList<>();
        boolean failAsking;
        boolean failAllowed;

        @Override
        public void asking(String summary) {
            if (failAsking) {
                throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL, "disk full"));
            }
            heard.add("asking " + summary);
        }

        @Override
        public void allowed() {
            if (failAllowed) {
                throw new CountersignException(CountersignError.of(ErrorCode.INTERNAL, "disk full"));
            }
            heard.add("allowed");
        }
    }

    @Test
    void anAllowIsRecordedBeforeTheDriverSeesIt() {
        ApprovalTap tap = new ApprovalTap(ScriptedApprover.always(Decision.ALLOW_ONCE));
        Recording listener = new Recording();
        Decision decision = tap.bound(listener, () -> tap.request(REQUEST).join());
        assertThat(decision).isEqualTo(Decision.ALLOW_ONCE);
        assertThat(listener.heard).containsExactly("asking Click \u2018Delete\u2019", "allowed");
    }

    @Test
    void aSuspensionThatCannotBeRecordedIsNeverAsked() {
        ScriptedApprover person = ScriptedApprover.always(Decision.ALLOW_ONCE);
        ApprovalTap tap = new ApprovalTap(person);
        Recording listener = new Recording();
        listener.failAsking = true;
        assertThat(tap.bound(listener, () -> tap.request(REQUEST).join())).isEqualTo(Decision.UNAVAILABLE);
        assertThat(person.asked).isEmpty();
    }

    @Test
    void anAllowThatCannotBeRecordedBecomesUnavailable() {
        ApprovalTap tap = new ApprovalTap(ScriptedApprover.always(Decision.ALLOW_ONCE));
        Recording listener = new Recording();
        listener.failAllowed = true;
        assertThat(tap.bound(listener, () -> tap.request(REQUEST).join())).isEqualTo(Decision.UNAVAILABLE);
    }

    @Test
    void requestsOutsideAScriptPassThroughUntouched() {
        ScriptedApprover person = ScriptedApprover.always(Decision.DENY);
        assertThat(new ApprovalTap(person).request(REQUEST).join()).isEqualTo(Decision.DENY);
        assertThat(person.asked).containsExactly(REQUEST);
    }
}
