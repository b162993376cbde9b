import Foundation

/// The Wine prefix tools/wine-app.py runs notepad in: one per test process, made by the first case
/// that needs it (about 20 s) and removed when the process exits.
public enum ScratchWinePrefix {
    public static let path: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-wine-\(getpid())").path
        atexit { try? FileManager.default.removeItem(atPath: ScratchWinePrefix.path) }
        return path
    }()

    /// The harness's environment: Wine's prefix.
    public static var environment: [String: String] { ["WINEPREFIX": path] }
}
