import HwaljaTyping
import Testing

struct SettingsFileTextTests {
    @Test func aSettingChangesOnItsOwnLineKeepingItsCommentAndEveryOtherLine() {
        let text = "# my settings\nkeymap = phone   # on the laptop\n\nlong-press = 500\n"
        #expect(
            SettingsFileText.setting("keymap", to: "keypad-position", in: text)
                == "# my settings\nkeymap = keypad-position   # on the laptop\n\nlong-press = 500\n")
    }

    @Test func theLastLineThatSetsItIsTheOneThatChanges() {
        let text = "long-press = 400\nlong-press=600"
        #expect(SettingsFileText.setting("long-press", to: "700", in: text) == "long-press = 400\nlong-press = 700\n")
    }

    @Test func aSettingNotInTheFileIsAddedAtTheEnd() {
        #expect(SettingsFileText.setting("suggestions", to: "5", in: "") == "suggestions = 5\n")
        #expect(
            SettingsFileText.setting("suggestions", to: "5", in: "# long-press = 400\nlearn-words = false")
                == "# long-press = 400\nlearn-words = false\nsuggestions = 5\n")
    }
}
