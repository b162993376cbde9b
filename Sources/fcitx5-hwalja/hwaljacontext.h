// One fcitx5 input context's org.hwalja.InputContext1 on hwaljad: the calls made for it and the
// signals applied to it. No typing logic: hwaljad decides everything.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <fcitx-utils/dbus/bus.h>
#include <fcitx-utils/dbus/message.h>
#include <fcitx-utils/event.h>
#include <fcitx/inputcontext.h>
#include <fcitx/inputcontextproperty.h>

namespace hwalja {

class HwaljaEngine;

/// The hwaljad input context of one fcitx5 input context, made on first use and made again
/// after hwaljad went away.
class HwaljaContext : public fcitx::InputContextProperty {
public:
    HwaljaContext(HwaljaEngine &engine, fcitx::InputContext &ic) : engine_(engine), ic_(ic) {}
    ~HwaljaContext() override;

    /// Sends a key event; the answer is whether hwaljad used it, nothing when hwaljad did not
    /// answer (the key then goes to the application). A release whose answer hwaljad gave with
    /// the press is answered at once, and sent without waiting.
    std::optional<bool> processKey(uint32_t keysym, uint32_t keycode, uint32_t state);
    /// The field gained focus; lost it (`focusLost`), or the input method was switched off.
    void focusIn();
    void focusOut(bool focusLost);
    /// The application reset the field (moved the cursor, changed the text).
    void reset();
    /// The layout the selected input method types (hwaljad's name for it: cheonjiin, vega …): a
    /// context of another layout is let go of, and the next one made is of this layout.
    void useLayout(const std::string &layout);

    /// A suggestion picked in the candidate list (index 0: the first shown): hwaljad makes the
    /// word being typed into it.
    void acceptSuggestion(uint32_t index);

    /// Applies a signal hwaljad sent to this context (CommitText, UpdatePreedit,
    /// DeleteSurroundingText, ForwardKeyEvent, SuggestionsChanged), in order with those before.
    void apply(fcitx::dbus::Message &signal);

    /// The object path on hwaljad ("" while there is none), the daemon's unique bus name ("" on
    /// a peer connection: no names there) and the connection the context lives on.
    const std::string &path() const { return path_; }
    const std::string &daemon() const { return daemon_; }
    const fcitx::dbus::Bus *connection() const { return bus_; }

    /// Forgets the hwaljad context (hwaljad died or restarted): the preedit it showed is
    /// committed, as the user saw it, so that nothing typed is lost.
    void lose();

private:
    std::optional<bool> answerKey(uint32_t keysym, uint32_t keycode, uint32_t state);
    /// Makes the hwaljad context if there is none; false when hwaljad cannot be reached.
    bool open();
    /// Tells hwaljad the field's purpose and that the application can delete around its cursor,
    /// when they changed.
    void syncField();
    /// A bounded call on this context; an empty message when it failed (then the context is lost).
    fcitx::dbus::Message call(fcitx::dbus::Message message);
    fcitx::dbus::Message method(const char *member);
    fcitx::dbus::Message createInputContext(fcitx::dbus::Bus &bus);
    /// Asks hwaljad to free this context, without waiting.
    void destroy();
    void showPreedit(const std::string &text, uint32_t cursor);

    /// What one of hwaljad's signals asks of the field.
    struct Change {
        enum class Kind { commit, preedit, deleteSurrounding, forwardKey, suggestions };
        explicit Change(Kind kind) : kind(kind) {}
        Kind kind;
        std::string text;
        uint32_t cursor = 0;  // preedit
        int32_t offset = 0;   // deleteSurrounding, with count
        uint32_t count = 0;
        uint32_t keysym = 0, keycode = 0, state = 0;  // forwardKey
        std::vector<std::string> words;               // suggestions
    };
    static std::optional<Change> read(fcitx::dbus::Message &signal);
    /// Whether the field deletes the characters it is asked to delete: if not, hwaljad is never
    /// told it can delete (it keeps what backspace may take back in the preedit instead).
    bool deletesAsAsked() const;
    void apply(const Change &change);
    /// Whether `change`, and every change after it until the key event returns, must wait for
    /// that: fcitx5's D-Bus frontend (before 5.1.6) puts the commits, preedits and forwarded keys
    /// of a key event in the key's reply but sends a deletion at once, and its GTK 4 module
    /// applies the reply first (a pick typed 감감사합니다, fcitx/fcitx5 commit 8275614).
    bool mustWaitForKeyEvent(const Change &change) const;
    void applyHeldBack();

    HwaljaEngine &engine_;
    fcitx::InputContext &ic_;
    std::string path_;
    std::string daemon_;
    /// The layout the context is (to be) made with: CreateInputContext's argument.
    std::string layout_ = "cheonjiin";
    /// Where the hwaljad context is: the engine's peer connection or its session bus (nullptr
    /// while there is none; the engine loses its contexts before it lets a connection go).
    fcitx::dbus::Bus *bus_ = nullptr;
    /// The preedit shown last, as the client's own (fcitx5 commits that itself on focus out).
    std::string clientPreedit_;
    /// A commit hwaljad sends for FocusOut that fcitx5 has already made.
    std::string committedByFcitx_;
    /// Keysyms held down whose release hwaljad answered with the press: handled or not.
    std::unordered_map<uint32_t, bool> releases_;
    uint32_t purposeSent_ = 0;
    bool surroundingSent_ = false;
    /// Whether a key event of fcitx5's is being answered (processKey).
    bool inKeyEvent_ = false;
    /// Changes waiting for the key event to return (mustWaitForKeyEvent), applied, as signals to
    /// the client, from fcitx5's event loop right after.
    std::vector<Change> heldBack_;
    std::unique_ptr<fcitx::EventSource> heldBackEvent_;
};

} // namespace hwalja
