package dev.countersign.desktop;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which roles a field in a secure field's place must have to inherit its secrecy (StickySecureDesktopTest has the real apps). */
class SecureMemoryTest {

    @Test
    void textRolesAreKnownInEveryPlatformsSpellingAndOthersAreNot() {
        assertThat(SecureMemory.textLike("text")).isTrue();
        assertThat(SecureMemory.textLike("password text")).isTrue();
        assertThat(SecureMemory.textLike("Entry")).isTrue();
        assertThat(SecureMemory.textLike("AXTextField")).isTrue();
        assertThat(SecureMemory.textLike("AXSecureTextField")).isTrue();
        assertThat(SecureMemory.textLike("AXTextArea")).isTrue();
        assertThat(SecureMemory.textLike("combo box")).isTrue();
        assertThat(SecureMemory.textLike("search_field")).isTrue();
        assertThat(SecureMemory.textLike("push button")).isFalse();
        assertThat(SecureMemory.textLike("AXButton")).isFalse();
        assertThat(SecureMemory.textLike("texts")).isFalse();
        assertThat(SecureMemory.textLike("")).isFalse();
    }
}
