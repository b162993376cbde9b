#include "hwaljaengine.h"

#include <stdexcept>
#include <vector>

#include <dbus_public.h> // Fcitx5::Module::DBus
#include <fcitx-utils/log.h>
#include <fcitx/inputcontextmanager.h>

namespace hwalja {

FCITX_DEFINE_LOG_CATEGORY(hwaljaLog, "hwalja");

namespace {
constexpr uint32_t releaseBit = 1u << 30;
constexpr char daemonName[] = "org.hwalja.Engine1";
constexpr char enginePath[] = "/org/hwalja/Engine1";
constexpr char methodPrefix[] = "hwalja-";

/// The layout an input method types: "hwalja" is 천지인, "hwalja-NAME" the layout NAME (the input
/// methods are the conf files in inputmethod/, named as the IBus engines).
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
    dispatcher_.attach(&instance_->eventLoop());
    auto table = callbacks(this);
    engine_ = hwalja_fcitx5_new(&table);
    instance_->inputContextManager().registerProperty("hwaljaContext", &factory_);
    // The client's text around its cursor, for the conversion key (selection, word before the cursor).
    surroundingWatcher_ = instance_->watchEvent(fcitx::EventType::InputContextSurroundingTextUpdated,
                                                fcitx::EventWatcherPhase::Default, [this](fcitx::Event &event) {
                                                    auto &changed = static_cast<fcitx::InputContextEvent &>(event);
                                                    context(changed.inputContext())->surroundingTextChanged();
                                                });
}

HwaljaEngine::~HwaljaEngine() {
    surroundingWatcher_.reset();
    factory_.unregister(); // each context lets its engine context go while the engine is there
    timer_.reset();
    afterKey_.reset();
    dispatcher_.detach();
    hwalja_fcitx5_free(engine_);
    bus_->detachEventLoop();
}

hwalja_fcitx5_callbacks HwaljaEngine::callbacks(HwaljaEngine *engine) {
    hwalja_fcitx5_callbacks table{};
    table.user = engine;
    table.commit = [](void *user, uint64_t number, const char *text) {
        Change commit{Change::Kind::commit};
        commit.text = text;
        deliver(user, number, std::move(commit));
    };
    table.preedit = [](void *user, uint64_t number, const char *text, uint32_t cursor) {
        Change preedit{Change::Kind::preedit};
        preedit.text = text;
        preedit.cursor = cursor;
        deliver(user, number, std::move(preedit));
    };
    table.delete_surrounding = [](void *user, uint64_t number, int32_t offset, uint32_t count) {
        Change deletion{Change::Kind::deleteSurrounding};
        deletion.offset = offset;
        deletion.count = count;
        deliver(user, number, std::move(deletion));
    };
    table.forward_key = [](void *user, uint64_t number, uint32_t keysym, uint32_t keycode, uint32_t state) {
        Change forward{Change::Kind::forwardKey};
        forward.keysym = keysym;
        forward.keycode = keycode;
        forward.state = state;
        deliver(user, number, std::move(forward));
    };
    table.suggestions = [](void *user, uint64_t number, const char *const *words, size_t count) {
        Change suggestions{Change::Kind::suggestions};
        suggestions.words.assign(words, words + count);
        deliver(user, number, std::move(suggestions));
    };
    table.candidates = [](void *user, uint64_t number, const char *const *texts, const char *const *meanings,
                          size_t count, uint32_t highlighted, uint32_t page, uint32_t pages) {
        Change candidates{Change::Kind::candidates};
        candidates.page.texts.assign(texts, texts + count);
        candidates.page.meanings.assign(meanings, meanings + count);
        candidates.page.highlighted = highlighted;
        candidates.page.page = page;
        candidates.page.pages = pages;
        deliver(user, number, std::move(candidates));
    };
    table.schedule = [](void *user, int64_t deadline) {
        auto *self = static_cast<HwaljaEngine *>(user);
        if (deadline < 0) {
            if (self->timer_) {
                self->timer_->setEnabled(false);
            }
            return;
        }
        if (!self->timer_) {
            self->timer_ = self->eventLoop().addTimeEvent(CLOCK_MONOTONIC, static_cast<uint64_t>(deadline), 1000,
                                                          [self](fcitx::EventSourceTime *, uint64_t) {
                                                              hwalja_fcitx5_timer(self->engine_);
                                                              return true;
                                                          });
        } else {
            self->timer_->setTime(static_cast<uint64_t>(deadline));
        }
        self->timer_->setOneShot();
    };
    table.wake = [](void *user) {
        auto *self = static_cast<HwaljaEngine *>(user);
        self->dispatcher_.schedule([self] { hwalja_fcitx5_run(self->engine_); });
    };
    table.log = [](void *, const char *line) { FCITX_LOGC(hwaljaLog, Info) << line; };
    return table;
}

void HwaljaEngine::deliver(void *user, uint64_t number, Change change) {
    if (auto *context = static_cast<HwaljaEngine *>(user)->routed(number)) {
        context->apply(std::move(change));
    }
}

void HwaljaEngine::afterKey() {
    if (!afterKey_) {
        afterKey_ = eventLoop().addDeferEvent([this](fcitx::EventSource *) {
            hwalja_fcitx5_after_key(engine_);
            return true;
        });
    }
    afterKey_->setOneShot(); // on the loop's next turn: after fcitx5 has answered the key
}

void HwaljaEngine::route(uint64_t number, HwaljaContext *context) {
    routes_[number] = context;
}

void HwaljaEngine::unroute(uint64_t number) {
    routes_.erase(number);
}

HwaljaContext *HwaljaEngine::routed(uint64_t number) const {
    auto route = routes_.find(number);
    return route == routes_.end() ? nullptr : route->second;
}

void HwaljaEngine::keyEvent(const fcitx::InputMethodEntry &entry, fcitx::KeyEvent &event) {
    const fcitx::Key &key = event.rawKey();
    uint32_t state = static_cast<uint32_t>(key.states()) | (event.isRelease() ? releaseBit : 0);
    auto *hwaljaContext = context(event.inputContext());
    hwaljaContext->useLayout(layoutOf(entry));
    if (hwaljaContext->processKey(key.sym(), key.code(), state, static_cast<uint32_t>(event.time()))) {
        event.filterAndAccept();
    }
}

void HwaljaEngine::activate(const fcitx::InputMethodEntry &entry, fcitx::InputContextEvent &event) {
    FCITX_LOGC(hwaljaLog, Debug) << "activate " << entry.uniqueName() << " (event " << static_cast<int>(event.type())
                                 << ")";
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

void HwaljaEngine::invokeActionImpl(const fcitx::InputMethodEntry &, fcitx::InvokeActionEvent &event) {
    // A click in the field while composing (fcitx5's Qt 6 module sends it as InvokeAction):
    // fcitx5's default commits the preedit the client shows and then resets, and the reset
    // commits the syllable a second time. The reset alone ends it, committed once.
    FCITX_LOGC(hwaljaLog, Debug) << "invoke action " << static_cast<int>(event.action()) << " at " << event.cursor();
    event.filter();
    context(event.inputContext())->reset();
}

fcitx::dbus::Message HwaljaEngine::callDaemon(const char *method, const std::vector<std::string> &arguments) const {
    auto message = bus_->createMethodCall(daemonName, enginePath, daemonName, method);
    for (const auto &argument : arguments) {
        message << argument;
    }
    return message.call(daemonTimeoutMicroseconds);
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
            fcitx::dbus::DBusStruct<std::string, std::string, std::string, std::string, std::string,
                                    std::vector<std::string>>
                entry;
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
        return; // said by getConfig
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
    if (engine_) {
        hwalja_fcitx5_reload_settings(engine_); // hwaljad wrote the file: typing here follows it at once
    }
}

fcitx::AddonInstance *HwaljaEngineFactory::create(fcitx::AddonManager *manager) {
    return new HwaljaEngine(manager->instance());
}

} // namespace hwalja

FCITX_ADDON_FACTORY(hwalja::HwaljaEngineFactory);
