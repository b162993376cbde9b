#if canImport(Glibc)
import Glibc
#endif
import HwaljaCore

/// Writes what clients type as timed replay logs, one file per context — only when the user
/// started the daemon or the IBus engine with `--record DIR`. Nothing else writes keystrokes anywhere.
///
/// Files are created `0600` in a directory created `0700`: they may hold what was typed.
public final class KeystrokeRecorder {
    /// Why recording cannot start.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let directory: String
    private var files: [Int: Int32] = [:]

    public init(directory: String) throws {
        self.directory = directory
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw Failure(description: "cannot create \(directory): \(String(cString: strerror(errno)))")
        }
    }

    /// Appends `<ms> down|up KEY` lines for context `number`; a tap is a down and an up at once.
    public func record(context number: Int, at time: Int, _ events: [(down: Bool, key: Key)]) {
        guard let file = descriptor(for: number) else { return }
        write(file, events.map { "\(time) \($0.down ? "down" : "up") \($0.key.name)\n" }.joined())
    }

    /// Closes the log of a context that went away.
    public func close(context number: Int) {
        if let file = files.removeValue(forKey: number) { _ = Glibc.close(file) }
    }

    private func descriptor(for number: Int) -> Int32? {
        if let file = files[number] { return file }
        let path = "\(directory)/context-\(number).log"
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard file >= 0 else { return nil }
        write(file, "# hwaljad keystroke recording of context \(number) (started with --record); replay: hwalja-replay FILE\n")
        files[number] = file
        return file
    }

    private func write(_ file: Int32, _ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = Glibc.write(file, bytes.baseAddress, bytes.count) }
    }
}
