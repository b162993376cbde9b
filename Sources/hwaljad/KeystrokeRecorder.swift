import Foundation
import HwaljaCore

/// Writes what clients type as timed replay logs, one file per context — only when the user
/// started the daemon with `--record DIR`. Nothing else in the daemon writes keystrokes anywhere.
final class KeystrokeRecorder {
    private let directory: URL
    private var files: [Int: FileHandle] = [:]

    init(directory: String) throws {
        self.directory = URL(fileURLWithPath: directory)
        try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Appends `<ms> down|up KEY` lines for context `number`; a tap is a down and an up at once.
    func record(context number: Int, at time: Int, _ events: [(down: Bool, key: Key)]) {
        guard let file = handle(for: number) else { return }
        let text = events.map { "\(time) \($0.down ? "down" : "up") \($0.key.name)\n" }.joined()
        file.write(Data(text.utf8))
    }

    /// Closes the log of a context that went away.
    func close(context number: Int) {
        try? files.removeValue(forKey: number)?.close()
    }

    private func handle(for number: Int) -> FileHandle? {
        if let file = files[number] { return file }
        let path = directory.appendingPathComponent("context-\(number).log").path
        let header = "# hwaljad keystroke recording of context \(number) (started with --record); replay: hwalja-replay FILE\n"
        guard FileManager.default.createFile(atPath: path, contents: Data(header.utf8), attributes: [.posixPermissions: 0o600]),
            let file = FileHandle(forWritingAtPath: path)
        else { return nil }
        file.seekToEndOfFile()
        files[number] = file
        return file
    }
}
