package dev.countersign.app.dialog;

import dev.countersign.approval.ApprovalRequest;
import dev.countersign.approval.GrantOffer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What the dialog shows for one request at one moment, as text: computed without a stage so the
 * wording, the countdown and the queue line are unit-tested.
 *
 * @param urgent fewer than ten seconds remain, so the countdown is drawn as a warning
 * @param where which machine the action is on: "your computer", or the named other machine
 * @param grant the grant button's text, which says the whole scope of what it allows; empty when
 *     the request offers no grant (the button is then not shown)
 */
record ApprovalView(
        String agent,
        String action,
        String category,
        String why,
        String countdown,
        boolean urgent,
        String queue,
        boolean hasScreenshot,
        String where,
        String grant) {

    /** Keyboard input and clicks are ignored this long after a request is shown: an agent may be typing. */
    static final Duration INPUT_GUARD = Duration.ofMillis(600);
    /** Longest agent name shown (agent names are at most 32 characters anyway). */
    static final int MAX_AGENT = 40;
    /** Longest action line: enough for "click ‘…’ in App — window ‘…’", short enough to stay on screen. */
    static final int MAX_ACTION = 240;
    /** Longest matched word shown. */
    static final int MAX_WORD = 40;

    static ApprovalView of(ApprovalRequest request, Instant now, int waitingBehind) {
        Duration left = Duration.between(now, request.expiresAt());
        return new ApprovalView(
                DialogText.clean(request.agentName(), MAX_AGENT),
                DialogText.clean(request.summary(), MAX_ACTION),
                categoryLabel(request.category()),
                request.remoteMachine().isPresent()
                        ? why(request.category(), request.matchedWords()).replace("Your policy", "The policy on that machine")
                        : why(request.category(), request.matchedWords()),
                countdown(left),
                left.compareTo(Duration.ofSeconds(10)) < 0,
                queueLine(waitingBehind),
                request.screenshot().isPresent(),
                request.remoteMachine().map(m -> "wants to act on the machine \u2018"
                        + DialogText.clean(m, MAX_AGENT) + "\u2019, not this computer")
                        .orElse("wants to act on your computer"),
                request.offer().map(o -> grantButton(o, request.agentName())).orElse(""));
    }

    /** Longest app or window name on the grant button. */
    static final int MAX_GRANT_NAME = 32;

    /**
     * The grant button's two lines: for how long, then exactly what — the agent, the kind of act
     * (category and operation), the app and window, and at most how many acts. For example
     * "Allow for 10 min" / "Claude: send clicks in Mail, window ‘Inbox’, at most 20".
     */
    static String grantButton(GrantOffer offer, String agentName) {
        long minutes = Math.max(1, offer.lifetime().toMinutes());
        String window = offer.window() == null || offer.window().isBlank() ? ""
                : ", window \u2018" + DialogText.clean(offer.window(), MAX_GRANT_NAME) + "\u2019";
        return "Allow for " + minutes + " min\n" + DialogText.clean(agentName, MAX_AGENT) + ": "
                + DialogText.clean(offer.category(), 32) + " " + acts(offer.operation()) + " in "
                + DialogText.clean(offer.app(), MAX_GRANT_NAME) + window + ", at most " + offer.maxActs();
    }

    /** The operation as a plural noun: "clicks", "key presses", "clicks by position". */
    static String acts(String operation) {
        switch (operation) {
            case "click": return "clicks";
            case "key": return "key presses";
            case "type": return "typing";
            case "menu": return "context menus";
            case "drag": return "drags";
            case "visual click": return "clicks by position";
            case "visual drag": return "drags by position";
            case "visual scroll": return "scrolls by position";
            default: return DialogText.clean(operation, 32) + " acts";
        }
    }

    /** "0:42 left", rounded up so the dialog never shows 0:00 while the answer still counts. */
    static String countdown(Duration left) {
        if (left.isNegative() || left.isZero()) {
            return "Expired";
        }
        long seconds = (left.toMillis() + 999) / 1000;
        return String.format(Locale.ROOT, "%d:%02d left", seconds / 60, seconds % 60);
    }

    static String queueLine(int waitingBehind) {
        if (waitingBehind <= 0) {
            return "";
        }
        return waitingBehind == 1 ? "1 more request waiting" : waitingBehind + " more requests waiting";
    }

    static String categoryLabel(String category) {
        switch (category) {
            case "delete": return "Deletes something";
            case "money": return "Involves money";
            case "security": return "Changes how an account is protected";
            case "send": return "Sends something";
            case "publish": return "Publishes something";
            case "share": return "Shares something";
            case "discard": return "Throws away unsaved changes or replaces a file";
            case "install": return "Installs software";
            case "run": return "Runs a program or command";
            case "consent": return "Gives a permission or consent";
            case "value": return "Changes a setting's value";
            case "carry": return "Carries text from another app";
            case "unknown_target": return "Acts on something Countersign cannot name";
            default: return "Needs your approval (" + DialogText.clean(category, 32) + ")";
        }
    }

    static String why(String category, List<String> matchedWords) {
        if (matchedWords.isEmpty()) {
            return "unknown_target".equals(category)
                    ? "Clicks by position and keys that submit are always asked: nobody can tell what they do."
                    : "value".equals(category)
                    ? "A slider, spin button, list or choice set to another value: your policy asks before settings change."
                    : "Your policy asks before this kind of action.";
        }
        if ("carry".equals(category)) {
            return "The agent read this text in " + DialogText.clean(matchedWords.get(0), MAX_ACTION)
                    + ": Countersign asks before text moves from one app into another.";
        }
        String words = matchedWords.stream().limit(8).map(w -> "\u201C" + DialogText.clean(w, MAX_WORD) + "\u201D")
                .collect(Collectors.joining(", "));
        return "Your policy asks because the target matches " + words + ".";
    }

    /** Whether input that arrives at {@code now} may decide a request shown at {@code shownAt}. */
    static boolean acceptsInput(Instant shownAt, Instant now) {
        return !now.isBefore(shownAt.plus(INPUT_GUARD));
    }
}
