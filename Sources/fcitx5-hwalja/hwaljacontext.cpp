#include "hwaljacontext.h"

#include <vector>

#include <fcitx-utils/capabilityflags.h>
#include <fcitx-utils/key.h>
#include <fcitx-utils/textformatflags.h>
#include <fcitx-utils/utf8.h>
#include <fcitx/inputpanel.h>
#include <fcitx/text.h>
#include <fcitx/userinterface.h>

#include "hwaljaengine.h"
#include "hwaljasuggestions.h"

namespace hwalja {

namespace {
constexpr char daemonName[] = "org.hwalja.Engine1";
constexpr char enginePath[] = "/org/hwalja/Engine1";
constexpr char contextInterface[] = "org.hwalja.InputContext1";
constexpr uint32_t releaseBit = 1u << 30;
// ProcessKeyEvent's second answer to a press: how its release will be answered (hwaljad decides).
constexpr uint32_t releaseUnknown = 0;
constexpr uint32_t releaseHandled = 1;
constexpr uint32_t releaseNotHandled = 2;
constexpr size_t maxHeldKeys = 64;

/// The field's purpose by GTK/IBus number, from fcitx5's capability flags (as fcitx5-gtk sets them).
uint32_t purpose(fcitx::CapabilityFlags flags) {
    using fcitx::CapabilityFlag;
    if (flags.test(CapabilityFlag::Password)) {
        return flags.test(CapabilityFlag::Digit) ? 9 : 8;  // PIN, password
    }
    if (flags.test(CapabilityFlag::Dialable)) {
        return 4;  // phone
    }
    if (flags.test(CapabilityFlag::Number)) {
        return 3;
    }
    if (flags.test(CapabilityFlag::Digit)) {
        return 2;
    }
    return 0;  // free form
}

bool timedOut(const fcitx::dbus::Message &reply) {
    return reply.errorName() == "org.freedesktop.DBus.Error.NoReply" ||
           reply.errorName() == "org.freedesktop.DBus.Error.Timeout";
}
} // namespace

HwaljaContext::~HwaljaContext() {
    hideSuggestions(ic_, false);  // their words call this context
    if (!path_.empty()) {
        engine_.unroute(path_);
        destroy();
    }
}

void HwaljaContext::destroy() {
    auto message = bus_->createMethodCall(daemon_.empty() ? daemonName : daemon_.c_str(), enginePath, daemonName, "DestroyContext");
    message << fcitx::dbus::ObjectPath(path_);
    message.send();  // no answer awaited: a daemon that is slow frees it later, a dead one has nothing to free
}

bool HwaljaContext::open() {
    if (!path_.empty()) {
        return true;
    }
    if (!engine_.mayCall()) {
        return false;
    }
    auto *bus = engine_.connectionForNewContext();
    if (!bus) {
        return false;
    }
    auto reply = createInputContext(*bus);
    if (reply.type() != fcitx::dbus::MessageType::Reply && engine_.isPeer(bus) && !timedOut(reply)) {
        engine_.peerFailed(reply.errorName());  // refused, or closed under it: the session bus then
        bus = &engine_.bus();
        reply = createInputContext(*bus);
    }
    if (reply.type() != fcitx::dbus::MessageType::Reply) {
        if (timedOut(reply)) {
            engine_.timedOut();
        }
        engine_.unreachable(reply.errorName());
        return false;
    }
    fcitx::dbus::ObjectPath path;
    reply >> path;
    path_ = path.path();
    daemon_ = engine_.isPeer(bus) ? "" : reply.sender();  // no sender on a peer connection (fcitx5 cannot read a null one)
    bus_ = bus;
    purposeSent_ = 0;
    surroundingSent_ = false;
    engine_.route(path_, this);
    engine_.reached();
    if (ic_.hasFocus()) {
        call(method("FocusIn"));
    }
    return !path_.empty();
}

fcitx::dbus::Message HwaljaContext::createInputContext(fcitx::dbus::Bus &bus) {
    auto message = bus.createMethodCall(daemonName, enginePath, daemonName, "CreateInputContext");
    message << layout_;
    return message.call(openTimeoutMicroseconds);
}

fcitx::dbus::Message HwaljaContext::method(const char *member) {
    // On a peer connection the destination is only for sd-bus, which wants one: hwaljad is all there is.
    return bus_->createMethodCall(daemon_.empty() ? daemonName : daemon_.c_str(), path_.c_str(), contextInterface, member);
}

fcitx::dbus::Message HwaljaContext::call(fcitx::dbus::Message message) {
    auto *bus = bus_;
    auto reply = engine_.isPeer(bus) ? engine_.callPeer(message) : message.call(callTimeoutMicroseconds);
    engine_.dispatchQueued(*bus);  // the signals hwaljad sent before this reply, in order
    if (reply.type() == fcitx::dbus::MessageType::Reply) {
        return reply;
    }
    if (timedOut(reply)) {
        engine_.timedOut();
    }
    engine_.unreachable(reply.errorName());
    lose();
    return {};
}

void HwaljaContext::syncField() {
    uint32_t now = purpose(ic_.capabilityFlags());
    if (now != purposeSent_) {
        auto message = method("SetContentType");
        message << now << uint32_t(0);
        if (call(std::move(message))) {
            purposeSent_ = now;
        }
    }
    const auto &surrounding = ic_.surroundingText();
    if (!surroundingSent_ && !path_.empty() && ic_.capabilityFlags().test(fcitx::CapabilityFlag::SurroundingText) &&
        surrounding.isValid() && deletesAsAsked()) {
        auto message = method("SetSurroundingText");
        message << surrounding.text() << surrounding.cursor() << surrounding.anchor();
        surroundingSent_ = static_cast<bool>(call(std::move(message)));
    }
}

std::optional<bool> HwaljaContext::processKey(uint32_t keysym, uint32_t keycode, uint32_t state) {
    inKeyEvent_ = true;
    auto answer = answerKey(keysym, keycode, state);
    inKeyEvent_ = false;
    return answer;
}

std::optional<bool> HwaljaContext::answerKey(uint32_t keysym, uint32_t keycode, uint32_t state) {
    const bool release = (state & releaseBit) != 0;
    if (release) {
        auto known = releases_.find(keysym);
        if (known != releases_.end()) {
            bool handled = known->second;
            releases_.erase(known);
            if (!path_.empty()) {
                auto message = method("ProcessKeyEvent");
                message << keysym << keycode << state;
                engine_.sendWithoutReply(message);  // hwaljad still hears it: it ends the long press
            }
            return handled;
        }
    }
    for (int attempt = 0; attempt < 2; ++attempt) {  // once more on a fresh context if hwaljad restarted
        bool wasOpen = !path_.empty();
        if (!open()) {
            return std::nullopt;
        }
        syncField();
        if (path_.empty()) {
            continue;
        }
        auto message = method("ProcessKeyEvent");
        message << keysym << keycode << state;
        auto reply = call(std::move(message));
        if (reply) {
            bool handled = false;
            uint32_t releaseAnswer = releaseUnknown;
            reply >> handled >> releaseAnswer;
            if (!release && (releaseAnswer == releaseHandled || releaseAnswer == releaseNotHandled)) {
                if (releases_.size() >= maxHeldKeys) {
                    releases_.clear();  // releases that never came (a grab took them): ask for the rest
                }
                releases_[keysym] = releaseAnswer == releaseHandled;
            } else if (!release) {
                releases_.erase(keysym);
            }
            return handled;
        }
        if (!wasOpen || !engine_.mayCall()) {
            return std::nullopt;
        }
    }
    return std::nullopt;
}

void HwaljaContext::focusIn() {
    if (path_.empty()) {
        open();  // says FocusIn itself to a new context of a focused field
    } else {
        call(method("FocusIn"));
    }
    if (!path_.empty()) {
        syncField();
    }
}

void HwaljaContext::focusOut(bool focusLost) {
    if (path_.empty()) {
        return;
    }
    // fcitx5 commits the client's preedit itself when the field loses focus (unless the client
    // asks to, ClientUnfocusCommit), before the engine hears of it: hwaljad's commit of the same
    // syllable is then dropped, or it would be typed twice. (fcitx5 also deactivates the input
    // method while a field's capabilities change, committing nothing.)
    if (focusLost && !ic_.capabilityFlags().test(fcitx::CapabilityFlag::ClientUnfocusCommit)) {
        committedByFcitx_ = clientPreedit_;
    }
    call(method("FocusOut"));
    committedByFcitx_.clear();
    hideSuggestions(ic_);
}

void HwaljaContext::reset() {
    if (!path_.empty()) {
        call(method("Reset"));
    }
    hideSuggestions(ic_);
}

void HwaljaContext::acceptSuggestion(uint32_t index) {
    if (path_.empty() || !engine_.mayCall()) {
        return;
    }
    auto message = method("AcceptSuggestion");
    message << index;
    call(std::move(message));  // bounded; hwaljad's CommitText, UpdatePreedit and SuggestionsChanged come before its answer
}

void HwaljaContext::useLayout(const std::string &layout) {
    if (layout == layout_) {
        return;
    }
    lose();  // another input method was selected: its FocusOut has already ended the syllable
    layout_ = layout;
}

void HwaljaContext::lose() {
    if (path_.empty()) {
        return;
    }
    engine_.unroute(path_);
    destroy();
    path_.clear();
    daemon_.clear();
    bus_ = nullptr;
    hideSuggestions(ic_);
    std::string shown = ic_.inputPanel().clientPreedit().toStringForCommit();
    if (shown.empty()) {
        shown = ic_.inputPanel().preedit().toStringForCommit();
    }
    showPreedit("", 0);
    if (!shown.empty()) {
        ic_.commitString(shown);
    }
}

void HwaljaContext::showPreedit(const std::string &text, uint32_t cursor) {
    fcitx::Text preedit;
    if (!text.empty()) {
        preedit.append(text, fcitx::TextFormatFlag::Underline);
        auto length = fcitx::utf8::length(text);
        preedit.setCursor(static_cast<int>(fcitx::utf8::ncharByteLength(text.begin(), std::min<size_t>(cursor, length))));
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

std::optional<HwaljaContext::Change> HwaljaContext::read(fcitx::dbus::Message &signal) {
    using Kind = Change::Kind;
    const std::string member = signal.member();
    if (member == "CommitText") {
        Change change{Kind::commit};
        signal >> change.text;
        return change;
    }
    if (member == "UpdatePreedit") {
        Change change{Kind::preedit};
        signal >> change.text >> change.cursor;
        return change;
    }
    if (member == "DeleteSurroundingText") {
        Change change{Kind::deleteSurrounding};
        signal >> change.offset >> change.count;
        return change;
    }
    if (member == "ForwardKeyEvent") {
        Change change{Kind::forwardKey};
        signal >> change.keysym >> change.keycode >> change.state;
        return change;
    }
    if (member == "SuggestionsChanged") {
        Change change{Kind::suggestions};
        signal >> change.words;
        return change;
    }
    return std::nullopt;
}

void HwaljaContext::apply(fcitx::dbus::Message &signal) {
    auto change = read(signal);
    if (!change) {
        return;
    }
    if (heldBack_.empty() && !mustWaitForKeyEvent(*change)) {
        apply(*change);
        return;
    }
    bool first = heldBack_.empty();
    heldBack_.push_back(std::move(*change));
    if (!first) {
        return;
    }
    if (!heldBackEvent_) {
        heldBackEvent_ = engine_.eventLoop().addDeferEvent([this](fcitx::EventSource *) {
            applyHeldBack();
            return true;
        });
    }
    heldBackEvent_->setOneShot();  // once, on the loop's next turn (again each time changes are held back)
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
        apply(change);
    }
}

void HwaljaContext::apply(const Change &change) {
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
        fcitx::Key key(static_cast<fcitx::KeySym>(change.keysym), fcitx::KeyStates(change.state & ~releaseBit), change.keycode);
        ic_.forwardKey(key, (change.state & releaseBit) != 0);
        break;
    }
    case Kind::suggestions:
        showSuggestions(ic_, change.words, [this](uint32_t index) { acceptSuggestion(index); });
        break;
    }
}

} // namespace hwalja
