// Sends key events to KWin through its fake-input protocol (org_kde_kwin_fake_input, version 4:
// keyboard_key with evdev codes), as KDE Connect does: the only way a test's keys reach KWin
// 5.27, which offers no virtual keyboard to a client. KWin offers the protocol only to a client
// whose executable a desktop file names (X-KDE-Wayland-Interfaces), through its sycoca cache.
//
//     kwin-fake-keys EVENT...     (WAYLAND_DISPLAY names KWin's socket)
//
// EVENT: dCODE (key down), uCODE (key up), sMS (wait MS milliseconds), mX,Y (the pointer to X, Y),
// p and r (the left button pressed and released). Built by the tests with wayland-scanner from
// plasma-wayland-protocols' fake-input.xml (tools/kwin-keys.py and tools/keypad_session.py run it).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>

#include "fake-input-client-protocol.h"

static struct org_kde_kwin_fake_input *fake_input;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data;
    if (strcmp(interface, org_kde_kwin_fake_input_interface.name) == 0 && version >= 4) {
        fake_input = wl_registry_bind(registry, name, &org_kde_kwin_fake_input_interface, 4);
    }
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

int main(int argc, char **argv) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) {
        fprintf(stderr, "kwin-fake-keys: cannot connect to the Wayland display\n");
        return 1;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!fake_input) {
        fprintf(stderr, "kwin-fake-keys: the compositor offers no org_kde_kwin_fake_input version 4 to this client\n");
        return 1;
    }
    org_kde_kwin_fake_input_authenticate(fake_input, "hwalja tests", "types the tests' keys");
    for (int i = 1; i < argc; ++i) {
        char kind = argv[i][0];
        long value = strtol(argv[i] + 1, NULL, 10);
        if (kind == 'd' || kind == 'u') {
            org_kde_kwin_fake_input_keyboard_key(fake_input, (uint32_t)value, kind == 'd' ? 1 : 0);
            wl_display_roundtrip(display);
        } else if (kind == 'm') {
            char *comma = strchr(argv[i], ',');
            long y = comma ? strtol(comma + 1, NULL, 10) : 0;
            org_kde_kwin_fake_input_pointer_motion_absolute(fake_input, wl_fixed_from_int((int)value),
                                                            wl_fixed_from_int((int)y));
            wl_display_roundtrip(display);
        } else if (kind == 'p' || kind == 'r') {
            org_kde_kwin_fake_input_button(fake_input, 0x110, kind == 'p' ? 1 : 0); // BTN_LEFT
            wl_display_roundtrip(display);
        } else if (kind == 's') {
            struct timespec pause = {value / 1000, (value % 1000) * 1000000L};
            nanosleep(&pause, NULL);
        } else {
            fprintf(stderr, "kwin-fake-keys: bad event %.16s (dCODE, uCODE, sMS, mX,Y, p or r)\n", argv[i]);
            return 2;
        }
    }
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
