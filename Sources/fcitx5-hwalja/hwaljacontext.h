// One fcitx5 input context's context in hwalja's engine: the events handed to it and the
// changes it sends back applied to the input context. No typing logic: the engine decides.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <fcitx-utils/event.h>
#include <fcitx/inputcontext.h>
#include <fcitx/inputcontextproperty.h>

#include "hwaljacandidates.h"

namespace hwalja {

class HwaljaEngine;

/// What the engine asks of the field: one of its callbacks.
struct Change {
    enum class Kind { commit, preedit, deleteSurrounding, forwardKey, suggestions, candidates };
    explicit Change(Kind kind) : kind(kind) {}
    Kind kind;
    std::string text;
    uint32_t cursor = 0; // preedit
    int32_t offset = 0;  // deleteSurrounding, with count
    uint32_t count = 0;
    uint32_t keysym = 0, keycode = 0, state = 0; // forwardKey
    std::vector<std::string> words;              // suggestions
    CandidatePage page;                          // candidates
};

/// The engine's context of one fcitx5 input context, made on first use (of the layout of the
/// input method selected).
class HwaljaContext : public fcitx::InputContextProperty {
public:
    HwaljaContext(HwaljaEngine &engine, fcitx::InputContext &ic) : engine_(engine), ic_(ic) {}
    ~HwaljaContext() override;

    /// A key event (`time`: the client's time of it, 0 if not known); whether the engine used it
    /// (if not, it goes to the application).
    bool processKey(uint32_t keysym, uint32_t keycode, uint32_t state, uint32_t time);
    /// The field gained focus; lost it (`focusLost`), or the input method was switched off.
    void focusIn();
    void focusOut(bool focusLost);
    /// The application reset the field (moved the cursor, changed the text).
    void reset();
    /// The layout the selected input method types (cheonjiin, vega …): a context of another
    /// layout is let go of, and the next one made is of this layout.
    void useLayout(const std::string &layout);
    /// A suggestion picked in the candidate list (index 0: the first shown).
    void acceptSuggestion(uint32_t index);
    /// A candidate of the conversion key's page picked (index 0: the first shown).
    void acceptCandidate(uint32_t index);
    /// The conversion key's list turned `count` pages (its arrows).
    void turnCandidatePage(int32_t count);
    /// The client reported its text around the cursor.
    void surroundingTextChanged();

    /// Applies what the engine sent for this context, in order with what came before.
    void apply(Change change);

private:
    /// Makes the engine's context if there is none; false when the engine cannot type.
    bool open();
    /// Lets the engine's context go.
    void close();
    /// Tells the engine the field's purpose and that it can delete around its cursor, when they changed.
    void syncField();
    void showPreedit(const std::string &text, uint32_t cursor);
    /// Whether the field deletes the characters it is asked to delete: if not, the engine is never
    /// told it can delete (it keeps what backspace may take back in the preedit instead).
    bool deletesAsAsked() const;
    void applyNow(const Change &change);
    /// Whether `change`, and every change after it until the key event returns, must wait for
    /// that: fcitx5's D-Bus frontend (before 5.1.6) puts the commits, preedits and forwarded keys
    /// of a key event in the key's reply but sends a deletion at once, and its GTK 4 module
    /// applies the reply first (a pick typed 감감사합니다, fcitx/fcitx5 commit 8275614).
    bool mustWaitForKeyEvent(const Change &change) const;
    void applyHeldBack();

    HwaljaEngine &engine_;
    fcitx::InputContext &ic_;
    /// The engine's number for this context; 0 while there is none.
    uint64_t number_ = 0;
    /// The layout the context is (to be) made with.
    std::string layout_ = "cheonjiin";
    /// The preedit shown last, as the client's own (fcitx5 commits that itself on focus out).
    std::string clientPreedit_;
    /// A commit the engine makes for FocusOut that fcitx5 has already made.
    std::string committedByFcitx_;
    uint32_t purposeSent_ = UINT32_MAX;
    uint32_t hintsSent_ = UINT32_MAX;
    bool deletionSent_ = false;
    int clientSent_ = -1; // the last hwalja_fcitx5_set_client, as ibus_frontend * 2 + reports_text
    /// Whether a key event of fcitx5's is being answered (processKey).
    bool inKeyEvent_ = false;
    /// Changes waiting for the key event to return (mustWaitForKeyEvent), applied, as signals to
    /// the client, from fcitx5's event loop right after.
    std::vector<Change> heldBack_;
    std::unique_ptr<fcitx::EventSource> heldBackEvent_;
};

} // namespace hwalja
