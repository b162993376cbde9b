// hwaljad's settings as fcitx5 configuration: what fcitx5-configtool, KDE System Settings and
// org.fcitx.Fcitx.Controller1.GetConfig/SetConfig show and change. Nothing here names a setting
// or knows its values: each option is made from hwaljad's own description of the setting
// (org.hwalja.Engine1.GetSettings), and a change goes back through Engine1.SetSetting, which
// checks it and writes hwalja.conf.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <fcitx-config/configuration.h>
#include <fcitx-config/option_details.h>
#include <fcitx-config/rawconfig.h>

namespace hwalja {

/// One setting as Engine1.GetSettings describes it (its a(sssssas)).
struct SettingDescription {
    std::string name;
    std::string value;
    std::string defaultValue;
    /// choice, options, number, milliseconds, milliseconds-or-off, boolean, preset-or-file, path.
    std::string kind;
    std::string summary;
    /// The words a choice takes, or a number's lowest and highest.
    std::vector<std::string> allowed;
};

/// One setting as an fcitx5 option: a list to pick from for a choice, a number with its bounds, a
/// check box for a boolean, text for the rest. Values are kept in hwaljad's words.
class SettingOption : public fcitx::OptionBase {
public:
    SettingOption(fcitx::Configuration *parent, SettingDescription setting);

    /// The value in hwaljad's words.
    const std::string &value() const { return value_; }
    const SettingDescription &setting() const { return setting_; }

    std::string typeString() const override;
    void reset() override { value_ = setting_.defaultValue; }
    bool isDefault() const override { return value_ == setting_.defaultValue; }
    void marshall(fcitx::RawConfig &config) const override { config.setValue(toFcitx(value_)); }
    bool unmarshall(const fcitx::RawConfig &config, bool partial) override;
    std::unique_ptr<fcitx::Configuration> subConfigSkeleton() const override { return nullptr; }
    bool equalTo(const fcitx::OptionBase &other) const override;
    void copyFrom(const fcitx::OptionBase &other) override;
    bool skipDescription() const override { return false; }
    bool skipSave() const override { return false; }
    void dumpDescription(fcitx::RawConfig &config) const override;

    /// `value` (in hwaljad's words) as fcitx5 writes it: its booleans are True and False.
    std::string toFcitx(const std::string &value) const;
    /// The reverse of toFcitx.
    std::string fromFcitx(const std::string &value) const;

private:
    bool isBoolean() const { return setting_.kind == "boolean"; }
    bool isNumber() const {
        return (setting_.kind == "number" || setting_.kind == "milliseconds") && setting_.allowed.size() == 2;
    }
    /// The words a list offers: a choice's, or a preset-or-file's presets and the file in use.
    std::vector<std::string> choices() const;

    SettingDescription setting_;
    std::string value_;
};

/// Every setting hwaljad has, as one fcitx5 configuration, plus a check box that forgets the
/// learned words (Engine1.ForgetLearnedWords) when applied.
class HwaljaSettings : public fcitx::Configuration {
public:
    /// The name of the forgetting check box.
    static constexpr char forgetLearnedWords[] = "forget-learned-words";

    explicit HwaljaSettings(std::vector<SettingDescription> settings);
    const char *typeName() const override { return "HwaljaSettings"; }

    /// The settings `config` (a SetConfig's) changes: (name, value in hwaljad's words), in
    /// hwaljad's order.
    std::vector<std::pair<std::string, std::string>> changes(const fcitx::RawConfig &config) const;
    /// Whether `config` asks to forget the learned words.
    bool forgets(const fcitx::RawConfig &config) const;

private:
    std::vector<std::unique_ptr<SettingOption>> options_;
    std::unique_ptr<SettingOption> forget_;
};

} // namespace hwalja
