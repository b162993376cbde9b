#include "hwaljaengine.h"

#include <time.h>
#include <unistd.h>

#include <optional>
#include <stdexcept>
#include <vector>

#include <systemd/sd-bus.h>

#include <dbus_public.h>  // Fcitx5::Module::DBus
#include <fcitx-utils/event.h>
#include <fcitx-utils/log.h>
#include <fcitx/inputcontextmanager.h>

namespace hwalja {

FCITX_DEFINE_LOG_CATEGORY(hwaljaLog, "hwalja");

namespace {
constexpr uint32_t releaseBit = 1u << 30;
constexpr char contextInterface[] = "org.hwalja.InputContext1";
constexpr char daemonName[] = "org.hwalja.Engine1";
constexpr char enginePath[] = "/org/hwalja/Engine1";
constexpr char methodPrefix[] = "hwalja-";

/// hwaljad's name of the layout an input method types: "hwalja" is 천지인, "hwalja-NAME" the
/// layout NAME (the input methods are the conf files in inputmethod/, named as the IBus engines).
std::string layoutOf(const fcitx::InputMethodEntry &entry) {
    const std::string &name = entry.uniqueName();
    return name.rfind(methodPrefix, 0) == 0 ? name.substr(sizeof(methodPrefix) - 1) : "cheonjiin";
}
} // namespace

HwaljaEngine::HwaljaEngine(fcitx::Instance *instance)
    : instance_(instance), factory_([this](fcitx::InputContext &ic) { return new HwaljaContext(*this, ic); }) {
    auto *dbusModule = instance_->addonManager().addon("dbus", true);
    auto *sessionBus = dbusModule ? dbusModule->call<fcitx::IDBusModule::bus>() : nullptr;
    if (!sessionBus) {
        throw std::runtime_error("hwalja: fcitx5's dbus module has no session bus");
    }
    bus_ = std::make_unique<fcitx::dbus::Bus>(sessionBus->address());
    if (!bus_->isOpen()) {
        throw std::runtime_error("hwalja: cannot connect to the session bus");
    }
    bus_->attachEventLoop(&instance_->eventLoop());
    filter_ = bus_->addFilter([this](fcitx::dbus::Message &message) { return received(bus_.get(), message); });
    instance_->inputContextManager().registerProperty("hwaljaContext", &factory_);
}

HwaljaEngine::~HwaljaEngine() {
    factory_.unregister();  // each context frees its hwaljad context while the bus is there
    if (peer_) {
        peerFilter_.reset();
        peer_->detachEventLoop();
        peer_.reset();
    }
    filter_.reset();
    bus_->detachEventLoop();
}

bool HwaljaEngine::received(const fcitx::dbus::Bus *bus, fcitx::dbus::Message &message) {
    if (message.type() != fcitx::dbus::MessageType::Signal || message.interface() != contextInterface) {
        return false;
    }
    auto route = routes_.find(message.path());
    if (route == routes_.end() || route->second->connection() != bus ||
        (!isPeer(bus) && route->second->daemon() != message.sender())) {
        return true;  // a context this addon let go of, or another daemon's (a peer connection is hwaljad's alone)
    }
    bool wasDispatching = dispatching_;
    dispatching_ = true;  // what a signal makes fcitx5 do never dispatches this connection again
    route->second->apply(message);
    dispatching_ = wasDispatching;
    return true;
}

void HwaljaEngine::dispatchQueued(fcitx::dbus::Bus &bus) {
    if (dispatching_ || std::string(fcitx::dbus::Bus::impl()) != "sdbus") {
        return;  // already dispatching (a signal's handler), or another D-Bus library: its loop does it
    }
    dispatching_ = true;
    auto *native = static_cast<sd_bus *>(bus.nativeHandle());
    while (sd_bus_process(native, nullptr) > 0) {
    }
    dispatching_ = false;
}

void HwaljaEngine::sendWithoutReply(fcitx::dbus::Message &message) {
    if (std::string(fcitx::dbus::Bus::impl()) == "sdbus") {
        sd_bus_message_set_expect_reply(static_cast<sd_bus_message *>(message.nativeHandle()), 0);
    }
    message.send();  // with another D-Bus library hwaljad's reply comes, and no one reads it
}

fcitx::dbus::Message HwaljaEngine::callPeer(fcitx::dbus::Message &message) {
    if (dispatching_ || std::string(fcitx::dbus::Bus::impl()) != "sdbus") {
        return message.call(callTimeoutMicroseconds);
    }
    std::optional<fcitx::dbus::Message> answer;
    auto slot = message.callAsync(callTimeoutMicroseconds, [&answer](fcitx::dbus::Message &reply) {
        answer.emplace(std::move(reply));
        return true;
    });
    if (!slot) {
        return message.call(callTimeoutMicroseconds);
    }
    auto *native = static_cast<sd_bus *>(peer_->nativeHandle());
    // Awake only with another CPU for hwaljad: on one, waiting awake would only keep it from answering.
    static const bool awake = sysconf(_SC_NPROCESSORS_ONLN) > 1;
    const uint64_t awakeUntil = fcitx::now(CLOCK_MONOTONIC) + (awake ? spinMicroseconds : 0);
    dispatching_ = true;  // the signals before the reply are applied here, in order
    while (!answer) {
        int processed = sd_bus_process(native, nullptr);
        if (processed < 0) {
            break;  // closed: sd-bus answered the call with an error, or will not
        }
        if (processed == 0 && fcitx::now(CLOCK_MONOTONIC) >= awakeUntil) {
            sd_bus_wait(native, UINT64_MAX);  // until data, or the call's timeout (then sd-bus answers it)
        }
    }
    dispatching_ = false;
    return answer ? std::move(*answer) : fcitx::dbus::Message();
}

fcitx::dbus::Bus *HwaljaEngine::connectionForNewContext() {
    if (peer_ && peer_->isOpen()) {
        return peer_.get();
    }
    dropPeer();  // hwaljad went: a new one has a new address
    auto message = bus_->createMethodCall(daemonName, enginePath, daemonName, "GetPeerAddress");
    auto reply = message.call(openTimeoutMicroseconds);  // may start hwaljad by D-Bus activation
    if (reply.type() != fcitx::dbus::MessageType::Reply) {
        if (reply.errorName() == "org.freedesktop.DBus.Error.UnknownMethod") {
            return bus_.get();  // an hwaljad without a peer socket
        }
        if (reply.errorName() == "org.freedesktop.DBus.Error.NoReply" || reply.errorName() == "org.freedesktop.DBus.Error.Timeout") {
            timedOut();
        }
        unreachable(reply.errorName());
        return nullptr;
    }
    std::string address;
    reply >> address;
    if (address.empty() || address == refusedAddress_) {
        return bus_.get();
    }
    peerAddress_ = address;
    try {
        auto peer = std::make_unique<fcitx::dbus::Bus>(address);
        if (!peer->isOpen()) {
            throw std::runtime_error("cannot connect");
        }
        peer->attachEventLoop(&instance_->eventLoop());
        auto *connection = peer.get();
        peerFilter_ = peer->addFilter([this, connection](fcitx::dbus::Message &signal) { return received(connection, signal); });
        peer_ = std::move(peer);
    } catch (const std::exception &error) {
        peerFailed(error.what());
        return bus_.get();
    }
    FCITX_LOGC(hwaljaLog, Info) << "connected to hwaljad at " << address << " (no dbus-daemon in between)";
    return peer_.get();
}

void HwaljaEngine::peerFailed(const std::string &why) {
    FCITX_LOGC(hwaljaLog, Warn) << "no private connection to hwaljad (" << why << "); typing goes through the session bus";
    refusedAddress_ = peerAddress_;
    dropPeer();
}

void HwaljaEngine::dropPeer() {
    if (!peer_) {
        return;
    }
    std::vector<HwaljaContext *> onPeer;
    for (const auto &route : routes_) {
        if (route.second->connection() == peer_.get()) {
            onPeer.push_back(route.second);
        }
    }
    for (auto *context : onPeer) {
        context->lose();  // before the connection it lives on goes
    }
    peerFilter_.reset();
    peer_->detachEventLoop();
    peer_.reset();
}

void HwaljaEngine::keyEvent(const fcitx::InputMethodEntry &entry, fcitx::KeyEvent &event) {
    const fcitx::Key &key = event.rawKey();
    uint32_t state = static_cast<uint32_t>(key.states()) | (event.isRelease() ? releaseBit : 0);
    auto *hwaljaContext = context(event.inputContext());
    hwaljaContext->useLayout(layoutOf(entry));
    auto handled = hwaljaContext->processKey(key.sym(), key.code(), state);
    if (handled.value_or(false)) {
        event.filterAndAccept();
    }
}

void HwaljaEngine::activate(const fcitx::InputMethodEntry &entry, fcitx::InputContextEvent &event) {
    FCITX_LOGC(hwaljaLog, Debug) << "activate " << entry.uniqueName() << " (event " << static_cast<int>(event.type()) << ")";
    auto *hwaljaContext = context(event.inputContext());
    hwaljaContext->useLayout(layoutOf(entry));
    hwaljaContext->focusIn();
}

void HwaljaEngine::deactivate(const fcitx::InputMethodEntry &, fcitx::InputContextEvent &event) {
    FCITX_LOGC(hwaljaLog, Debug) << "deactivate (event " << static_cast<int>(event.type()) << ")";
    context(event.inputContext())->focusOut(event.type() == fcitx::EventType::InputContextFocusOut);
}

void HwaljaEngine::reset(const fcitx::InputMethodEntry &, fcitx::InputContextEvent &event) {
    FCITX_LOGC(hwaljaLog, Debug) << "reset (event " << static_cast<int>(event.type()) << ")";
    context(event.inputContext())->reset();
}

fcitx::dbus::Message HwaljaEngine::callDaemon(const char *method, const std::vector<std::string> &arguments) const {
    auto message = bus_->createMethodCall(daemonName, enginePath, daemonName, method);
    for (const auto &argument : arguments) {
        message << argument;
    }
    return message.call(openTimeoutMicroseconds);
}

const fcitx::Configuration *HwaljaEngine::getConfig() const {
    auto reply = callDaemon("GetSettings", {});
    if (reply.type() != fcitx::dbus::MessageType::Reply) {
        FCITX_LOGC(hwaljaLog, Error) << "cannot read hwalja's settings: hwaljad answered " << reply.errorName() << " ("
                                     << reply.errorMessage() << ")";
        return nullptr;
    }
    // Element by element: fcitx5 5.0.21's `>> std::vector` reads every element into one
    // variable, so each struct's list of words would keep the words of those before it.
    std::vector<SettingDescription> settings;
    if (reply >> fcitx::dbus::Container(fcitx::dbus::Container::Type::Array, fcitx::dbus::Signature("(sssssas)"))) {
        while (!reply.end()) {
            fcitx::dbus::DBusStruct<std::string, std::string, std::string, std::string, std::string, std::vector<std::string>> entry;
            if (!(reply >> entry)) {
                break;
            }
            settings.push_back({std::get<0>(entry), std::get<1>(entry), std::get<2>(entry), std::get<3>(entry),
                                std::get<4>(entry), std::get<5>(entry)});
        }
        reply >> fcitx::dbus::ContainerEnd();
    }
    settings_ = std::make_unique<HwaljaSettings>(std::move(settings));
    return settings_.get();
}

void HwaljaEngine::setConfig(const fcitx::RawConfig &config) {
    const auto *current = static_cast<const HwaljaSettings *>(getConfig());
    if (!current) {
        return;  // said by getConfig
    }
    for (const auto &[name, value] : current->changes(config)) {
        auto reply = callDaemon("SetSetting", {name, value});
        if (reply.type() != fcitx::dbus::MessageType::Reply) {
            FCITX_LOGC(hwaljaLog, Error) << "hwaljad refused setting " << name << ": " << reply.errorName() << " ("
                                         << reply.errorMessage() << ")";
        } else {
            FCITX_LOGC(hwaljaLog, Info) << "setting " << name << " changed through hwaljad";
        }
    }
    if (current->forgets(config)) {
        auto reply = callDaemon("ForgetLearnedWords", {});
        if (reply.type() != fcitx::dbus::MessageType::Reply) {
            FCITX_LOGC(hwaljaLog, Error) << "hwaljad could not forget the learned words: " << reply.errorName() << " ("
                                         << reply.errorMessage() << ")";
        } else {
            FCITX_LOGC(hwaljaLog, Info) << "the learned words are forgotten";
        }
    }
}

void HwaljaEngine::reached() {
    if (!reachable_) {
        FCITX_LOGC(hwaljaLog, Info) << "hwaljad answers again; typing goes through it";
        reachable_ = true;
    }
}

void HwaljaEngine::unreachable(const std::string &why) {
    if (reachable_) {
        FCITX_LOGC(hwaljaLog, Error) << "hwaljad does not answer (" << why << "); keys go to the application until it does";
        reachable_ = false;
    }
}

bool HwaljaEngine::mayCall() const { return fcitx::now(CLOCK_MONOTONIC) >= static_cast<uint64_t>(quietUntil_); }

void HwaljaEngine::timedOut() { quietUntil_ = static_cast<int64_t>(fcitx::now(CLOCK_MONOTONIC) + 1'000'000); }

void HwaljaEngine::route(const std::string &path, HwaljaContext *context) { routes_[path] = context; }

void HwaljaEngine::unroute(const std::string &path) { routes_.erase(path); }

fcitx::AddonInstance *HwaljaEngineFactory::create(fcitx::AddonManager *manager) {
    return new HwaljaEngine(manager->instance());
}

} // namespace hwalja

FCITX_ADDON_FACTORY(hwalja::HwaljaEngineFactory);
