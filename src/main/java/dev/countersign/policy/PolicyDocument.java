package dev.countersign.policy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The policy as the person edits it: a versioned JSON document with the risk words per category
 * and language, and the key rules (docs/policy.md). Parse one with {@link RiskPolicy#parse(byte[])}.
 *
 * <p>The compact constructors enforce what the file must say, so a document that exists is one
 * the policy can run; every message quotes the rule that was broken.
 */
public record PolicyDocument(
        @JsonProperty("version") Integer version,
        @JsonProperty("categories") Categories categories,
        @JsonProperty("keys") Keys keys,
        @JsonProperty("roles") Roles roles,
        @JsonProperty("credentials") @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> credentials,
        @JsonProperty("grantable") @JsonInclude(JsonInclude.Include.NON_NULL) List<String> grantable) {

    /** The policy format versions this build understands. */
    public static final Set<Integer> SUPPORTED_VERSIONS = Set.of(1);
    private static final Pattern CREDENTIAL_NAME = Pattern.compile("[a-z][a-z0-9_]{0,31}");

    public PolicyDocument {
        if (version == null) {
            throw new PolicyRuleViolation("version", "version is required: the policy file must say which format it is");
        }
        if (!SUPPORTED_VERSIONS.contains(version)) {
            throw new PolicyRuleViolation("version", "version " + version + " is not supported; this Countersign reads "
                    + SUPPORTED_VERSIONS);
        }
        if (categories == null) {
            throw new PolicyRuleViolation("categories", "categories is required");
        }
        if (keys == null) {
            throw new PolicyRuleViolation("keys", "keys is required");
        }
        roles = roles == null ? Roles.NONE : roles;
        credentials = credentials(credentials);
        grantable = grantable(grantable);
    }

    /**
     * A document without {@code roles} (no key is judged by where it lands) and without
     * {@code credentials} (only Countersign's own token shape is redacted).
     */
    public PolicyDocument(Integer version, Categories categories, Keys keys) {
        this(version, categories, keys, null, null, null);
    }

    /**
     * A document without {@code roles} (no key is judged by where it lands) and without
     * {@code grantable} (every category but delete, money, security and carry may be granted).
     */
    public PolicyDocument(Integer version, Categories categories, Keys keys, Map<String, String> credentials) {
        this(version, categories, keys, null, credentials, null);
    }

    /** What may be granted for a while when the file has no {@code grantable} list. */
    static final Set<RiskCategory> NEVER_GRANTED_BY_DEFAULT = Set.of(RiskCategory.DELETE, RiskCategory.MONEY,
            RiskCategory.SECURITY, RiskCategory.CARRY);

    /**
     * {@code grantable}: optional, the risk categories (wire names) whose acts the person may
     * allow for a while instead of once (docs/approvals.md). Absent, every category but
     * {@code delete} and {@code money}; an unknown name or a repeat is an error. Null stays null,
     * so that a document without the list keeps its digest.
     */
    private static List<String> grantable(List<String> grantable) {
        if (grantable == null) {
            return null;
        }
        Set<String> known = new LinkedHashSet<>();
        for (RiskCategory c : RiskCategory.values()) {
            known.add(c.wireName());
        }
        Set<String> seen = new HashSet<>();
        for (String name : grantable) {
            if (name == null || !known.contains(name)) {
                throw new PolicyRuleViolation("grantable", "grantable: \"" + name
                        + "\" is not a risk category; known: " + known);
            }
            if (!seen.add(name)) {
                throw new PolicyRuleViolation("grantable", "grantable names \"" + name + "\" twice");
            }
        }
        return List.copyOf(grantable);
    }

    /** Whether acts of {@code category} (a wire name) may be allowed for a while. */
    boolean grants(String category) {
        if (grantable != null) {
            return grantable.contains(category);
        }
        for (RiskCategory c : RiskCategory.values()) {
            if (c.wireName().equals(category)) {
                return !NEVER_GRANTED_BY_DEFAULT.contains(c);
            }
        }
        return false;
    }

    /**
     * {@code credentials}: optional, a name ({@code [a-z][a-z0-9_]{0,31}}) for each regular
     * expression whose matches are redacted from everything observed on screen.
     */
    private static Map<String, String> credentials(Map<String, String> credentials) {
        if (credentials == null) {
            return Map.of();
        }
        Map<String, String> copy = new LinkedHashMap<>();
        credentials.forEach((name, regex) -> {
            String at = "credentials." + name;
            if (name == null || !CREDENTIAL_NAME.matcher(name).matches()) {
                throw new PolicyRuleViolation("credentials", "credentials: \"" + name
                        + "\" is not a name of a-z, 0-9 and _ starting with a letter (at most 32)");
            }
            if (regex == null || regex.isEmpty()) {
                throw new PolicyRuleViolation(at, at + " must be a non-empty regular expression");
            }
            try {
                if (Pattern.compile(regex).matcher("").matches()) {
                    throw new PolicyRuleViolation(at, at + " matches the empty string; it would redact nothing useful");
                }
            } catch (PatternSyntaxException e) {
                throw new PolicyRuleViolation(at, at + " is not a valid regular expression: " + e.getDescription());
            }
            copy.put(name, regex);
        });
        return Collections.unmodifiableMap(copy);
    }

    /**
     * Risk words per category, each a map from a language tag (e.g. {@code en}, {@code pt},
     * {@code zh}) to the words and phrases that UIs of that language show. Every category must be
     * present (but {@code security}, which files written before it may leave out): to stop a
     * category from asking, give it empty lists, so that a misspelt category name fails loudly
     * instead of silently dropping protection.
     */
    public record Categories(
            @JsonProperty("delete") Map<String, List<String>> delete,
            @JsonProperty("money") Map<String, List<String>> money,
            @JsonProperty("security") Map<String, List<String>> security,
            @JsonProperty("publish") Map<String, List<String>> publish,
            @JsonProperty("send") Map<String, List<String>> send,
            @JsonProperty("share") Map<String, List<String>> share,
            @JsonProperty("discard") Map<String, List<String>> discard,
            @JsonProperty("install") Map<String, List<String>> install,
            @JsonProperty("run") Map<String, List<String>> run,
            @JsonProperty("consent") Map<String, List<String>> consent) {

        private static final Pattern LANGUAGE = Pattern.compile("[a-z]{2,3}(-[A-Za-z0-9]{2,8})*");

        public Categories {
            delete = words("delete", delete);
            money = words("money", money);
            // The one category a policy file written before it existed may leave out: such a file
            // keeps what it asked before (no security words) instead of failing to load.
            security = words("security", security == null ? Map.of() : security);
            publish = words("publish", publish);
            send = words("send", send);
            share = words("share", share);
            discard = words("discard", discard);
            install = words("install", install);
            run = words("run", run);
            consent = words("consent", consent);
        }

        /** The words of one label-matched category. */
        public Map<String, List<String>> of(RiskCategory category) {
            switch (category) {
                case DELETE: return delete;
                case MONEY: return money;
                case SECURITY: return security;
                case PUBLISH: return publish;
                case SEND: return send;
                case SHARE: return share;
                case DISCARD: return discard;
                case INSTALL: return install;
                case RUN: return run;
                case CONSENT: return consent;
                default: throw new IllegalArgumentException(category.wireName() + " is not chosen by label words");
            }
        }

        private static Map<String, List<String>> words(String category, Map<String, List<String>> byLanguage) {
            String at = "categories." + category;
            if (byLanguage == null) {
                throw new PolicyRuleViolation(at, at + " is required; give it empty lists to disable it");
            }
            Map<String, List<String>> copy = new LinkedHashMap<>();
            byLanguage.forEach((language, words) -> {
                if (language == null || !LANGUAGE.matcher(language).matches()) {
                    throw new PolicyRuleViolation(at, at + ": \"" + language
                            + "\" is not a language tag such as en, pt or zh-Hant");
                }
                if (words == null) {
                    throw new PolicyRuleViolation(at + "." + language, at + "." + language + " must be a list of words");
                }
                for (String word : words) {
                    if (word == null || LabelText.foldedTokens(word).isEmpty()) {
                        throw new PolicyRuleViolation(at + "." + language, at + "." + language
                                + " holds an entry with no letters or digits: " + (word == null ? "null" : "\"" + word + "\""));
                    }
                }
                copy.put(language, List.copyOf(words));
            });
            return Collections.unmodifiableMap(copy);
        }
    }

    /**
     * The key rules: {@code navigation} chords never ask; a chord whose key is in {@code submit}
     * asks as {@code send}, one whose key is in {@code erase} asks as {@code delete}, with or
     * without modifiers; every other chord asks as {@code unknown_target}. Where the key lands
     * changes that (docs/policy.md): {@code editing} (optional) lists the chords that act only
     * inside an editable text (select all, undo, copy, paste, move by word), which never ask there.
     */
    public record Keys(
            @JsonProperty("navigation") List<String> navigation,
            @JsonProperty("submit") List<String> submit,
            @JsonProperty("erase") List<String> erase,
            @JsonProperty("editing") List<String> editing) {

        public Keys {
            navigation = chords("keys.navigation", navigation, true);
            submit = chords("keys.submit", submit, false);
            erase = chords("keys.erase", erase, false);
            editing = editing == null ? List.of() : chords("keys.editing", editing, true);
        }

        /** Key rules without an {@code editing} list. */
        public Keys(List<String> navigation, List<String> submit, List<String> erase) {
            this(navigation, submit, erase, null);
        }

        private static List<String> chords(String at, List<String> chords, boolean modifiersAllowed) {
            if (chords == null) {
                throw new PolicyRuleViolation(at, at + " is required (it may be an empty list)");
            }
            for (String chord : chords) {
                KeyChord.validate(chord).ifPresent(error -> {
                    throw new PolicyRuleViolation(at, at + ": " + error.message());
                });
                if (!modifiersAllowed && KeyChord.parse(chord).modified()) {
                    throw new PolicyRuleViolation(at, at + ": \"" + chord
                            + "\" names modifiers; list bare keys here, they match with any modifiers");
                }
            }
            return List.copyOf(chords);
        }
    }

    /**
     * Roles that decide what a key does where it lands (optional; absent, no key is judged by its
     * landing and every rule asks as before): on a {@code terminal} Return runs the command line;
     * on a {@code pressable} element (a button, check box, radio button, link, menu item) Return
     * and space are a click on it; on a multi-line {@code cell} (a spreadsheet's, even while its
     * app reports it read-only during a formula's entry) a plain Return commits it. Roles are compared as {@link ValueControls#normalize} spells
     * them, so AT-SPI's "push button" and macOS's "AXButton" are written as shown.
     */
    /**
     * A single-line field whose Return the app keeps inside the document: the field of app
     * {@code app} (its bundle id or name, exactly) in the tool bar named {@code toolBar}
     * (exactly). LibreOffice's Name Box jumps to the cell or range it names.
     */
    public record LocalField(@JsonProperty("app") String app, @JsonProperty("tool_bar") String toolBar,
            @JsonProperty("does") String does) {
        public LocalField {
            if (app == null || app.isBlank() || toolBar == null || toolBar.isBlank()) {
                throw new PolicyRuleViolation("roles.local_fields",
                        "roles.local_fields: each entry names an app and the tool bar the field is in");
            }
        }
    }

    public record Roles(
            @JsonProperty("terminal") List<String> terminal,
            @JsonProperty("pressable") List<String> pressable,
            @JsonProperty("cell") List<String> cell,
            @JsonProperty("opens_list") List<String> opensList,
            @JsonProperty("local_fields") List<LocalField> localFields) {

        static final Roles NONE = new Roles(List.of(), List.of(), List.of(), List.of(), List.of());

        public Roles {
            terminal = roles("roles.terminal", terminal);
            pressable = roles("roles.pressable", pressable);
            cell = roles("roles.cell", cell);
            opensList = roles("roles.opens_list", opensList);
            localFields = localFields == null ? List.of() : List.copyOf(localFields);
        }

        private static List<String> roles(String at, List<String> roles) {
            if (roles == null) {
                return List.of();
            }
            for (String role : roles) {
                if (role == null || ValueControls.normalize(role).isEmpty()) {
                    throw new PolicyRuleViolation(at, at + " holds an entry with no letters: "
                            + (role == null ? "null" : "\"" + role + "\""));
                }
            }
            return List.copyOf(roles);
        }
    }
}
