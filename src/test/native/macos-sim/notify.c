/* libcountersign-notify (test stand-in): native/macos/notify.m's contract, so the notification
 * path (MacNotifications, MacQuestionNotifier) runs on Linux. Built as shim/libcountersign-notify.dylib,
 * the file name ShimLibraries looks for. It stands in for UNUserNotificationCenter: it records what
 * was posted and removed, keeps the delivered notices, and sim_notify_activate imitates the person
 * clicking one — the delegate's didReceiveNotificationResponse, called on a thread of its own as
 * the framework calls it on its queue. No CF object crosses this contract, so it keeps its own state rather than libmacsim's; it
 * includes sim.h only to compile against apple.h's prototypes of the contract. */
#include "sim.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NOTICES 64
#define LOG_SIZE 65536

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static cs_notify_activated activated_cb = NULL;
static int started = 0;
static int bundled = 1;
static char *delivered[MAX_NOTICES];
static char events[LOG_SIZE];
static size_t events_len = 0;

static void record(const char *fmt, const char *a, const char *b, const char *c) {
    char line[4096];
    int n = snprintf(line, sizeof line, fmt, a, b, c);
    if (n < 0) return;
    size_t len = (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
    if (events_len + len + 2 < LOG_SIZE) {
        memcpy(events + events_len, line, len);
        events_len += len;
        events[events_len++] = '\n';
        events[events_len] = 0;
    }
}

static int find(const char *id) {
    for (int i = 0; i < MAX_NOTICES; i++) {
        if (delivered[i] && strcmp(delivered[i], id) == 0) return i;
    }
    return -1;
}

int cs_notify_start(cs_notify_activated activated) {
    pthread_mutex_lock(&lock);
    int rc = 0;
    if (!bundled) {
        rc = -6; /* currentNotificationCenter serves application bundles only */
    } else {
        activated_cb = activated;
        started = 1;
        record("start%s%s%s", "", "", "");
    }
    pthread_mutex_unlock(&lock);
    return rc;
}

int cs_notify_post(const char *identifier, const char *title, const char *body) {
    pthread_mutex_lock(&lock);
    int rc = 0;
    if (!started) {
        rc = -1;
    } else if (!identifier || !title || !body) {
        rc = -4;
    } else {
        /* addNotificationRequest: replaces a notice with the same identifier. */
        int at = find(identifier);
        if (at < 0) {
            for (int i = 0; i < MAX_NOTICES; i++) {
                if (!delivered[i]) { at = i; break; }
            }
        } else {
            free(delivered[at]);
        }
        if (at < 0) {
            rc = -4;
        } else {
            delivered[at] = strdup(identifier);
            record("post %s | %s | %s", identifier, title, body);
        }
    }
    pthread_mutex_unlock(&lock);
    return rc;
}

int cs_notify_remove(const char *identifier) {
    pthread_mutex_lock(&lock);
    int rc = 0;
    if (!started) {
        rc = -1;
    } else if (!identifier) {
        rc = -4;
    } else {
        int at = find(identifier);
        if (at >= 0) {
            free(delivered[at]);
            delivered[at] = NULL;
        }
        record("remove %s%s%s", identifier, "", "");
    }
    pthread_mutex_unlock(&lock);
    return rc;
}

static void *deliver_click(void *arg) {
    char *id = arg;
    activated_cb(id);
    free(id);
    return NULL;
}

/* The person clicks notice `identifier`: 1 when it was delivered (the delegate was called), else 0. */
int sim_notify_activate(const char *identifier) {
    pthread_mutex_lock(&lock);
    int shown = identifier && find(identifier) >= 0 && activated_cb;
    if (shown) record("click %s%s%s", identifier, "", "");
    pthread_mutex_unlock(&lock);
    if (!shown) return 0;
    pthread_t t;
    char *copy = strdup(identifier);
    if (pthread_create(&t, NULL, deliver_click, copy) != 0) {
        free(copy);
        return 0;
    }
    pthread_join(t, NULL);
    return 1;
}

/* How many notices are delivered now. */
int sim_notify_shown(void) {
    pthread_mutex_lock(&lock);
    int n = 0;
    for (int i = 0; i < MAX_NOTICES; i++) if (delivered[i]) n++;
    pthread_mutex_unlock(&lock);
    return n;
}

/* What was started, posted, removed and clicked, one line each. */
const char *sim_notify_events(void) { return events; }

/* A fresh notification center; `app` 0 imitates a process without a bundle identifier. */
void sim_notify_reset(int app) {
    pthread_mutex_lock(&lock);
    for (int i = 0; i < MAX_NOTICES; i++) { free(delivered[i]); delivered[i] = NULL; }
    events_len = 0;
    events[0] = 0;
    started = 0;
    activated_cb = NULL;
    bundled = app;
    pthread_mutex_unlock(&lock);
}
