import Foundation

/// A folder of a test's own files (settings, keymaps), removed when the test lets go of it.
package final class TemporaryFolder: @unchecked Sendable {
    package let url: URL

    package init(_ prefix: String = "hwalja-files") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to the file `name` in the folder; returns its path.
    @discardableResult
    package func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
