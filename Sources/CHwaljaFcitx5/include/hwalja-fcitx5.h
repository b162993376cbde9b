/* hwalja inside fcitx5's process: the C interface the fcitx5 addon (Sources/fcitx5-hwalja) types
 * through. The library reads the settings file, the tables and the lexicon as hwaljad does, and
 * decides everything: the addon hands it fcitx5's events and applies what it sends back.
 *
 * Call every function on fcitx5's thread, the one that made the engine. The callbacks run on that
 * thread too, inside the call that caused them, except `wake` and `log`, which may run on any. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hwalja_fcitx5 hwalja_fcitx5;

/* What the engine asks of the addon. `context` is a number hwalja_fcitx5_context_new gave. */
typedef struct hwalja_fcitx5_callbacks {
    void *user;
    /* Insert `text` (UTF-8) at the cursor. */
    void (*commit)(void *user, uint64_t context, const char *text);
    /* Show `text` as the preedit, its cursor after `cursor` characters; "" hides it. */
    void (*preedit)(void *user, uint64_t context, const char *text, uint32_t cursor);
    /* Delete `count` characters at `offset` from the cursor (negative: before it). */
    void (*delete_surrounding)(void *user, uint64_t context, int32_t offset, uint32_t count);
    /* Hand a key event to the application (`state` has bit 30 set for a release). */
    void (*forward_key)(void *user, uint64_t context, uint32_t keysym, uint32_t keycode, uint32_t state);
    /* Show these word suggestions, best first; none (count 0) hides them. */
    void (*suggestions)(void *user, uint64_t context, const char *const *words, size_t count);
    /* Show a page of the conversion key's list (hanja or symbols) in place of the suggestions:
     * `count` candidates, each its text and its meaning ("" if none known), labelled 1 … 9,
     * `highlighted` on this page, page `page` of `pages` (from 0); count 0 hides the list. */
    void (*candidates)(void *user, uint64_t context, const char *const *texts, const char *const *meanings,
                       size_t count, uint32_t highlighted, uint32_t page, uint32_t pages);
    /* Arm the engine's one timer for `deadline` microseconds on CLOCK_MONOTONIC, replacing the
     * one armed; a negative deadline disarms it. When it comes, call hwalja_fcitx5_timer. */
    void (*schedule)(void *user, int64_t deadline);
    /* Call hwalja_fcitx5_run on fcitx5's thread soon. Any thread. */
    void (*wake)(void *user);
    /* One line for the log. Any thread. */
    void (*log)(void *user, const char *line);
} hwalja_fcitx5_callbacks;

/* Reads the settings and the 천지인 table (the lexicon and other tables follow in the
 * background or on first use); NULL, after saying why through `log`, when there is no table. */
hwalja_fcitx5 *hwalja_fcitx5_new(const hwalja_fcitx5_callbacks *callbacks);
void hwalja_fcitx5_free(hwalja_fcitx5 *engine);

/* A context typing `layout` (cheonjiin, cheonjiin-plus, naratgeul, vega); 0 when that layout is
 * unknown or its table is not installed. */
uint64_t hwalja_fcitx5_context_new(hwalja_fcitx5 *engine, const char *layout);
void hwalja_fcitx5_context_free(hwalja_fcitx5 *engine, uint64_t context);

/* One key event (`state`: fcitx5's key states, bit 30 set for a release; `time`: the event's own
 * time in milliseconds as the client stamped it, 0 if not known, which tells X's auto-repeat from
 * a new press); whether hwalja used it. Then, if hwalja_fcitx5_has_work_after_key says so, call
 * hwalja_fcitx5_after_key once the key is answered (it looks up suggestions). */
bool hwalja_fcitx5_key(hwalja_fcitx5 *engine, uint64_t context, uint32_t keysym, uint32_t keycode, uint32_t state,
                       uint32_t time);
bool hwalja_fcitx5_has_work_after_key(hwalja_fcitx5 *engine);
void hwalja_fcitx5_after_key(hwalja_fcitx5 *engine);

/* The field's purpose (GTK's numbers: 0 free form, 2 digits, 3 number, 4 phone, 8 password,
 * 9 PIN), its hints (GTK's bits: 1 << 11 private, where nothing is learned) and whether it
 * deletes the characters it is asked to around its cursor. */
void hwalja_fcitx5_set_field(hwalja_fcitx5 *engine, uint64_t context, uint32_t purpose, uint32_t hints,
                             bool can_delete);
/* The field's client: whether it speaks IBus's protocol through fcitx5's IBus frontend (kitty),
 * and whether it reports its text (fcitx5's SurroundingText capability). */
void hwalja_fcitx5_set_client(hwalja_fcitx5 *engine, uint64_t context, bool ibus_frontend, bool reports_text);
void hwalja_fcitx5_focus_in(hwalja_fcitx5 *engine, uint64_t context);
/* The field lost the focus, or the input method was switched off: the syllable is committed. */
void hwalja_fcitx5_focus_out(hwalja_fcitx5 *engine, uint64_t context);
/* The application reset the field (the cursor moved): the syllable is committed. */
void hwalja_fcitx5_reset(hwalja_fcitx5 *engine, uint64_t context);
/* Suggestion `index` of those shown was picked. */
void hwalja_fcitx5_accept_suggestion(hwalja_fcitx5 *engine, uint64_t context, uint32_t index);
/* Candidate `index` of the conversion key's page shown was picked (a click). */
void hwalja_fcitx5_accept_candidate(hwalja_fcitx5 *engine, uint64_t context, uint32_t index);
/* The field's text around its cursor as the client reports it (`cursor` and `anchor` in
 * characters; equal when nothing is selected): what the conversion key may convert. */
void hwalja_fcitx5_surrounding_text(hwalja_fcitx5 *engine, uint64_t context, const char *text, uint32_t cursor,
                                    uint32_t anchor);
/* The conversion key's list is to turn `count` pages (negative: back; the list's arrows). */
void hwalja_fcitx5_turn_candidate_page(hwalja_fcitx5 *engine, uint64_t context, int32_t count);

/* The timer armed through `schedule` came. */
void hwalja_fcitx5_timer(hwalja_fcitx5 *engine);
/* What `wake` asked for: applies what came from elsewhere (a suggestion tapped on hwalja-keypad). */
void hwalja_fcitx5_run(hwalja_fcitx5 *engine);
/* Reads the settings file again, changed or not (fcitx5's configuration was just applied). */
void hwalja_fcitx5_reload_settings(hwalja_fcitx5 *engine);

#ifdef __cplusplus
}
#endif
