package dev.countersign.desktop.macos;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ElementReaderTest {
    private final AxFixture login = AxFixture.load("secure-field.json");

    @Test
    void aSecureFieldIsAskedForEverythingButItsValue() {
        ElementReader.Read r = new ElementReader<>(login).read(login.at("0/1"));
        assertThat(r.attributes()).doesNotContainKey("AXValue").containsEntry("AXSubrole", "AXSecureTextField");
        assertThat(login.requested.get("0/1")).containsAll(AxNames.BATCH).doesNotContain("AXValue")
                .contains("settable:AXValue");
    }

    @Test
    void settabilityIsAskedOnlyForTextRoles() {
        new ElementReader<>(login).read(login.at("0/3"));
        assertThat(login.requested.get("0/3")).contains("AXValue").doesNotContain("settable:AXValue");
    }

    @Test
    void aVanishedElementReadsAsGoneWithTheReason() {
        login.at("0/3").gone = true;
        ElementReader.Read r = new ElementReader<>(login).read(login.at("0/3"));
        assertThat(r.gone()).isTrue();
        assertThat(r.goneReason()).contains("gone");
        assertThat(ElementReader.reason(AxError.API_DISABLED)).contains("not granted");
        assertThat(ElementReader.reason(AxError.CANNOT_COMPLETE)).contains("not responding");
    }
}
