package dev.countersign.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.countersign.core.Digests;
import dev.countersign.core.Json;
import java.io.IOException;
import java.util.Iterator;
import java.util.Set;

/**
 * The one place that turns records into lines and lines back into records, so the writer and the
 * verifier cannot disagree about what a hash covers.
 */
final class RecordCodec {
    /** No record line is longer; bounds memory when reading a damaged or hostile file. */
    static final int MAX_RECORD_BYTES = 1 << 20;

    private static final Set<String> FIELDS = Set.of("seq", "at", "kind", "agent_id", "data", "prev", "hash");
    // A repeated key would let a reader see one value while the hash covers another.
    private static final ObjectReader READER = Json.mapper().reader()
            .with(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

    private RecordCodec() {
    }

    /** A line that is not a record of this format; the message says which rule it breaks. */
    static final class MalformedRecord extends Exception {
        private static final long serialVersionUID = 1L;

        MalformedRecord(String message) {
            super(message);
        }
    }

    /** A line parsed into a well-formed record, with the hash its content actually has. */
    record Parsed(AuditRecord record, String computedHash) {
        boolean hashMatches() {
            return record.hash().equals(computedHash);
        }
    }

    static String hashOf(ObjectNode body) {
        return Digests.digest(body);
    }

    /** The record as one JSONL line, newline included. */
    static byte[] line(AuditRecord record) {
        ObjectNode full = record.body();
        full.put("hash", record.hash());
        try {
            byte[] json = Json.mapper().writeValueAsBytes(full);
            byte[] line = new byte[json.length + 1];
            System.arraycopy(json, 0, line, 0, json.length);
            line[json.length] = '\n';
            return line;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("audit record cannot be serialized: " + e.getOriginalMessage(), e);
        }
    }

    /** Parses one line (without its newline) and hashes what is actually there. */
    static Parsed parse(byte[] line) throws MalformedRecord {
        if (line.length == 0) {
            throw new MalformedRecord("empty line");
        }
        JsonNode tree;
        try {
            tree = READER.readTree(line);
        } catch (IOException e) {
            throw new MalformedRecord("not JSON: " + firstLine(e));
        }
        if (tree == null || !tree.isObject()) {
            throw new MalformedRecord("not a JSON object");
        }
        ObjectNode object = (ObjectNode) tree;
        for (Iterator<String> names = object.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new MalformedRecord("unknown field \"" + name + "\"");
            }
        }
        JsonNode seq = require(object, "seq");
        if (!seq.isIntegralNumber() || !seq.canConvertToLong()) {
            throw new MalformedRecord("seq is not an integer");
        }
        JsonNode agent = require(object, "agent_id");
        if (!agent.isNull() && !agent.isTextual()) {
            throw new MalformedRecord("agent_id is neither a string nor null");
        }
        JsonNode data = require(object, "data");
        if (!data.isObject()) {
            throw new MalformedRecord("data is not a JSON object");
        }
        AuditRecord record;
        try {
            record = new AuditRecord(seq.longValue(), text(object, "at"), text(object, "kind"),
                    agent.isNull() ? null : agent.textValue(), (ObjectNode) data,
                    text(object, "prev"), text(object, "hash"));
        } catch (IllegalArgumentException e) {
            throw new MalformedRecord(e.getMessage());
        }
        ObjectNode withoutHash = object.deepCopy();
        withoutHash.remove("hash");
        return new Parsed(record, hashOf(withoutHash));
    }

    /** Only the sequence number, or -1; for looking ahead past a damaged spot. */
    static long seqOrNegative(byte[] line) {
        try {
            return parse(line).record().seq();
        } catch (MalformedRecord e) {
            return -1;
        }
    }

    private static JsonNode require(ObjectNode object, String field) throws MalformedRecord {
        JsonNode node = object.get(field);
        if (node == null) {
            throw new MalformedRecord("missing field \"" + field + "\"");
        }
        return node;
    }

    private static String text(ObjectNode object, String field) throws MalformedRecord {
        JsonNode node = require(object, field);
        if (!node.isTextual()) {
            throw new MalformedRecord(field + " is not a string");
        }
        return node.textValue();
    }

    private static String firstLine(IOException e) {
        String message = e instanceof JsonProcessingException processing
                ? processing.getOriginalMessage() : e.getMessage();
        if (message == null) {
            return e.getClass().getSimpleName();
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
