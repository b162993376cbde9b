// The fcitx5 input method "hwalja": fcitx5's key events, focus and fields go to hwalja's engine,
// linked into this module (HwaljaFcitx5, through hwalja-fcitx5.h), and what it sends back is
// applied. The settings are hwaljad's: fcitx5's configuration shows and changes them through it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

#include <fcitx-utils/dbus/bus.h>
#include <fcitx-utils/event.h>
#include <fcitx-utils/eventdispatcher.h>
#include <fcitx/addonfactory.h>
#include <fcitx/addoninstance.h>
#include <fcitx/addonmanager.h>
#include <fcitx/inputcontextproperty.h>
#include <fcitx/inputmethodengine.h>
#include <fcitx/instance.h>

#include "hwalja-fcitx5.h"
#include "hwaljacontext.h"
#include "hwaljasettings.h"

namespace hwalja {

/// Bound on a call to hwaljad (the settings), which may start it by D-Bus activation.
constexpr uint64_t daemonTimeoutMicroseconds = 1'000'000;

class HwaljaEngine : public fcitx::InputMethodEngineV3 {
public:
    explicit HwaljaEngine(fcitx::Instance *instance);
    ~HwaljaEngine() override;

    void keyEvent(const fcitx::InputMethodEntry &entry, fcitx::KeyEvent &event) override;
    void activate(const fcitx::InputMethodEntry &entry, fcitx::InputContextEvent &event) override;
    void deactivate(const fcitx::InputMethodEntry &entry, fcitx::InputContextEvent &event) override;
    void reset(const fcitx::InputMethodEntry &entry, fcitx::InputContextEvent &event) override;
    void invokeActionImpl(const fcitx::InputMethodEntry &entry, fcitx::InvokeActionEvent &event) override;
    /// hwaljad's settings (Engine1.GetSettings, asked each time, so a hand edit shows) as fcitx5
    /// configuration, for the addon and each of its input methods; nullptr when hwaljad does not
    /// answer.
    const fcitx::Configuration *getConfig() const override;
    /// Sets each setting `config` changes through Engine1.SetSetting (hwaljad checks it, writes
    /// hwalja.conf and applies it to its own contexts; the engine here reads the file again); a
    /// refusal is logged with hwaljad's error.
    void setConfig(const fcitx::RawConfig &config) override;

    /// hwalja's engine; nullptr when it could not start (no table: said in the log), and then
    /// every key goes to the application.
    hwalja_fcitx5 *engine() { return engine_; }
    /// fcitx5's event loop.
    fcitx::EventLoop &eventLoop() { return instance_->eventLoop(); }
    /// Where the engine's callbacks for context `number` go.
    void route(uint64_t number, HwaljaContext *context);
    void unroute(uint64_t number);
    /// Has the engine look up suggestions once the key event being answered has returned.
    void afterKey();

private:
    HwaljaContext *context(fcitx::InputContext *ic) { return ic->propertyFor(&factory_); }
    HwaljaContext *routed(uint64_t number) const;
    /// A bounded call to hwaljad's Engine1 on the session bus (starting hwaljad if need be).
    fcitx::dbus::Message callDaemon(const char *method, const std::vector<std::string> &arguments) const;
    static hwalja_fcitx5_callbacks callbacks(HwaljaEngine *engine);
    /// Applies a change the engine sent to context `number`'s field, if it is still there.
    static void deliver(void *user, uint64_t number, Change change);

    fcitx::Instance *instance_;
    /// A connection of the addon's own to fcitx5's session bus, for hwaljad's settings.
    std::unique_ptr<fcitx::dbus::Bus> bus_;
    hwalja_fcitx5 *engine_ = nullptr;
    /// The engine's one timer (long press, held backspace, auto-next), armed as it asks.
    std::unique_ptr<fcitx::EventSourceTime> timer_;
    /// Runs, once a key event has returned, what the engine does after a key.
    std::unique_ptr<fcitx::EventSource> afterKey_;
    /// Hands the clients' reports of their text to the engine.
    std::unique_ptr<fcitx::HandlerTableEntry<fcitx::EventHandler>> surroundingWatcher_;
    /// Brings work from the engine's other threads (a tap on hwalja-keypad) to fcitx5's.
    fcitx::EventDispatcher dispatcher_;
    std::unordered_map<uint64_t, HwaljaContext *> routes_;
    /// The settings getConfig last gave fcitx5 (it keeps the pointer until the next call).
    mutable std::unique_ptr<HwaljaSettings> settings_;
    /// Declared last, so destroyed first: the contexts it destroys still use the engine and routes.
    fcitx::FactoryFor<HwaljaContext> factory_;
};

class HwaljaEngineFactory : public fcitx::AddonFactory {
public:
    fcitx::AddonInstance *create(fcitx::AddonManager *manager) override;
};

} // namespace hwalja
