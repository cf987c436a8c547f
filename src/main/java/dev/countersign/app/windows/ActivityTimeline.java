package dev.countersign.app.windows;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.countersign.audit.AuditPictures;
import dev.countersign.core.Json;
import dev.countersign.core.Timestamps;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The Activity timeline without a stage: the acts of the audit log as cards, newest first, read
 * again only when the log grew; the filters (agent, app, outcome, "asked me", since a moment); and
 * the pictures by hash. The log is the record, so the timeline shows what it holds and nothing an
 * agent said about itself.
 */
final class ActivityTimeline {
    static final String ALL = "All";
    static final List<String> OUTCOMES = List.of(ALL, "confirmed", "unknown", "rejected", "failed");
    /** The most cards kept: the newest. */
    static final int CAPACITY = 500;

    private final Path log;
    private long readSize = -1;
    private List<TimelineCard> cards = List.of();

    ActivityTimeline(Path log) {
        this.log = log;
    }

    /** What the filters ask for; null or {@link #ALL} for any, {@code since} null for any time. */
    record Filter(String agent, String app, String outcome, boolean askedMe, Instant since) {
        static final Filter NONE = new Filter(ALL, ALL, ALL, false, null);

        boolean keeps(TimelineCard c) {
            return any(agent, c.agent()) && any(app, c.app()) && any(outcome, c.status())
                    && (!askedMe || c.askedMe()) && (since == null || c.at().isAfter(since));
        }

        private static boolean any(String wanted, String value) {
            return wanted == null || ALL.equals(wanted) || wanted.equals(value);
        }
    }

    /** The cards, newest first, reading the log again only when it changed size (call off the FX thread). */
    synchronized List<TimelineCard> cards() {
        long size;
        try {
            size = log == null || !Files.exists(log) ? 0 : Files.size(log);
        } catch (IOException e) {
            return cards;
        }
        if (size != readSize) {
            cards = read(log);
            readSize = size;
        }
        return cards;
    }

    static List<TimelineCard> filter(List<TimelineCard> cards, Filter filter) {
        return cards.stream().filter(filter::keeps).collect(Collectors.toList());
    }

    /** The choices of a filter: "All" and every value the cards hold, in order of first appearance. */
    static List<String> choices(List<TimelineCard> cards, Function<TimelineCard, String> field) {
        List<String> out = new ArrayList<>(List.of(ALL));
        cards.stream().map(field).filter(Objects::nonNull).distinct().sorted().forEach(out::add);
        return out;
    }

    /** "Since you were away" in one line: how many acts, how many asked you, how many were not done. */
    static String awaySummary(List<TimelineCard> since, Instant from, Function<Instant, String> time) {
        long asked = since.stream().filter(TimelineCard::askedMe).count();
        long notDone = since.stream().filter(c -> !"confirmed".equals(c.status())).count();
        if (since.isEmpty()) {
            return "Nothing happened since you last looked (" + time.apply(from) + ").";
        }
        return "Since you last looked (" + time.apply(from) + "): " + since.size() + (since.size() == 1 ? " act" : " acts")
                + ", " + asked + " asked you, " + notDone + " not confirmed.";
    }

    /** The picture with this hash as kept beside the log; empty once the age or size limit removed it. */
    Optional<byte[]> picture(String sha256) {
        try {
            return log == null ? Optional.empty() : AuditPictures.forLog(log).read(sha256);
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static List<TimelineCard> read(Path log) {
        if (log == null || !Files.exists(log)) {
            return List.of();
        }
        Deque<TimelineCard> newest = new ArrayDeque<>();
        Map<String, String> grants = new HashMap<>();
        try (BufferedReader in = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                JsonNode record = parse(line);
                if (record == null) {
                    continue;
                }
                String kind = record.path("kind").asText();
                JsonNode data = record.path("data");
                if ("grant_created".equals(kind)) {
                    grants.put(data.path("grant").asText(), TimelineCard.grantWords(data));
                } else if ("receipt".equals(kind)) {
                    Optional<Instant> at = Timestamps.parse(record.path("at").asText());
                    if (at.isEmpty()) {
                        continue;
                    }
                    String agent = record.path("agent_id").isNull() ? null : record.path("agent_id").asText();
                    newest.addFirst(TimelineCard.of(record.path("seq").asLong(), at.get(), agent, data, grants));
                    if (newest.size() > CAPACITY) {
                        newest.removeLast();
                    }
                }
            }
        } catch (IOException e) {
            // A log being rotated or unreadable: show what was read; the health line says more.
        }
        return List.copyOf(newest);
    }

    private static JsonNode parse(String line) {
        try {
            JsonNode node = Json.mapper().readTree(line);
            return node != null && node.isObject() ? node : null;
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
