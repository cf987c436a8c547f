package dev.countersign.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.countersign.desktop.ElementHandle;
import org.junit.jupiter.api.Test;

class CredentialMemoryTest {
    @Test
    void anElementThatHeldACredentialIsRemembered() {
        CredentialMemory memory = new CredentialMemory();
        ElementHandle entry = new ElementHandle() { };
        memory.remember(entry, "github_token");

        assertThat(memory.heldBy(entry)).contains("github_token");
        assertThat(memory.heldBy(new ElementHandle() { })).isEmpty();
    }

    @Test
    void aFloodOfTokenHoldingFieldsCannotPushTheCutFieldOutOfMemory() {
        CredentialMemory memory = new CredentialMemory();
        ElementHandle cut = new ElementHandle() { };
        memory.remember(cut, "github_token");
        for (int i = 0; i < CredentialMemory.MAX_ELEMENTS; i++) {
            memory.remember(new ElementHandle() { }, "aws_access_key");
        }

        // The field is forgotten by name, but withheld all the same: so is every other one now.
        assertThat(memory.heldBy(cut)).contains(CredentialMemory.FORGOTTEN);
        assertThat(memory.heldBy(new ElementHandle() { })).contains(CredentialMemory.FORGOTTEN);
    }
}
