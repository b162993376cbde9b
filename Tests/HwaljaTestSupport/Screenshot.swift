import Foundation

/// A screenshot a test makes (the harness's `shot:PATH` key): saved into the folder
/// HWALJA_SCREENSHOTS names (`HWALJA_SCREENSHOTS=docs/images` keeps the docs' pictures current),
/// else into a temporary folder that goes with it.
package final class Screenshot: @unchecked Sendable {
    /// Where the PNG is written.
    package let url: URL
    private let temporary: TemporaryFolder

    /// A screenshot to be saved as `name` (`typing.png`); any older one there is removed first.
    package init(named name: String) throws {
        temporary = try TemporaryFolder("hwalja-screenshot")
        let folder =
            ProcessInfo.processInfo.environment["HWALJA_SCREENSHOTS"].map { URL(fileURLWithPath: $0) } ?? temporary.url
        url = folder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
    }

    /// The harness's key that saves it.
    package var key: String { "shot:\(url.path)" }

    /// The PNG's width and height in pixels, from its header (IHDR, big-endian, at 16 and 20).
    package func size() throws -> [Int] {
        let png = try Data(contentsOf: url)
        guard png.count >= 24 else { return [] }
        return [16, 20].map { offset in png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    }

    /// How many colours it has (ImageMagick's `convert … -format %k`): one for a blank screen,
    /// many for anti-aliased text.
    package func colours() throws -> Int {
        Int(try runCommand("convert", [url.path, "-format", "%k", "info:"], seconds: 20).stdout) ?? 0
    }
}
