/*
 * The harness's desktop-wide state besides the recorded model: which application has keyboard
 * focus, whether secure event input is on, the main thread and the calls made off it, and the
 * native calls counted by name. Linked into libmacsim with core.c; reset by sim_reset.
 */
#include "sim.h"
#include <pthread.h>
#include <string.h>

static int focus_pid = -1, secure_input;
static pthread_t main_thread;
static int main_thread_set;
static long thread_violations;
struct call_count { const char *function; long n; };
static struct call_count counts[32];


void sim_control_reset(void) {
    focus_pid = -1;
    secure_input = 0;
    thread_violations = 0;
    memset(counts, 0, sizeof counts);
}

int sim_secure_input_state(void) { return secure_input; }
int sim_focused_pid(void) {
    if (focus_pid >= 0) return focus_pid;
    for (int i = 0; i < sim_app_count(); i++)
        if (sim_app_at(i)->active) return sim_app_at(i)->pid;
    return 0;
}

void sim_set_main_thread(void) { main_thread = pthread_self(); main_thread_set = 1; }
int sim_on_main(void) { return main_thread_set && pthread_equal(pthread_self(), main_thread); }

/* macOS traps these off the main thread and ends the process; the harness counts them. */
void sim_require_main(const char *function) {
    if (sim_on_main()) return;
    sim_lock();
    thread_violations++;
    sim_unlock();
    sim_report(function, "called off the main thread (macOS ends the process)");
}

long sim_thread_violations(void) { return thread_violations; }
void sim_thread_violations_zero(void) { thread_violations = 0; }

void sim_count_call(const char *function) {
    sim_lock();
    for (int i = 0; i < 32; i++) {
        if (!counts[i].function) counts[i].function = function;
        if (!strcmp(counts[i].function, function)) { counts[i].n++; break; }
    }
    sim_unlock();
}

/* Which app AXFocusedApplication names: a pid, 0 for none, -1 to follow the active app again. */
void sim_focus_app(int pid) { focus_pid = pid; }

void sim_secure_input_set(int enabled) { secure_input = enabled; }

/* How often a counted native function was called since the last reset or zeroing. */
long sim_call_count(const char *function) {
    long n = 0;
    sim_lock();
    for (int i = 0; i < 32 && counts[i].function; i++)
        if (!strcmp(counts[i].function, function)) n = counts[i].n;
    sim_unlock();
    return n;
}

void sim_call_counts_zero(void) {
    sim_lock();
    for (int i = 0; i < 32; i++) counts[i].n = 0;
    sim_unlock();
}
