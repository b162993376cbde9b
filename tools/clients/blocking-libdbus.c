/* A hwaljad client on libdbus that only makes blocking calls and never dispatches.
 *
 * Usage: blocking-libdbus ADDRESS ROUNDS
 * Makes a context and types 안녕 and a space ROUNDS times with PressKey
 * (dbus_connection_send_with_reply_and_block), keeping the text as the interface says (each
 * reply's commit, then its preedit). Prints one JSON line like tools/clients/blocking-dbus.py.
 * Build: cc blocking-libdbus.c $(pkg-config --cflags --libs dbus-1) */
#include <dbus/dbus.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>

static const char *keys[] = {"ㅇㅁ", "ㅣ", "ㆍ", "ㄴㄹ", "NEXT", "ㄴㄹ", "ㆍ", "ㆍ", "ㅣ", "ㅇㅁ", "SPACE", "SPACE"};
static const char *round_text = "안녕 ";

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void finish(long typed, int text_ok, double slowest, const char *error) {
    printf("{\"keys\": %ld, \"text_ok\": %s, \"slowest_ms\": %.3f, \"error\": ", typed, text_ok ? "true" : "false",
           slowest);
    if (error)
        printf("\"%s\"}\n", error);
    else
        printf("null}\n");
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s ADDRESS ROUNDS\n", argv[0]);
        return 2;
    }
    long rounds = atol(argv[2]);
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_connection_open_private(argv[1], &error);
    if (!bus || !dbus_bus_register(bus, &error)) {
        fprintf(stderr, "connect: %s\n", error.message);
        return 1;
    }

    DBusMessage *create = dbus_message_new_method_call("org.hwalja.Engine1", "/org/hwalja/Engine1",
                                                       "org.hwalja.Engine1", "CreateContext");
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(bus, create, 5000, &error);
    const char *path = NULL;
    if (!reply || !dbus_message_get_args(reply, &error, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID)) {
        fprintf(stderr, "CreateContext: %s\n", error.message);
        return 1;
    }
    char *context = strdup(path);
    dbus_message_unref(reply);
    dbus_message_unref(create);

    size_t capacity = 1 << 20, length = 0;
    char *text = malloc(capacity);
    char preedit[256] = "";
    double slowest = 0;
    long typed = 0;
    char failure[512] = "";
    for (long round = 0; round < rounds && !failure[0]; round++) {
        for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
            DBusMessage *call =
                dbus_message_new_method_call("org.hwalja.Engine1", context, "org.hwalja.Context1", "PressKey");
            dbus_message_append_args(call, DBUS_TYPE_STRING, &keys[k], DBUS_TYPE_INVALID);
            double start = now_ms();
            DBusMessage *answer = dbus_connection_send_with_reply_and_block(bus, call, 5000, &error);
            double took = now_ms() - start;
            if (took > slowest)
                slowest = took;
            dbus_message_unref(call);
            const char *commit, *shown;
            dbus_bool_t consumed;
            if (!answer || !dbus_message_get_args(answer, &error, DBUS_TYPE_STRING, &commit, DBUS_TYPE_STRING, &shown,
                                                  DBUS_TYPE_BOOLEAN, &consumed, DBUS_TYPE_INVALID)) {
                snprintf(failure, sizeof failure, "%s: %.200s", error.name, error.message);
                if (answer)
                    dbus_message_unref(answer);
                break;
            }
            size_t add = strlen(commit);
            if (length + add + 1 > capacity) {
                capacity *= 2;
                text = realloc(text, capacity);
            }
            memcpy(text + length, commit, add);
            length += add;
            snprintf(preedit, sizeof preedit, "%s", shown);
            dbus_message_unref(answer);
            typed++;
        }
    }
    text[length] = 0;
    /* The text must be 안녕 and a space once per round typed, then the preedit. */
    size_t unit = strlen(round_text);
    long whole = typed / (long)(sizeof keys / sizeof *keys);
    int ok = strlen(preedit) == 0 && length == unit * whole;
    for (long i = 0; ok && i < whole; i++)
        ok = memcmp(text + i * unit, round_text, unit) == 0;
    finish(typed, ok, slowest, failure[0] ? failure : NULL);
    return 0;
}
