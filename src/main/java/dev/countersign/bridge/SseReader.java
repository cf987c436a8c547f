package dev.countersign.bridge;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/** Reads a {@code text/event-stream} and hands over each event's data (comments and ids are skipped). */
final class SseReader {
    private SseReader() {
    }

    static void read(InputStream in, Consumer<String> events) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        StringBuilder data = new StringBuilder();
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isEmpty()) {
                if (data.length() > 0) {
                    events.accept(data.toString());
                    data.setLength(0);
                }
            } else if (line.startsWith("data:")) {
                if (data.length() > 0) {
                    data.append('\n');
                }
                data.append(line.substring(line.startsWith("data: ") ? 6 : 5));
            }
        }
        if (data.length() > 0) {
            events.accept(data.toString());
        }
    }
}
