import HwaljaTyping
import Testing

/// Config file errors stay one short line, whatever the file holds.
struct ConfigErrorTests {
    @Test func errorsQuoteAShortPrefixOfAHugeLine() {
        let huge = String(repeating: "x", count: 1_000_000)
        let errors: [ConfigError] = [
            .malformed(line: 1, text: huge), .unknownSetting(line: 1, name: huge),
            .badValue(line: 1, name: "long-press", value: huge)
        ]
        // An unknown setting's message lists the settings there are, after its short line.
        let known = HwaljaSettings.names.joined(separator: ", ").utf8.count
        for error in errors {
            let listed = if case .unknownSetting = error { known } else { 0 }
            #expect(error.description.utf8.count - listed < 200)
            #expect(error.description.contains("more bytes"))
            #expect(!error.description.contains("\n"))
        }
        var settings = HwaljaSettings()
        let problems = settings.apply(configFile: "auto-next = \(huge)")
        #expect(problems.count == 1)
        #expect(problems.allSatisfy { $0.description.utf8.count < 300 })
    }
}
