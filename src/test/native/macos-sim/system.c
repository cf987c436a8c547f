/* libSystem: proc_pidinfo(PROC_PIDTBSDINFO) for the recorded processes, with <sys/proc_info.h>'s layout. */
#include "sim.h"
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
