package dev.countersign.app.dialog;

import dev.countersign.approval.ApprovalRequest;
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
        String where) {

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
                        .orElse("wants to act on your computer"));
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
            case "send": return "Sends something";
            case "publish": return "Publishes something";
            case "share": return "Shares something";
            case "discard": return "Throws away unsaved changes or replaces a file";
            case "install": return "Installs software";
            case "run": return "Runs a program or command";
            case "consent": return "Gives a permission or consent";
            case "value": return "Changes a setting's value";
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
        String words = matchedWords.stream().limit(8).map(w -> "\u201C" + DialogText.clean(w, MAX_WORD) + "\u201D")
                .collect(Collectors.joining(", "));
        return "Your policy asks because the target matches " + words + ".";
    }

    /** Whether input that arrives at {@code now} may decide a request shown at {@code shownAt}. */
    static boolean acceptsInput(Instant shownAt, Instant now) {
        return !now.isBefore(shownAt.plus(INPUT_GUARD));
    }
}
