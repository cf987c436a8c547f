package dev.countersign.graph;

/**
 * What one node's work can return. Each shape of outcome is its own type, and a node's work is
 * typed by one of them, so the type <em>is</em> the set of events the node can emit: the compiler
 * refuses a work that returns anything else, and {@link GraphDefinition} refuses, when it is built,
 * a node whose type has an event without an edge. {@link #event()} is the name the trace, the
 * checkpoint and the diagram use.
 */
sealed interface Outcome permits Outcome.Checked, Outcome.Reserved, Outcome.Assessed, Outcome.Decided,
        Outcome.Executed, Outcome.Released {

    /** The event this outcome is recorded as. */
    Event event();

    /** A node that checks or acquires one thing: it passed, or it refused. */
    enum Checked implements Outcome {
        PASSED(Event.PASSED), REFUSED(Event.REFUSED);

        private final Event event;

        Checked(Event event) {
            this.event = event;
        }

        @Override
        public Event event() {
            return event;
        }
    }

    /** Reserving the target: reserved, refused, or a reservation that must still be released. */
    enum Reserved implements Outcome {
        PASSED(Event.PASSED), REFUSED(Event.REFUSED), RESERVATION_REJECTED(Event.RESERVATION_REJECTED);

        private final Event event;

        Reserved(Event event) {
            this.event = event;
        }

        @Override
        public Event event() {
            return event;
        }
    }

    /** Asking the policy: no approval needed, refused, or the person must be asked. */
    enum Assessed implements Outcome {
        PASSED(Event.PASSED), REFUSED(Event.REFUSED), APPROVAL_REQUIRED(Event.APPROVAL_REQUIRED);

        private final Event event;

        Assessed(Event event) {
            this.event = event;
        }

        @Override
        public Event event() {
            return event;
        }
    }

    /** The person's answer: allowed once, denied (or expired, or unavailable), or an answer refused. */
    enum Decided implements Outcome {
        APPROVED(Event.APPROVED), DENIED(Event.DENIED), REFUSED(Event.REFUSED);

        private final Event event;

        Decided(Event event) {
            this.event = event;
        }

        @Override
        public Event event() {
            return event;
        }
    }

    /** Dispatching: a bound receipt, refused before dispatch, or dispatched with an unknown outcome. */
    enum Executed implements Outcome {
        PASSED(Event.PASSED), REFUSED(Event.REFUSED), DISPATCH_UNCERTAIN(Event.DISPATCH_UNCERTAIN);

        private final Event event;

        Executed(Event event) {
            this.event = event;
        }

        @Override
        public Event event() {
            return event;
        }
    }

    /** Releasing the reservation: released, or the release failed. */
    enum Released implements Outcome {
        RELEASED(Event.RELEASED), RELEASE_FAILED(Event.RELEASE_FAILED);

        private final Event event;

        Released(Event event) {
            this.event = event;
        }

        @Override
        public Event event() {
            return event;
        }
    }
}
