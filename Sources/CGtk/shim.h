// GTK 3, GDK's X11 backend and the XTest extension, GDK's Wayland backend, gtk-layer-shell and
// xkbcommon for hwalja-keypad, with the few C macros Swift cannot call written as functions.
#include <gtk/gtk.h>
#include <glib-unix.h>
#include <gdk/gdkx.h>
#include <gdk/gdkwayland.h>
#include <gtk-layer-shell/gtk-layer-shell.h>
#include <xkbcommon/xkbcommon.h>
#include <X11/Xlib.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XTest.h>

/// g_signal_connect, a macro in C.
static inline gulong hwalja_signal_connect(gpointer instance, const gchar *signal, GCallback handler, gpointer data) {
    return g_signal_connect_data(instance, signal, handler, data, NULL, (GConnectFlags)0);
}

/// The X display of GDK's default display, or NULL when GDK does not run on X11.
static inline Display *hwalja_x_display(void) {
    GdkDisplay *display = gdk_display_get_default();
    if (display == NULL || !GDK_IS_X11_DISPLAY(display)) {
        return NULL;
    }
    return gdk_x11_display_get_xdisplay(display);
}

/// The Wayland display of GDK's default display, or NULL when GDK does not run on Wayland.
static inline struct wl_display *hwalja_wayland_display(void) {
    GdkDisplay *display = gdk_display_get_default();
    if (display == NULL || !GDK_IS_WAYLAND_DISPLAY(display)) {
        return NULL;
    }
    return gdk_wayland_display_get_wl_display(display);
}
