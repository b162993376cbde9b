/* A hwaljad client on sd-bus that only calls sd_bus_call (never sd_bus_process).
 *
 * Usage: blocking-sdbus ADDRESS ROUNDS
 * Makes a context and types 안녕 and a space ROUNDS times with PressKey, keeping the text as
 * the interface says (each reply's commit, then its preedit). Prints one JSON line like
 * tools/clients/blocking-dbus.py.
 * Build: cc blocking-sdbus.c $(pkg-config --cflags --libs libsystemd) */
#include <systemd/sd-bus.h>
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

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s ADDRESS ROUNDS\n", argv[0]);
        return 2;
    }
    long rounds = atol(argv[2]);
    sd_bus *bus = NULL;
    if (sd_bus_new(&bus) < 0 || sd_bus_set_address(bus, argv[1]) < 0 || sd_bus_set_bus_client(bus, 1) < 0 ||
        sd_bus_start(bus) < 0) {
        fprintf(stderr, "cannot connect to %s\n", argv[1]);
        return 1;
    }
    sd_bus_error error = SD_BUS_ERROR_NULL;
    sd_bus_message *reply = NULL;
    const char *path;
    if (sd_bus_call_method(bus, "org.hwalja.Engine1", "/org/hwalja/Engine1", "org.hwalja.Engine1", "CreateContext",
                           &error, &reply, "") < 0 ||
        sd_bus_message_read(reply, "o", &path) < 0) {
        fprintf(stderr, "CreateContext: %s\n", error.message ? error.message : "no reply");
        return 1;
    }
    char *context = strdup(path);
    sd_bus_message_unref(reply);

    size_t capacity = 1 << 20, length = 0;
    char *text = malloc(capacity);
    char preedit[256] = "";
    double slowest = 0;
    long typed = 0;
    char failure[512] = "";
    for (long round = 0; round < rounds && !failure[0]; round++) {
        for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
            sd_bus_message *call = NULL, *answer = NULL;
            sd_bus_message_new_method_call(bus, &call, "org.hwalja.Engine1", context, "org.hwalja.Context1",
                                           "PressKey");
            sd_bus_message_append(call, "s", keys[k]);
            double start = now_ms();
            int status = sd_bus_call(bus, call, 5000000, &error, &answer); /* µs */
            double took = now_ms() - start;
            if (took > slowest)
                slowest = took;
            sd_bus_message_unref(call);
            const char *commit, *shown;
            int consumed;
            if (status < 0 || sd_bus_message_read(answer, "ssb", &commit, &shown, &consumed) < 0) {
                snprintf(failure, sizeof failure, "%s: %.200s", error.name ? error.name : "no reply",
                         error.message ? error.message : "");
                sd_bus_message_unref(answer);
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
            sd_bus_message_unref(answer);
            typed++;
        }
    }
    text[length] = 0;
    size_t unit = strlen(round_text);
    long whole = typed / (long)(sizeof keys / sizeof *keys);
    int ok = strlen(preedit) == 0 && length == unit * whole;
    for (long i = 0; ok && i < whole; i++)
        ok = memcmp(text + i * unit, round_text, unit) == 0;
    printf("{\"keys\": %ld, \"text_ok\": %s, \"slowest_ms\": %.3f, \"error\": ", typed, ok ? "true" : "false", slowest);
    if (failure[0])
        printf("\"%s\"}\n", failure);
    else
        printf("null}\n");
    return 0;
}
