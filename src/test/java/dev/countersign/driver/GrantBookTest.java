package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.approval.GrantOffer;
import dev.countersign.graph.SequentialIds;
import dev.countersign.graph.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The grant store on its own: deterministic in its clock and ids, exact in its scope. */
class GrantBookTest {
    final TestClock clock = new TestClock(Instant.parse("2026-11-29T12:00:00Z"));
    final GrantBook book = new GrantBook(clock, new SequentialIds());
    final List<String> ended = new CopyOnWriteArrayList<>();

    {
        book.listen(new GrantBook.Listener() {
            @Override
            public void ended(GrantBook.Grant grant, GrantBook.End why) {
                ended.add(grant.id() + ":" + why.wire());
            }
        });
    }

    static GrantOffer offer(String agent, String category, int acts) {
        return new GrantOffer(agent, "Mail", 100, "Inbox", category, "click", Duration.ofMinutes(10), acts);
    }

    static GrantBook.Scope scope(String agent, String category) {
        return new GrantBook.Scope(agent, "Mail", 100, "Inbox", category, "click");
    }

    @Nested
    class Covering {
        @Test
        void everyPartOfTheScopeMustBeEqual() {
            book.create(offer("a", "send", 20), "p", "act_1");
            assertThat(book.use(new GrantBook.Scope("b", "Mail", 100, "Inbox", "send", "click"), "p", "x")).isEmpty();
            assertThat(book.use(new GrantBook.Scope("a", "Mail2", 100, "Inbox", "send", "click"), "p", "x")).isEmpty();
            assertThat(book.use(new GrantBook.Scope("a", "Mail", 101, "Inbox", "send", "click"), "p", "x")).isEmpty();
            assertThat(book.use(new GrantBook.Scope("a", "Mail", 100, "Outbox", "send", "click"), "p", "x")).isEmpty();
            assertThat(book.use(new GrantBook.Scope("a", "Mail", 100, null, "send", "click"), "p", "x")).isEmpty();
            assertThat(book.use(new GrantBook.Scope("a", "Mail", 100, "Inbox", "share", "click"), "p", "x")).isEmpty();
            assertThat(book.use(new GrantBook.Scope("a", "Mail", 100, "Inbox", "send", "key"), "p", "x")).isEmpty();
            assertThat(book.use(scope("a", "send"), "another-policy", "x")).isEmpty();
            assertThat(book.use(scope("a", "send"), "p", "act_2")).isPresent();
        }

        @Test
        void ofTwoCoveringGrantsTheOneEndingSoonestIsSpent() {
            GrantBook.Grant older = book.create(offer("a", "send", 20), "p", "act_1");
            clock.advance(Duration.ofMinutes(1));
            book.create(offer("a", "send", 20), "p", "act_2");
            assertThat(book.use(scope("a", "send"), "p", "act_3")).hasValueSatisfying(
                    g -> assertThat(g.id()).isEqualTo(older.id()));
        }

        @Test
        void idsComeFromTheInjectedSource() {
            assertThat(book.create(offer("a", "send", 20), "p", "act_1").id()).isEqualTo("tgrant_1");
        }
    }

    @Nested
    class Ending {
        @Test
        void atItsExpiryExactly() {
            GrantBook.Grant g = book.create(offer("a", "send", 20), "p", "act_1");
            clock.advance(Duration.ofMinutes(10).minusMillis(1));
            assertThat(book.live()).hasSize(1);
            clock.advance(Duration.ofMillis(1));
            assertThat(book.sweep()).isEqualTo(1);
            assertThat(ended).containsExactly(g.id() + ":expired");
            assertThat(book.use(scope("a", "send"), "p", "act_2")).isEmpty();
        }

        @Test
        void aOneActGrantIsUsedUpByTheActThatCreatedIt() {
            GrantBook.Grant g = book.create(offer("a", "send", 1), "p", "act_1");
            assertThat(g.left()).isZero();
            assertThat(book.live()).isEmpty();
            assertThat(ended).containsExactly(g.id() + ":used_up");
        }

        @Test
        void endingAnAgentLeavesOtherAgentsGrants() {
            book.create(offer("a", "send", 20), "p", "act_1");
            GrantBook.Grant b = book.create(offer("b", "send", 20), "p", "act_2");
            assertThat(book.endAgent("a", GrantBook.End.AGENT_REVOKED)).isEqualTo(1);
            assertThat(book.live()).extracting(GrantBook.Grant::id).containsExactly(b.id());
        }

        @Test
        void endingAllEndsEveryGrantWithTheReason() {
            book.create(offer("a", "send", 20), "p", "act_1");
            book.create(offer("b", "send", 20), "p", "act_2");
            assertThat(book.endAll(GrantBook.End.PAUSED)).isEqualTo(2);
            assertThat(ended).allMatch(e -> e.endsWith(":paused")).hasSize(2);
        }
    }
}
