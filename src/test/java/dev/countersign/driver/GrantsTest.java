package dev.countersign.driver;

import static dev.countersign.driver.DriverHarness.err;
import static dev.countersign.driver.DriverHarness.ok;
import static dev.countersign.driver.DriverHarness.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.Decision;
import dev.countersign.approval.GrantOffer;
import dev.countersign.core.ApprovalRequirement;
import dev.countersign.core.ErrorCode;
import dev.countersign.desktop.ElementNode;
import dev.countersign.desktop.LaunchIdentity;
import dev.countersign.testkit.MemoryDesktop;
import dev.countersign.testkit.ScriptedApprover;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Grants for a task (docs/approvals.md): the person allows a kind of act for a while from the
 * dialog, and a live grant answers the person's question for exactly that kind of act; anything
 * outside its scope, after its end, or from an agent asks again or is refused.
 */
class GrantsTest {
    /** "OK" asks as send, "Delete" as delete, every key as send; send may be granted, delete not. */
    static final AtomicReference<String> DIGEST = new AtomicReference<>(DriverHarness.POLICY);
    static final ApprovalPolicy SEND_GRANTABLE = new ApprovalPolicy() {
        @Override
        public String currentDigest() {
            return DIGEST.get();
        }

        @Override
        public boolean grantable(String category) {
            return !"delete".equals(category) && !"money".equals(category);
        }

        @Override
        public ApprovalRequirement requirementFor(ActArgs op, ElementNode target) {
            if (op instanceof KeyArgs) {
                return ApprovalRequirement.required("send", List.of("Return"), DIGEST.get());
            }
            if (op instanceof ClickArgs && "OK".equals(target.name())) {
                return ApprovalRequirement.required("send", List.of("ok"), DIGEST.get());
            }
            if (op instanceof ClickArgs && "Delete".equals(target.name())) {
                return ApprovalRequirement.required("delete", List.of("delete"), DIGEST.get());
            }
            return ApprovalRequirement.notRequired(DIGEST.get());
        }

        @Override
        public ApprovalRequirement requirementForVisual(VisualArgs.Act op) {
            return ApprovalRequirement.required("unknown_target", List.of(), DIGEST.get());
        }
    };

    /** The person: takes a grant wherever one is offered, else allows once. */
    static ScriptedApprover granting() {
        ScriptedApprover a = new ScriptedApprover();
        a.answer = r -> CompletableFuture.completedFuture(
                r.offer().isPresent() ? Decision.ALLOW_FOR_A_WHILE : Decision.ALLOW_ONCE);
        return a;
    }

    /** Every event the grant book reported, as "kind:grant[:detail]". */
    final List<String> events = new CopyOnWriteArrayList<>();
    DriverHarness h;

    DriverHarness harness(ScriptedApprover approver, DriverSettings settings) {
        DIGEST.set(DriverHarness.POLICY);
        DriverHarness harness = new DriverHarness(MemoryDesktop.loginForm(), approver, settings, SEND_GRANTABLE);
        harness.driver.grants().listen(new GrantBook.Listener() {
            @Override
            public void created(GrantBook.Grant grant) {
                events.add("created:" + grant.id());
            }

            @Override
            public void used(GrantBook.Grant grant, String actionId) {
                events.add("used:" + grant.id() + ":" + grant.left());
            }

            @Override
            public void ended(GrantBook.Grant grant, GrantBook.End why) {
                events.add("ended:" + grant.id() + ":" + why.wire());
            }
        });
        return harness;
    }

    @BeforeEach
    void grantOnce() {
        h = harness(granting(), DriverSettings.defaults("s"));
    }

    Receipt click(String agent, String name) {
        return ok(h.driver.act(agent, ActArgs.click(ref(h.observe(agent), name))));
    }

    /** The first act: the person is asked and takes the grant; it runs and names the grant. */
    String granted() {
        Receipt first = click("agent-a", "OK");
        assertThat(h.approver.asked).hasSize(1);
        assertThat(first.approval().decision()).isEqualTo("allowed_for_a_while");
        assertThat(first.approval().grant()).startsWith("tgrant_");
        assertThat(h.desktop.presses("ok")).isEqualTo(1);
        return first.approval().grant();
    }

    @Nested
    class TheDialogOffers {
        @Test
        void aGrantOfExactlyTheActsScopeWithTheSettingsDefaults() {
            h = harness(ScriptedApprover.always(Decision.DENY), DriverSettings.defaults("s"));
            click("agent-a", "OK");
            GrantOffer offer = h.approver.asked.get(0).offer().orElseThrow();
            assertThat(offer).isEqualTo(new GrantOffer("agent-a", MemoryDesktop.APP, MemoryDesktop.PID,
                    MemoryDesktop.TITLE, "send", "click", Duration.ofMinutes(10), 20));
        }

        @Test
        void noGrantForACategoryThePolicyDoesNotLetBeGranted() {
            h = harness(ScriptedApprover.always(Decision.DENY), DriverSettings.defaults("s"));
            click("agent-a", "Delete");
            assertThat(h.approver.asked.get(0).offer()).isEmpty();
        }

        @Test
        void noGrantWhenThePolicySaysNothingOfGrants() {
            DriverHarness plain = new DriverHarness(MemoryDesktop.loginForm(), ScriptedApprover.always(Decision.DENY),
                    DriverSettings.defaults("s"));
            plain.driver.act("agent-a", ActArgs.click(ref(plain.observe("agent-a"), "Delete")));
            assertThat(plain.approver.asked.get(0).offer()).isEmpty();
        }
    }

    @Nested
    class AGrant {
        @Test
        void answersForThePersonOnTheNextActOfItsScope() {
            String grant = granted();
            Receipt second = click("agent-a", "OK");
            assertThat(h.approver.asked).as("the person is not asked again").hasSize(1);
            assertThat(h.desktop.presses("ok")).isEqualTo(2);
            assertThat(second.approval().decision()).isEqualTo("allowed_by_grant");
            assertThat(second.approval().grant()).isEqualTo(grant);
            assertThat(second.approval().category()).isEqualTo("send");
            assertThat(events).containsExactly("created:" + grant, "used:" + grant + ":19", "used:" + grant + ":18");
        }

        @Test
        void stillRunsEveryCheckOfTheGraph_aRevokedLeaseRefusesTheAct() {
            granted();
            h.driver.leases().revoke("agent-a");
            Receipt refused = click("agent-a", "OK");
            assertThat(refused.status()).isEqualTo("rejected");
            assertThat(refused.code()).isEqualTo(ErrorCode.LEASE_INVALID.name());
            assertThat(h.desktop.presses("ok")).isEqualTo(1);
        }

        @Test
        void theReceiptRecordForTheAuditLogNamesTheGrant() {
            String grant = granted();
            Receipt second = click("agent-a", "OK");
            assertThat(second.auditRecord("computer_act", java.util.Map.of()))
                    .containsEntry("grant", grant).containsEntry("approval", "allowed_by_grant");
        }

        @Test
        void isListedLiveWithItsUses() {
            String grant = granted();
            click("agent-a", "OK");
            assertThat(h.driver.grants().live()).singleElement().satisfies(g -> {
                assertThat(g.id()).isEqualTo(grant);
                assertThat(g.used()).as("the act the person was asked about counts").isEqualTo(2);
                assertThat(g.left()).isEqualTo(18);
            });
        }
    }

    /** Nothing outside a grant's scope, after its end, or from an agent is answered by it. */
    @Nested
    class Adversary {
        @BeforeEach
        void personAllowsOnceFromNowOn() {
            granted();
            h.approver.answer = r -> CompletableFuture.completedFuture(Decision.DENY);
        }

        void asksAgain(Receipt receipt) {
            assertThat(h.approver.asked).as("the person is asked again").hasSize(2);
            assertThat(receipt.approval().decision()).isEqualTo("denied");
            assertThat(receipt.approval().grant()).isNull();
        }

        @Test
        void aSecondAgentIsAsked() {
            asksAgain(click("agent-b", "OK"));
        }

        @Test
        void anotherAppIsAsked_theSameNameRestartedWithAnotherPid() {
            h.desktop.launch = new LaunchIdentity(MemoryDesktop.PID + 1, 200);
            asksAgain(click("agent-a", "OK"));
        }

        @Test
        void anotherCategoryIsAsked() {
            asksAgain(click("agent-a", "Delete"));
            assertThat(h.approver.asked.get(1).offer()).as("delete is never offered by this policy").isEmpty();
        }

        @Test
        void aDifferentOperationIsAsked() {
            Receipt key = ok(h.driver.act("agent-a", new KeyArgs(ref(h.observe("agent-a"), "OK"), "Return", null)));
            asksAgain(key);
            assertThat(h.approver.asked.get(1).offer().orElseThrow().operation()).isEqualTo("key");
        }

        @Test
        void aSecureFieldIsRefusedWhateverWasGranted() {
            var refused = h.driver.act("agent-a", ActArgs.type(ref(h.observe("agent-a"), "Password"), "hunter2"));
            assertThat(err(refused).code()).isEqualTo(ErrorCode.SECURE_FIELD_REFUSED);
            assertThat(h.approver.asked).hasSize(1);
        }

        @Test
        void afterExpiryThePersonIsAskedAndTheEndIsReported() {
            h.clock.advance(Duration.ofMinutes(10));
            asksAgain(click("agent-a", "OK"));
            assertThat(events).anyMatch(e -> e.startsWith("ended:") && e.endsWith(":expired"));
            assertThat(h.driver.grants().live()).isEmpty();
        }

        @Test
        void anEditedPolicyVoidsTheGrant() {
            DIGEST.set("edited-policy");
            asksAgain(click("agent-a", "OK"));
        }

        @Test
        void pausingEndsEveryGrant() {
            h.driver.pauseAll();
            h.driver.resumeAll();
            assertThat(events).anyMatch(e -> e.endsWith(":paused"));
            asksAgain(click("agent-a", "OK"));
        }

        @Test
        void removingTheAgentEndsItsGrants() {
            h.driver.dispose("agent-a");
            assertThat(events).anyMatch(e -> e.endsWith(":agent_revoked"));
            asksAgain(click("agent-a", "OK"));
        }

        @Test
        void revokingTheGrantEndsIt() {
            String id = h.driver.grants().live().get(0).id();
            assertThat(h.driver.grants().revoke(id)).isTrue();
            assertThat(h.driver.grants().revoke(id)).as("an ended grant is not revoked twice").isFalse();
            assertThat(events).contains("ended:" + id + ":revoked");
            asksAgain(click("agent-a", "OK"));
        }

        @Test
        void quittingEndsEveryGrant() {
            h.driver.endGrants();
            assertThat(events).anyMatch(e -> e.endsWith(":quit"));
            assertThat(h.driver.grants().live()).isEmpty();
        }
    }

    @Nested
    class AfterItsLastAct {
        @Test
        void thePersonIsAskedAgain() {
            h = harness(granting(), DriverSettings.defaults("s").withGrants(Duration.ofMinutes(10), 2));
            String grant = granted();
            click("agent-a", "OK");
            h.approver.answer = r -> CompletableFuture.completedFuture(Decision.DENY);
            Receipt third = click("agent-a", "OK");
            assertThat(h.approver.asked).hasSize(2);
            assertThat(third.approval().decision()).isEqualTo("denied");
            assertThat(events).containsExactly("created:" + grant, "used:" + grant + ":1", "used:" + grant + ":0",
                    "ended:" + grant + ":used_up");
        }
    }

    @Nested
    class OnlyThePersonCreatesAGrant {
        @Test
        void allowOnceCreatesNone() {
            h = harness(ScriptedApprover.always(Decision.ALLOW_ONCE), DriverSettings.defaults("s"));
            Receipt once = click("agent-a", "OK");
            assertThat(once.approval().decision()).isEqualTo("allowed_once");
            assertThat(once.approval().grant()).isNull();
            click("agent-a", "OK");
            assertThat(h.approver.asked).hasSize(2);
            assertThat(h.driver.grants().live()).isEmpty();
        }

        @Test
        void aGrantAnswerToARequestThatOfferedNoneAllowsNothing() {
            h = harness(ScriptedApprover.always(Decision.ALLOW_FOR_A_WHILE), DriverSettings.defaults("s"));
            Receipt delete = click("agent-a", "Delete");
            assertThat(delete.status()).isEqualTo("rejected");
            assertThat(delete.code()).isEqualTo(ErrorCode.APPROVAL_UNAVAILABLE.name());
            assertThat(h.desktop.presses("delete")).isZero();
            assertThat(h.driver.grants().live()).isEmpty();
        }

        @Test
        void theGrantHasTheScopeTheDriverOfferedNotOneTheAnswerCouldCarry() {
            String id = granted();
            ApprovalRequest asked = h.approver.asked.get(0);
            GrantBook.Grant grant = h.driver.grants().live().get(0);
            assertThat(grant.id()).isEqualTo(id);
            assertThat(grant.scope()).isEqualTo(new GrantBook.Scope("agent-a", MemoryDesktop.APP, MemoryDesktop.PID,
                    MemoryDesktop.TITLE, "send", "click"));
            assertThat(grant.maxActs()).isEqualTo(asked.offer().orElseThrow().maxActs());
        }

        @Test
        void aGrantThatCannotBeRecordedIsNotGivenAndTheActDoesNotRun() {
            h.driver.grants().listen(new GrantBook.Listener() {
                @Override
                public void created(GrantBook.Grant grant) {
                    throw new dev.countersign.core.CountersignException(dev.countersign.core.CountersignError.of(
                            ErrorCode.INTERNAL, "the disk is full"));
                }
            });
            Receipt refused = click("agent-a", "OK");
            assertThat(refused.code()).isEqualTo(ErrorCode.APPROVAL_UNAVAILABLE.name());
            assertThat(h.driver.grants().live()).isEmpty();
            assertThat(h.desktop.presses("ok")).isZero();
        }

        @Test
        void aUseThatCannotBeRecordedDoesNotRunAndIsNotSpent() {
            granted();
            h.driver.grants().listen(new GrantBook.Listener() {
                @Override
                public void used(GrantBook.Grant grant, String actionId) {
                    throw new dev.countersign.core.CountersignException(dev.countersign.core.CountersignError.of(
                            ErrorCode.INTERNAL, "the disk is full"));
                }
            });
            Receipt refused = click("agent-a", "OK");
            assertThat(refused.code()).isEqualTo(ErrorCode.APPROVAL_UNAVAILABLE.name());
            assertThat(h.desktop.presses("ok")).isEqualTo(1);
            assertThat(h.driver.grants().live().get(0).used()).as("only the first act was spent").isEqualTo(1);
        }
    }
}
