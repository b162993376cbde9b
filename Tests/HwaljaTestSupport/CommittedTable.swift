import Foundation
import HwaljaCore
import HwaljaReplay
import HwaljaTable

/// The package's root directory (where Package.swift is).
package let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The table committed under Tables/, decoded once for all tests.
package let committedTable: TransitionTable = {
    let path = packageRoot.appendingPathComponent("Tables/hwalja.table").path
    guard let data = FileManager.default.contents(atPath: path) else {
        fatalError("\(path) is missing: run `swift run hwalja-gen`")
    }
    do {
        return try KeyboardLayout.cheonjiin.decodeTable([UInt8](data))
    } catch {
        fatalError("\(path): \(error)")
    }
}()

/// Types whitespace-separated key tokens into a fresh composer and returns the application's text
/// (everything committed, then the preedit).
package func typed(_ tokens: String, options: Composer.Options = Composer.Options()) -> String {
    var host = ReplayHost(composer: Composer(table: committedTable, options: options))
    for token in tokens.split(separator: " ") {
        guard let key = Key(token: String(token)) else { fatalError("test uses an unknown key token \(token)") }
        host.apply(.press(key))
    }
    return host.text
}

/// Types a list of keys and returns the application's text.
package func typed(_ keys: [Key]) -> String {
    var host = ReplayHost(composer: Composer(table: committedTable))
    for key in keys { host.apply(.press(key)) }
    return host.text
}

/// Each layout's table committed under Tables/, decoded once for all tests.
package let committedTables: [KeyboardLayout: TransitionTable] = {
    var tables: [KeyboardLayout: TransitionTable] = [:]
    for layout in KeyboardLayout.allCases {
        let path = packageRoot.appendingPathComponent("Tables/\(layout.tableFileName)").path
        guard let data = FileManager.default.contents(atPath: path) else {
            fatalError("\(path) is missing: run `swift run hwalja-gen`")
        }
        do {
            tables[layout] = try layout.decodeTable([UInt8](data))
        } catch {
            fatalError("\(layout.name)'s table: \(error)")
        }
    }
    return tables
}()

/// Types whitespace-separated key tokens of `layout` (``KeyboardLayout/key(token:)``) into a
/// fresh composer with that layout's table (or `table`) and returns the application's text.
package func typed(
    _ tokens: String, layout: KeyboardLayout, table: TransitionTable? = nil,
    options: Composer.Options = Composer.Options()
) -> String {
    var host = ReplayHost(composer: Composer(table: table ?? committedTables[layout]!, options: options))
    for token in tokens.split(separator: " ") {
        guard let key = layout.key(token: String(token)) else {
            fatalError("test uses a token \(token) \(layout.name) lacks")
        }
        host.apply(.press(key))
    }
    return host.text
}

/// Types a list of keys with `layout`'s table and returns the application's text.
package func typed(_ keys: [Key], layout: KeyboardLayout) -> String {
    var host = TypingHost(table: committedTables[layout]!)
    for key in keys { host.press(key) }
    return host.text
}
