#include "hwaljacontext.h"

#include <string_view>

#include <fcitx-utils/capabilityflags.h>
#include <fcitx-utils/key.h>
#include <fcitx-utils/textformatflags.h>
#include <fcitx-utils/utf8.h>
#include <fcitx/inputpanel.h>
#include <fcitx/text.h>
#include <fcitx/userinterface.h>

#include "hwalja-fcitx5.h"
#include "hwaljaengine.h"
#include "hwaljasuggestions.h"

namespace hwalja {

namespace {
constexpr uint32_t releaseBit = 1u << 30;

/// The field's purpose by GTK/IBus number, from fcitx5's capability flags (as fcitx5-gtk sets them).
uint32_t purpose(fcitx::CapabilityFlags flags) {
    using fcitx::CapabilityFlag;
    if (flags.test(CapabilityFlag::Password)) {
        return flags.test(CapabilityFlag::Digit) ? 9 : 8; // PIN, password
    }
    if (flags.test(CapabilityFlag::Dialable)) {
        return 4; // phone
    }
    if (flags.test(CapabilityFlag::Number)) {
        return 3;
    }
    if (flags.test(CapabilityFlag::Digit)) {
        return 2;
    }
    return 0; // free form
}

/// The field's hints by GTK bit, from fcitx5's capability flags: Sensitive is GTK's private hint.
uint32_t hints(fcitx::CapabilityFlags flags) {
    return flags.test(fcitx::CapabilityFlag::Sensitive) ? (1u << 11) : 0; // private
}
} // namespace

HwaljaContext::~HwaljaContext() {
    hideSuggestions(ic_, false); // their words call this context
    hideCandidates(ic_, false);
    close();
}

bool HwaljaContext::open() {
    if (number_ != 0) {
        return true;
    }
    auto *engine = engine_.engine();
    if (!engine) {
        return false;
    }
    number_ = hwalja_fcitx5_context_new(engine, layout_.c_str());
    if (number_ == 0) {
        return false;
    }
    engine_.route(number_, this);
    purposeSent_ = UINT32_MAX;
    hintsSent_ = UINT32_MAX;
    deletionSent_ = false;
    clientSent_ = -1;
    if (ic_.hasFocus()) {
        hwalja_fcitx5_focus_in(engine, number_);
    }
    return true;
}

void HwaljaContext::close() {
    if (number_ == 0) {
        return;
    }
    hwalja_fcitx5_context_free(engine_.engine(), number_);
    engine_.unroute(number_);
    number_ = 0;
}

void HwaljaContext::syncField() {
    uint32_t now = purpose(ic_.capabilityFlags());
    uint32_t hintsNow = hints(ic_.capabilityFlags());
    bool deletes = !deletionSent_ && ic_.capabilityFlags().test(fcitx::CapabilityFlag::SurroundingText) &&
                   ic_.surroundingText().isValid() && deletesAsAsked();
    if (now != purposeSent_ || hintsNow != hintsSent_ || deletes) {
        purposeSent_ = now;
        hintsSent_ = hintsNow;
        deletionSent_ = deletionSent_ || deletes;
        hwalja_fcitx5_set_field(engine_.engine(), number_, now, hintsNow, deletes);
    }
    bool ibusFrontend = std::string_view(ic_.frontend()) == "ibus";
    bool reportsText = ic_.capabilityFlags().test(fcitx::CapabilityFlag::SurroundingText);
    int client = (ibusFrontend ? 2 : 0) + (reportsText ? 1 : 0);
    if (client != clientSent_) {
        clientSent_ = client;
        hwalja_fcitx5_set_client(engine_.engine(), number_, ibusFrontend, reportsText);
    }
}

bool HwaljaContext::processKey(uint32_t keysym, uint32_t keycode, uint32_t state, uint32_t time) {
    if (!open()) {
        return false;
    }
    syncField();
    inKeyEvent_ = true;
    bool handled = hwalja_fcitx5_key(engine_.engine(), number_, keysym, keycode, state, time);
    inKeyEvent_ = false;
    if (hwalja_fcitx5_has_work_after_key(engine_.engine())) {
        engine_.afterKey();
    }
    return handled;
}

void HwaljaContext::focusIn() {
    if (number_ == 0) {
        open(); // says FocusIn itself to a new context of a focused field
    } else {
        hwalja_fcitx5_focus_in(engine_.engine(), number_);
    }
    if (number_ != 0) {
        syncField();
        surroundingTextChanged(); // a client reports its text again only when it changed
    }
}

void HwaljaContext::focusOut(bool focusLost) {
    if (number_ == 0) {
        return;
    }
    // fcitx5 commits the client's preedit itself when the field loses focus (unless the client
    // asks to, ClientUnfocusCommit), before the engine hears of it: the engine's commit of the
    // same syllable is then dropped, or it would be typed twice. (fcitx5 also deactivates the
    // input method while a field's capabilities change, committing nothing.)
    if (focusLost && !ic_.capabilityFlags().test(fcitx::CapabilityFlag::ClientUnfocusCommit)) {
        committedByFcitx_ = clientPreedit_;
    }
    hwalja_fcitx5_focus_out(engine_.engine(), number_);
    committedByFcitx_.clear();
    hideSuggestions(ic_);
    hideCandidates(ic_);
}

void HwaljaContext::reset() {
    if (number_ != 0) {
        hwalja_fcitx5_reset(engine_.engine(), number_);
    }
    hideSuggestions(ic_);
    hideCandidates(ic_);
}

void HwaljaContext::acceptSuggestion(uint32_t index) {
    if (number_ != 0) {
        hwalja_fcitx5_accept_suggestion(engine_.engine(), number_, index);
    }
}

void HwaljaContext::acceptCandidate(uint32_t index) {
    if (number_ != 0) {
        hwalja_fcitx5_accept_candidate(engine_.engine(), number_, index);
    }
}

void HwaljaContext::turnCandidatePage(int32_t count) {
    if (number_ != 0) {
        hwalja_fcitx5_turn_candidate_page(engine_.engine(), number_, count);
    }
}

void HwaljaContext::surroundingTextChanged() {
    const auto &surrounding = ic_.surroundingText();
    if (number_ == 0) {
        return;
    }
    if (!surrounding.isValid()) {
        hwalja_fcitx5_surrounding_text(engine_.engine(), number_, "", 0, 0); // nothing known: nothing kept
        return;
    }
    hwalja_fcitx5_surrounding_text(engine_.engine(), number_, surrounding.text().c_str(), surrounding.cursor(),
                                   surrounding.anchor());
}

void HwaljaContext::useLayout(const std::string &layout) {
    if (layout == layout_) {
        return;
    }
    close(); // another input method was selected: its FocusOut has already ended the syllable
    layout_ = layout;
}

void HwaljaContext::showPreedit(const std::string &text, uint32_t cursor) {
    fcitx::Text preedit;
    if (!text.empty()) {
        preedit.append(text, fcitx::TextFormatFlag::Underline);
        auto length = fcitx::utf8::length(text);
        preedit.setCursor(
            static_cast<int>(fcitx::utf8::ncharByteLength(text.begin(), std::min<size_t>(cursor, length))));
    }
    bool client = ic_.capabilityFlags().test(fcitx::CapabilityFlag::Preedit);
    clientPreedit_ = client ? text : "";
    if (client) {
        ic_.inputPanel().setClientPreedit(preedit);
    } else {
        ic_.inputPanel().setPreedit(preedit);
    }
    ic_.updatePreedit();
    ic_.updateUserInterface(fcitx::UserInterfaceComponent::InputPanel);
}

void HwaljaContext::apply(Change change) {
    if (heldBack_.empty() && !mustWaitForKeyEvent(change)) {
        applyNow(change);
        return;
    }
    bool first = heldBack_.empty();
    heldBack_.push_back(std::move(change));
    if (!first) {
        return;
    }
    if (!heldBackEvent_) {
        heldBackEvent_ = engine_.eventLoop().addDeferEvent([this](fcitx::EventSource *) {
            applyHeldBack();
            return true;
        });
    }
    heldBackEvent_->setOneShot(); // once, on the loop's next turn (again each time changes are held back)
}

bool HwaljaContext::deletesAsAsked() const {
    // fcitx5's Wayland frontends ("wayland", "wayland_v2") delete by the protocol's byte counts,
    // which GTK 4.8 reads as characters: asked to delete 하 (3 bytes), it deleted three syllables.
    return std::string(ic_.frontend()).rfind("wayland", 0) != 0;
}

bool HwaljaContext::mustWaitForKeyEvent(const Change &change) const {
    return inKeyEvent_ && change.kind == Change::Kind::deleteSurrounding && std::string(ic_.frontend()) == "dbus";
}

void HwaljaContext::applyHeldBack() {
    auto changes = std::move(heldBack_);
    heldBack_.clear();
    for (const auto &change : changes) {
        applyNow(change);
    }
}

void HwaljaContext::applyNow(const Change &change) {
    using Kind = Change::Kind;
    switch (change.kind) {
    case Kind::commit:
        if (!committedByFcitx_.empty() && change.text == committedByFcitx_) {
            committedByFcitx_.clear();
            return;
        }
        ic_.commitString(change.text);
        break;
    case Kind::preedit:
        showPreedit(change.text, change.cursor);
        break;
    case Kind::deleteSurrounding:
        ic_.deleteSurroundingText(change.offset, change.count);
        break;
    case Kind::forwardKey: {
        fcitx::Key key(static_cast<fcitx::KeySym>(change.keysym), fcitx::KeyStates(change.state & ~releaseBit),
                       change.keycode);
        ic_.forwardKey(key, (change.state & releaseBit) != 0);
        break;
    }
    case Kind::suggestions:
        showSuggestions(ic_, change.words, [this](uint32_t index) { acceptSuggestion(index); });
        break;
    case Kind::candidates:
        showCandidates(
            ic_, change.page, [this](uint32_t index) { acceptCandidate(index); },
            [this](int32_t count) { turnCandidatePage(count); });
        break;
    }
}

} // namespace hwalja
