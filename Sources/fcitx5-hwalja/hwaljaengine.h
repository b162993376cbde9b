// The fcitx5 input method "hwalja": fcitx5's key events, focus and fields go to hwaljad
// (org.hwalja.InputContext1, one per input context) and what hwaljad sends back is applied.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

#include <fcitx-utils/dbus/bus.h>
#include <fcitx/addonfactory.h>
#include <fcitx/addoninstance.h>
#include <fcitx/addonmanager.h>
#include <fcitx/inputcontextproperty.h>
#include <fcitx/inputmethodengine.h>
#include <fcitx/instance.h>

#include "hwaljacontext.h"
#include "hwaljasettings.h"

namespace hwalja {

/// Bound on every call made while fcitx5 waits (a key event must be answered at once).
constexpr uint64_t callTimeoutMicroseconds = 200'000;
/// Bound on making a context, which may start hwaljad by D-Bus activation.
constexpr uint64_t openTimeoutMicroseconds = 1'000'000;
/// How long a call on the peer connection waits for its answer awake before sleeping (most of
/// hwaljad's answers come within it: sleeping and being woken again cost fcitx5 some 40 µs a key
/// on a 2-core VM, tools/fcitx5-bench). At most this much CPU a call, with more than one CPU.
constexpr uint64_t spinMicroseconds = 300;

class HwaljaEngine : public fcitx::InputMethodEngine {
public:
    explicit HwaljaEngine(fcitx::Instance *instance);
    ~HwaljaEngine() override;

    void keyEvent(const fcitx::InputMethodEntry &entry, fcitx::KeyEvent &event) override;
    void activate(const fcitx::InputMethodEntry &entry, fcitx::InputContextEvent &event) override;
    void deactivate(const fcitx::InputMethodEntry &entry, fcitx::InputContextEvent &event) override;
    void reset(const fcitx::InputMethodEntry &entry, fcitx::InputContextEvent &event) override;
    /// hwaljad's settings (Engine1.GetSettings, asked each time, so a hand edit shows) as fcitx5
    /// configuration, for the addon and each of its input methods; nullptr when hwaljad does not
    /// answer.
    const fcitx::Configuration *getConfig() const override;
    /// Sets each setting `config` changes through Engine1.SetSetting (hwaljad checks it, writes
    /// hwalja.conf and applies it to every context); a refusal is logged with hwaljad's error.
    void setConfig(const fcitx::RawConfig &config) override;

    /// The addon's own connection to the session bus.
    fcitx::dbus::Bus &bus() { return *bus_; }
    /// fcitx5's event loop.
    fcitx::EventLoop &eventLoop() { return instance_->eventLoop(); }
    /// The connection a new context is made on: the private one to hwaljad's peer socket when it
    /// has one (connected on first use, again after hwaljad restarted), else the session bus;
    /// nullptr when hwaljad does not answer.
    fcitx::dbus::Bus *connectionForNewContext();
    bool isPeer(const fcitx::dbus::Bus *bus) const { return bus && bus == peer_.get(); }
    /// The peer connection failed (`why`): new contexts use the session bus until hwaljad has
    /// another address.
    void peerFailed(const std::string &why);
    /// A bounded call on the peer connection that waits for hwaljad's answer awake for a moment
    /// before sleeping: hwaljad answers within that, and fcitx5 is not woken again for it.
    fcitx::dbus::Message callPeer(fcitx::dbus::Message &message);
    /// Sends `message` as a call that wants no reply (hwaljad then sends none).
    static void sendWithoutReply(fcitx::dbus::Message &message);
    /// Dispatches the signals that came on `bus` before a reply, so they are applied before it.
    void dispatchQueued(fcitx::dbus::Bus &bus);
    /// hwaljad answered (again) or failed to: logged once per outage.
    void reached();
    void unreachable(const std::string &why);
    /// Whether a call may be tried now (not within a second of one that timed out).
    bool mayCall() const;
    void timedOut();
    /// Where signals to a context's path go.
    void route(const std::string &path, HwaljaContext *context);
    void unroute(const std::string &path);

private:
    HwaljaContext *context(fcitx::InputContext *ic) { return ic->propertyFor(&factory_); }
    bool received(const fcitx::dbus::Bus *bus, fcitx::dbus::Message &message);
    /// Lets go of the peer connection, losing the contexts on it first.
    void dropPeer();
    /// A bounded call to hwaljad's Engine1 on the session bus (starting hwaljad if need be).
    fcitx::dbus::Message callDaemon(const char *method, const std::vector<std::string> &arguments) const;

    fcitx::Instance *instance_;
    /// A connection of the addon's own to fcitx5's session bus, on fcitx5's event loop. Its own,
    /// because sd-bus cannot dispatch a connection from inside that connection's dispatch (where
    /// the dbus frontend calls keyEvent), and signals sent before a reply must be applied before
    /// keyEvent returns.
    std::unique_ptr<fcitx::dbus::Bus> bus_;
    std::unique_ptr<fcitx::dbus::Slot> filter_;
    /// A private connection to hwaljad, no dbus-daemon in between (GetPeerAddress): half the
    /// round trips of a key. Also on fcitx5's event loop, for the same reasons.
    std::unique_ptr<fcitx::dbus::Bus> peer_;
    std::unique_ptr<fcitx::dbus::Slot> peerFilter_;
    std::string peerAddress_;
    /// A peer address that failed: the session bus is used while hwaljad gives this one.
    std::string refusedAddress_;
    std::unordered_map<std::string, HwaljaContext *> routes_;
    bool dispatching_ = false;
    bool reachable_ = true;
    int64_t quietUntil_ = 0;
    /// The settings getConfig last gave fcitx5 (it keeps the pointer until the next call).
    mutable std::unique_ptr<HwaljaSettings> settings_;
    /// Declared last, so destroyed first: the contexts it destroys still use the bus and routes.
    fcitx::FactoryFor<HwaljaContext> factory_;
};

class HwaljaEngineFactory : public fcitx::AddonFactory {
public:
    fcitx::AddonInstance *create(fcitx::AddonManager *manager) override;
};

} // namespace hwalja
