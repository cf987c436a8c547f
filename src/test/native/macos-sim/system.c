/* libSystem: proc_pidinfo(PROC_PIDTBSDINFO) for the recorded processes, with <sys/proc_info.h>'s layout,
 * and the main thread: a harness thread that runs what is queued on the main queue, in order, as the
 * main run loop does on a Mac, and that pthread_main_np names. */
#include "sim.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define MAXCOMLEN 16
struct proc_bsdinfo {
    uint32_t pbi_flags, pbi_status, pbi_xstatus, pbi_pid, pbi_ppid;
    uint32_t pbi_uid, pbi_gid, pbi_ruid, pbi_rgid, pbi_svuid, pbi_svgid;
    uint32_t rfu_1;
    char pbi_comm[MAXCOMLEN];
    char pbi_name[2 * MAXCOMLEN];
    uint32_t pbi_nfiles, pbi_pgid, pbi_pjobc, e_tdev, e_tpgid;
    int32_t pbi_nice;
    uint64_t pbi_start_tvsec, pbi_start_tvusec;
};
_Static_assert(sizeof(struct proc_bsdinfo) == 136, "struct proc_bsdinfo is 136 bytes on LP64");

int proc_pidinfo(int pid, int flavor, uint64_t arg, void *buffer, int buffersize) {
    (void)arg;
    if (flavor != 3 /* PROC_PIDTBSDINFO */) return 0;
    sim_app *a = sim_app_by_pid(pid);
    if (!a || !buffer || buffersize < (int)sizeof(struct proc_bsdinfo)) return 0;
    struct proc_bsdinfo info;
    memset(&info, 0, sizeof info);
    info.pbi_pid = (uint32_t)pid;
    if (a->name) strncpy(info.pbi_comm, a->name, MAXCOMLEN - 1);
    info.pbi_start_tvsec = (uint64_t)(a->start_usec / 1000000);
    info.pbi_start_tvusec = (uint64_t)(a->start_usec % 1000000);
    memcpy(buffer, &info, sizeof info);
    return (int)sizeof info;
}

/* ---- the main queue and the main thread ---- */
struct dispatch_queue_s { char opaque[64]; };
struct dispatch_queue_s _dispatch_main_q;

struct task { dispatch_function_t work; void *context; struct task *next; };
static struct task *head, *tail;
static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queued = PTHREAD_COND_INITIALIZER;
static pthread_once_t started = PTHREAD_ONCE_INIT;

static void *main_loop(void *unused) {
    (void)unused;
    sim_set_main_thread();
    for (;;) {
        pthread_mutex_lock(&queue_lock);
        while (!head) pthread_cond_wait(&queued, &queue_lock);
        struct task *t = head;
        head = t->next;
        if (!head) tail = NULL;
        pthread_mutex_unlock(&queue_lock);
        t->work(t->context);
        free(t);
    }
    return NULL;
}

static void start_main(void) {
    pthread_t thread;
    pthread_create(&thread, NULL, main_loop, NULL);
    pthread_detach(thread);
}

void dispatch_async_f(dispatch_queue_t queue, void *context, dispatch_function_t work) {
    if (queue != &_dispatch_main_q || !work) {
        sim_count_invalid("dispatch_async_f", "a queue other than the main queue, or no work");
        return;
    }
    pthread_once(&started, start_main);
    struct task *t = calloc(1, sizeof *t);
    t->work = work;
    t->context = context;
    pthread_mutex_lock(&queue_lock);
    if (tail) tail->next = t; else head = t;
    tail = t;
    pthread_cond_signal(&queued);
    pthread_mutex_unlock(&queue_lock);
}

int pthread_main_np(void) { return sim_on_main(); }
