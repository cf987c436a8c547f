package dev.countersign.policy;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.countersign.core.CountersignError;
import dev.countersign.core.CountersignException;
import dev.countersign.core.ErrorCode;
import dev.countersign.core.Json;
import java.io.IOException;
import java.util.Objects;

/**
 * Reads a policy document from bytes, strictly, and turns every problem into one
 * {@code INVALID_ARGUMENT} error naming the JSON path (e.g. {@code categories.delete.en}).
 *
 * <p>Stricter than the wire mapper: a policy decides what runs unattended, so "1" is not the
 * version 1, 1.5 is not an integer, a number is not a word, and a member given twice is an error
 * rather than "the last one wins".
 */
final class PolicyParser {
    private static final ObjectReader READER = reader();

    private PolicyParser() {
    }

    static PolicyDocument parse(byte[] json) {
        Objects.requireNonNull(json, "json");
        try {
            PolicyDocument document = READER.readValue(json);
            if (document == null) {
                throw invalid("policy", "the policy file is empty; it must be a JSON object with a version");
            }
            return document;
        } catch (UnrecognizedPropertyException e) {
            String at = path(e);
            throw invalid(at, "the policy file has an unknown field \"" + e.getPropertyName() + "\" at " + at
                    + "; known fields: " + e.getKnownPropertyIds());
        } catch (JsonMappingException e) {
            // A record constructor's rule violation arrives wrapped; it names its field and quotes the rule.
            if (e.getCause() instanceof PolicyRuleViolation violation) {
                throw invalid(violation.field(), "the policy file is not valid: " + violation.getMessage());
            }
            throw invalid(path(e), "the policy file is not valid at " + path(e) + ": " + e.getOriginalMessage());
        } catch (JsonProcessingException e) {
            throw invalid(syntaxPath(e), "the policy file is not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw invalid("policy", "the policy file could not be read: " + e.getMessage());
        }
    }

    private static CountersignException invalid(String field, String message) {
        return new CountersignException(CountersignError.onField(ErrorCode.INVALID_ARGUMENT, field, message));
    }

    private static String path(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : e.getPath()) {
            if (reference.getFieldName() != null) {
                if (path.length() > 0) {
                    path.append('.');
                }
                path.append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.length() == 0 ? "policy" : path.toString();
    }

    /** Where the parser stood when the text broke a rule, e.g. the member given twice. */
    private static String syntaxPath(JsonProcessingException e) {
        if (e.getProcessor() instanceof JsonParser parser) {
            String pointer = parser.getParsingContext().pathAsPointer().toString();
            if (!pointer.isEmpty()) {
                return pointer.substring(1).replace('/', '.');
            }
        }
        return "policy";
    }

    private static ObjectReader reader() {
        // A copy, so the shared wire mapper keeps its own configuration.
        ObjectMapper strict = Json.mapper().copy();
        strict.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        strict.coercionConfigFor(LogicalType.Integer)
                .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        strict.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        return strict.readerFor(PolicyDocument.class);
    }
}
