import HwaljaCore
import HwaljaSession

#if canImport(Glibc)
    import Glibc
#endif

/// Writes what clients type as timed replay logs, one file per context — only when the user
/// started the daemon or the IBus engine with `--record DIR`. Nothing else writes keystrokes anywhere.
///
/// Each run writes into a directory of its own, made fresh inside DIR (``runDirectory``, mode
/// 0700), so a restart never overwrites an earlier recording; each log, `context-N.log`, is a new
/// file of mode 0600 (it may hold what was typed). Nothing already in DIR is opened, followed or
/// waited on: not a planted symbolic link, not a FIFO, not an older log.
package final class KeystrokeRecorder: KeystrokeRecording {
    /// Why recording cannot start.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// The directory given could not be created.
        case cannotCreateDirectory(path: String, reason: String)
        /// This run's directory could not be made inside the one given.
        case cannotCreateRunDirectory(in: String, reason: String)

        package var description: String {
            switch self {
            case .cannotCreateDirectory(let path, let reason):
                "cannot create \(Excerpt.path(path)): \(reason); give --record a directory you may write in"
            case .cannotCreateRunDirectory(let parent, let reason):
                "cannot create this run's directory in \(Excerpt.path(parent)): \(reason); give --record a directory you may write in"
            }
        }
    }

    /// The directory this run's logs go in: `DIR/PROGRAM-YYYYMMDD-HHMMSS-XXXXXX`. The caller says it once.
    package let runDirectory: String
    private let program: String
    private let report: (String) -> Void
    private var files: [Int: Int32] = [:]
    private var refused: Set<Int> = []

    /// Makes this run's directory inside `directory` (created 0700 if missing), named after `program`.
    /// `report` hears, once per context, of a log that could not be created.
    package init(directory: String, program: String, report: @escaping (String) -> Void) throws(Failure) {
        runDirectory = try PrivateFiles.makeRunDirectory(in: directory, prefix: program)
        self.program = program
        self.report = report
    }

    /// Appends `<ms> down|up KEY` lines for context `number`; a tap is a down and an up at once.
    package func record(context number: Int, at time: Int, _ events: [(down: Bool, key: Key)]) {
        guard let file = descriptor(for: number) else { return }
        write(file, events.map { "\(time) \($0.down ? "down" : "up") \($0.key.name)\n" }.joined())
    }

    /// Closes the log of a context that went away.
    package func close(context number: Int) {
        if let file = files.removeValue(forKey: number) { _ = Glibc.close(file) }
    }

    private func descriptor(for number: Int) -> Int32? {
        if let file = files[number] { return file }
        guard !refused.contains(number) else { return nil }
        switch PrivateFiles.createNew(at: "\(runDirectory)/context-\(number).log") {
        case .success(let file):
            write(
                file,
                "# \(program) keystroke recording of context \(number) (started with --record); replay: hwalja-replay FILE\n"
            )
            files[number] = file
            return file
        case .failure(let failure):
            refused.insert(number)
            report("not recording context \(number): \(failure)")
            return nil
        }
    }

    private func write(_ file: Int32, _ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = Glibc.write(file, bytes.baseAddress, bytes.count) }
    }
}
