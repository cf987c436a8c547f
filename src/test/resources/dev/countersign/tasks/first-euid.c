/*
 * VLC refuses to start when its effective uid is 0 (its main() asks geteuid() once, first thing),
 * and the test desktop runs as root in CI. Preloaded into VLC only, this answers that first
 * question with "nobody" and every later one truthfully, so that D-Bus and AT-SPI, which send the
 * real uid to authenticate, work as they do for VLC run by a person. Built by the task suite
 * (src/test/java/dev/countersign/tasks/VlcTasks.java) with the system's cc.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <unistd.h>

static int answered;

uid_t geteuid(void) {
    if (!answered) {
        answered = 1;
        return 65534;
    }
    uid_t (*real)(void) = (uid_t (*)(void)) dlsym(RTLD_NEXT, "geteuid");
    return real();
}
