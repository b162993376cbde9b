import Foundation

/// The Wine prefixes tools/wine-app.py runs notepad in: one per framework and test process, since
/// the suites of the two frameworks run at once and a prefix has one wineserver; each is made by
/// the first case that needs it (about 20 s) and removed when the process exits.
package enum ScratchWinePrefix {
    static let folder: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-wine-\(getpid())").path
        atexit { try? FileManager.default.removeItem(atPath: ScratchWinePrefix.folder) }
        return path
    }()

    /// The harness's environment for `framework`'s suite: its own Wine prefix.
    package static func environment(for framework: String) -> [String: String] {
        ["WINEPREFIX": folder + "/" + framework]
    }
}
