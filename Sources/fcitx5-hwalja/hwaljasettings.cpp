#include "hwaljasettings.h"

#include <algorithm>

namespace hwalja {

namespace {
/// The label fcitx5's tools show: the name as hwalja.conf writes it, then what it does.
std::string labelOf(const SettingDescription &setting) {
    return setting.name + ": " + setting.summary;
}
} // namespace

SettingOption::SettingOption(fcitx::Configuration *parent, SettingDescription setting)
    : fcitx::OptionBase(parent, setting.name, labelOf(setting)), setting_(std::move(setting)), value_(setting_.value) {}

std::string SettingOption::typeString() const {
    if (isBoolean()) {
        return "Boolean";
    }
    return isNumber() ? "Integer" : "String";
}

std::string SettingOption::toFcitx(const std::string &value) const {
    if (isBoolean()) {
        return value == "true" ? "True" : "False";
    }
    return value;
}

std::string SettingOption::fromFcitx(const std::string &value) const {
    if (isBoolean()) {
        return value == "True" ? "true" : "false";
    }
    return value;
}

bool SettingOption::unmarshall(const fcitx::RawConfig &config, bool) {
    value_ = fromFcitx(config.value()); // hwaljad checks it when it is set
    return true;
}

bool SettingOption::equalTo(const fcitx::OptionBase &other) const {
    const auto *option = dynamic_cast<const SettingOption *>(&other);
    return option && option->setting_.name == setting_.name && option->value_ == value_;
}

void SettingOption::copyFrom(const fcitx::OptionBase &other) {
    if (const auto *option = dynamic_cast<const SettingOption *>(&other)) {
        value_ = option->value_;
    }
}

std::vector<std::string> SettingOption::choices() const {
    std::vector<std::string> words;
    if (setting_.kind == "choice" || setting_.kind == "preset-or-file") {
        words = setting_.allowed;
    }
    if (setting_.kind == "preset-or-file" && std::find(words.begin(), words.end(), value_) == words.end()) {
        words.push_back(value_); // a keymap file in use stays selectable
    }
    return words;
}

void SettingOption::dumpDescription(fcitx::RawConfig &config) const {
    fcitx::OptionBase::dumpDescription(config);
    config.setValueByPath("DefaultValue", toFcitx(setting_.defaultValue));
    if (isNumber()) {
        config.setValueByPath("IntMin", setting_.allowed[0]);
        config.setValueByPath("IntMax", setting_.allowed[1]);
    }
    auto words = choices();
    if (!words.empty()) {
        config.setValueByPath("IsEnum", "True"); // fcitx-config's EnumAnnotation: a list to pick from
        for (size_t index = 0; index < words.size(); index++) {
            config.setValueByPath("Enum/" + std::to_string(index), words[index]);
            config.setValueByPath("EnumI18n/" + std::to_string(index), words[index]);
        }
    }
    if (setting_.kind == "milliseconds-or-off" && setting_.allowed.size() == 2) {
        config.setValueByPath("Tooltip",
                              "milliseconds " + setting_.allowed[0] + "-" + setting_.allowed[1] + ", or off");
    } else if (setting_.kind == "options") {
        std::string words;
        for (const auto &word : setting_.allowed) {
            words += (words.empty() ? "" : ", ") + word;
        }
        config.setValueByPath("Tooltip", "none, or some of " + words + ", comma-separated");
    }
}

HwaljaSettings::HwaljaSettings(std::vector<SettingDescription> settings) {
    for (auto &setting : settings) {
        options_.push_back(std::make_unique<SettingOption>(this, std::move(setting)));
    }
    forget_ = std::make_unique<SettingOption>(
        this, SettingDescription{forgetLearnedWords,
                                 "false",
                                 "false",
                                 "boolean",
                                 "forget every word learned so far (once, when applied)",
                                 {}});
}

std::vector<std::pair<std::string, std::string>> HwaljaSettings::changes(const fcitx::RawConfig &config) const {
    std::vector<std::pair<std::string, std::string>> changed;
    for (const auto &option : options_) {
        auto given = config.get(option->path());
        if (!given) {
            continue;
        }
        auto value = option->fromFcitx(given->value());
        if (value != option->value()) {
            changed.emplace_back(option->path(), value);
        }
    }
    return changed;
}

bool HwaljaSettings::forgets(const fcitx::RawConfig &config) const {
    auto given = config.get(forgetLearnedWords);
    return given && forget_->fromFcitx(given->value()) == "true";
}

} // namespace hwalja
