import Foundation
import HwaljaCore
import HwaljaTestSupport
import HwaljaTyping
import Testing

/// The settings' catalogue against the settings themselves and the documentation.
struct SettingCatalogueTests {
    @Test func everyDefaultIsWhatTheSettingsStartWith() throws {
        var fromDefaults = HwaljaSettings()
        fromDefaults.table = nil
        for setting in HwaljaSettings.catalogue where setting.name != "table" {
            try fromDefaults.set(setting.name, to: setting.defaultValue)
            #expect(HwaljaSettings().value(of: setting.name) == setting.defaultValue, "\(setting.name)")
        }
        #expect(fromDefaults == HwaljaSettings())
    }

    @Test func everyValueReadsBackAsTheFileWritesIt() throws {
        var settings = HwaljaSettings()
        let values = [
            "layout": "vega", "layout-options": "naratgeul-stroke-stops,vega-compounds-stay",
            "keymap": "keypad-position",
            "table": "/srv/hwalja.table", "long-press": "700", "letters-on": "release", "repeat-interval": "60",
            "auto-next": "900",
            "space-inserts": "true", "max-contexts": "8", "max-unread-kib": "64", "suggestions": "0",
            "learn-words": "false",
            "pick-adds-space": "false",
            "predict-next-word": "false",
            "keypad-feedback": "false"
        ]
        #expect(Set(values.keys) == Set(HwaljaSettings.names), "a value for every setting")
        for (name, value) in values { try settings.set(name, to: value) }
        for (name, value) in values { #expect(settings.value(of: name) == value, "\(name)") }
        #expect(settings.value(of: "long-pres") == nil)
    }

    @Test func theKindsSayWhatTheSettingsTake() {
        #expect(HwaljaSettings.setting(named: "letters-on")?.kind.allowed == ["press", "release"])
        #expect(HwaljaSettings.setting(named: "suggestions")?.kind.allowed == ["0", "9"])
        #expect(HwaljaSettings.setting(named: "auto-next")?.kind.name == "milliseconds-or-off")
        #expect(
            HwaljaSettings.setting(named: "layout")?.kind.allowed == [
                "cheonjiin", "cheonjiin-plus", "naratgeul", "vega"
            ])
    }

    @Test func theSettingsPageListsEverySettingWithItsDefault() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/settings.md"), encoding: .utf8)
        for setting in HwaljaSettings.catalogue {
            #expect(
                page.contains("\n\(setting.name) = \(setting.defaultValue) "),
                "docs/settings.md lacks \(setting.name) = \(setting.defaultValue)")
        }
    }
}
