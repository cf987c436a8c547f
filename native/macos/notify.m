// libcountersign-notify: the approval question as a macOS notification, through the
// UserNotifications framework (UNUserNotificationCenter), for
// dev.countersign.desktop.macos.MacNotifications. Built only on a Mac (see Makefile); when the
// library is absent, or Countersign does not run from its .app, no notification is posted and
// the dialog and the menu bar still ask.
//
// UNUserNotificationCenter is the platform's API since macOS 10.14; NSUserNotificationCenter,
// its predecessor, is deprecated since macOS 11 and below this library's minimum (12.3), so there
// is no fallback to it. Both answer only a process with a bundle identifier (an .app): a bare
// `java` process gets -6 and no notification.
//
// Contract (all strings UTF-8, copied before the call returns):
//   cs_notify_start(activated)   sets the delegate and asks for alert permission once; activated
//                                is called, on a queue of the framework's, with the identifier of
//                                a notification the person clicked (its default action). Returns 0,
//                                -6 no bundle identifier, -4 any other failure.
//   cs_notify_post(id, title, body)  posts (or replaces) the notification `id` now; 0 when
//                                submitted (delivery is the system's: the person may have turned
//                                Countersign's notifications off), -1 before cs_notify_start, -4 bad input.
//   cs_notify_remove(id)         removes the notification `id`, delivered or pending; 0, -1 before start.

#import <Foundation/Foundation.h>
#import <UserNotifications/UserNotifications.h>

typedef void (*cs_notify_activated)(const char *identifier);

static cs_notify_activated cs_activated = NULL;

@interface CSNotifyDelegate : NSObject <UNUserNotificationCenterDelegate>
@end

@implementation CSNotifyDelegate

// Countersign is usually not frontmost while an agent waits; when it is, the question still shows.
- (void)userNotificationCenter:(UNUserNotificationCenter *)center
       willPresentNotification:(UNNotification *)notification
         withCompletionHandler:(void (^)(UNNotificationPresentationOptions options))completionHandler {
    (void) center;
    (void) notification;
    completionHandler(UNNotificationPresentationOptionBanner | UNNotificationPresentationOptionList
                      | UNNotificationPresentationOptionSound);
}

// Only the notice's own click (its default action) brings the dialog forward; nothing answers.
- (void)userNotificationCenter:(UNUserNotificationCenter *)center
didReceiveNotificationResponse:(UNNotificationResponse *)response
         withCompletionHandler:(void (^)(void))completionHandler {
    (void) center;
    cs_notify_activated activated = cs_activated;
    if (activated != NULL && [response.actionIdentifier isEqualToString:UNNotificationDefaultActionIdentifier]) {
        activated(response.notification.request.identifier.UTF8String);
    }
    completionHandler();
}

@end

static CSNotifyDelegate *cs_delegate = nil;

int cs_notify_start(cs_notify_activated activated) {
    @autoreleasepool {
        // currentNotificationCenter raises for a process that is not an application bundle.
        if ([[NSBundle mainBundle] bundleIdentifier] == nil) {
            return -6;
        }
        @try {
            UNUserNotificationCenter *center = [UNUserNotificationCenter currentNotificationCenter];
            cs_activated = activated;
            cs_delegate = [CSNotifyDelegate new];
            // The delegate property is weak: cs_delegate keeps it alive for the process's life.
            center.delegate = cs_delegate;
            [center requestAuthorizationWithOptions:(UNAuthorizationOptionAlert | UNAuthorizationOptionSound)
                                  completionHandler:^(BOOL granted, NSError *error) {
                if (!granted) {
                    NSLog(@"Countersign: notifications not allowed (%@)", error);
                }
            }];
            return 0;
        } @catch (NSException *e) {
            NSLog(@"Countersign: no notification center (%@)", e.reason);
            return -4;
        }
    }
}

int cs_notify_post(const char *identifier, const char *title, const char *body) {
    if (cs_delegate == nil) {
        return -1;
    }
    if (identifier == NULL || title == NULL || body == NULL) {
        return -4;
    }
    @autoreleasepool {
        UNMutableNotificationContent *content = [UNMutableNotificationContent new];
        content.title = [NSString stringWithUTF8String:title];
        content.body = [NSString stringWithUTF8String:body];
        content.sound = [UNNotificationSound defaultSound];
        NSString *key = [NSString stringWithUTF8String:identifier];
        if (content.title == nil || content.body == nil || key == nil) {
            return -4;
        }
        UNNotificationRequest *request = [UNNotificationRequest requestWithIdentifier:key content:content trigger:nil];
        [[UNUserNotificationCenter currentNotificationCenter] addNotificationRequest:request
                                                               withCompletionHandler:^(NSError *error) {
            if (error != nil) {
                NSLog(@"Countersign: the question's notification was not posted (%@)", error);
            }
        }];
        return 0;
    }
}

int cs_notify_remove(const char *identifier) {
    if (cs_delegate == nil) {
        return -1;
    }
    if (identifier == NULL) {
        return -4;
    }
    @autoreleasepool {
        NSString *key = [NSString stringWithUTF8String:identifier];
        if (key == nil) {
            return -4;
        }
        UNUserNotificationCenter *center = [UNUserNotificationCenter currentNotificationCenter];
        [center removePendingNotificationRequestsWithIdentifiers:@[key]];
        [center removeDeliveredNotificationsWithIdentifiers:@[key]];
        return 0;
    }
}
