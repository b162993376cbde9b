import Foundation
import HwaljaCore
import HwaljaLexicon
import HwaljaRules
import HwaljaTable

/// The figures of every layout's table side by side: states the generator visits, transitions,
/// bytes of the binary files, and the composer's cost per key typing the same text (UDHR article
/// 1, without its punctuation for the layouts that have no punctuation key) with that layout's keys,
/// and the time a field of that layout first spends spelling words for suggestions (``KeySpelling``).
enum LayoutFigures {
    static func print(tables directory: String = "Tables", keys folder: String = "tools/bench") throws {
        Swift.print("")
        Swift.print("Per layout (\(folder)/udhr-article-1[.LAYOUT].keys; states from a fresh hwalja-gen run)")
        Swift.print("  layout            states  transitions      bytes  keys  composer           spelling")
        for layout in KeyboardLayout.allCases {
            let file = try Benchmark.read("\(directory)/\(layout.tableFileName)")
            let table = try layout.decodeTable(file)
            let log = String(decoding: try Benchmark.read(keyLog(layout, folder)), as: UTF8.self)
            let keys = log.split(separator: "\n").filter { !$0.hasPrefix("#") }.flatMap { $0.split(separator: " ") }
                .compactMap { layout.key(token: String($0)) }
            let states = TableGenerator(layout: layout).statistics.states
            let perKey = Benchmark.composerPerKey(keys, table: table)
            let spelling = ContinuousClock().measure { _ = KeySpelling(table: table) }
            let name = layout.name.padding(toLength: 16, withPad: " ", startingAt: 0)
            Swift.print(
                "  \(name) \(pad(states, 7))  \(pad(table.transitionCount, 11))  \(pad(file.count, 9))  \(pad(keys.count, 4))  \(Benchmark.nanoseconds(perKey)) per key  \(Benchmark.format(spelling))"
            )
        }
    }

    static func keyLog(_ layout: KeyboardLayout, _ folder: String) -> String {
        layout == .cheonjiin ? "\(folder)/udhr-article-1.keys" : "\(folder)/udhr-article-1.\(layout.name).keys"
    }

    static func pad(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
