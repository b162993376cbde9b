import Dispatch
import Foundation
import HwaljaCore
import HwaljaRuntime
import Testing

/// `--record DIR`: each run in a fresh private directory; nothing already in DIR opened, followed or waited on.
@Suite(.serialized)
struct KeystrokeRecorderTests {
    /// A scratch DIR, removed afterwards.
    final class Scratch {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hwalja-record-\(UUID().uuidString)")
        var path: String { url.path }
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    static func record(_ recorder: KeystrokeRecorder, context: Int) {
        recorder.record(context: context, at: 0, [(true, .giyeokKieuk), (false, .giyeokKieuk)])
    }

    @Test func eachRunWritesPrivateFilesInAFreshDirectoryOfItsOwn() throws {
        let scratch = try Scratch()
        let first = try KeystrokeRecorder(directory: scratch.path, program: "hwaljad") { Issue.record("\($0)") }
        let second = try KeystrokeRecorder(directory: scratch.path, program: "hwaljad") { Issue.record("\($0)") }
        #expect(first.runDirectory != second.runDirectory)
        for recorder in [first, second] {
            #expect(recorder.runDirectory.hasPrefix(scratch.path + "/"))
            let name = String(recorder.runDirectory.dropFirst(scratch.path.count + 1))
            #expect(name.wholeMatch(of: /hwaljad-\d{8}-\d{6}-[A-Za-z0-9]{6}/) != nil, "\(name)")
            #expect(try Self.mode(recorder.runDirectory) == 0o700)
            Self.record(recorder, context: 1)
            recorder.close(context: 1)
            let log = recorder.runDirectory + "/context-1.log"
            #expect(try Self.mode(log) == 0o600)
            #expect(try String(contentsOfFile: log, encoding: .utf8).hasSuffix("0 down ㄱㅋ\n0 up ㄱㅋ\n"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).count == 2)
    }

    @Test func aMissingDirectoryIsCreatedPrivate() throws {
        let scratch = try Scratch()
        let directory = scratch.path + "/new"
        let recorder = try KeystrokeRecorder(directory: directory, program: "ibus-engine-hwalja") {
            Issue.record("\($0)")
        }
        #expect(try Self.mode(directory) == 0o700)
        #expect(recorder.runDirectory.hasPrefix(directory + "/ibus-engine-hwalja-"))
    }

    @Test func whatIsAlreadyInTheDirectoryIsLeftAlone() throws {
        let scratch = try Scratch()
        // What an earlier recorder wrote, and what someone planted where it wrote: a link to a file
        // that must not be truncated, a FIFO that must not be waited on, a world-readable file.
        let target = scratch.path + "/precious"
        try "keep me\n".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/context-1.log", withDestinationPath: target)
        #expect(mkfifo(scratch.path + "/context-2.log", 0o600) == 0)
        try "old recording\n".write(toFile: scratch.path + "/context-3.log", atomically: false, encoding: .utf8)
        #expect(chmod(scratch.path + "/context-3.log", 0o644) == 0)

        let recorder = try KeystrokeRecorder(directory: scratch.path, program: "hwaljad") { Issue.record("\($0)") }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let shared = recorder  // used by the thread only until it signals
        let thread = Thread {
            for context in 1...3 { Self.record(shared, context: context) }
            done.signal()
        }
        thread.start()
        if done.wait(timeout: .now() + 5) == .timedOut {
            Issue.record("recording blocked on the FIFO")
            let reader = open(scratch.path + "/context-2.log", O_RDONLY | O_NONBLOCK)  // lets the writer go
            done.wait()
            close(reader)
        }
        for context in 1...3 { recorder.close(context: context) }

        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path + "/context-1.log") == target)
        #expect(try String(contentsOfFile: scratch.path + "/context-3.log", encoding: .utf8) == "old recording\n")
        #expect(try Self.mode(scratch.path + "/context-3.log") == 0o644)
        for context in 1...3 {
            let log = recorder.runDirectory + "/context-\(context).log"
            #expect(try Self.mode(log) == 0o600)
            #expect(try String(contentsOfFile: log, encoding: .utf8).contains("0 down ㄱㅋ"))
        }
    }

    @Test func aLogThatCannotBeCreatedIsReportedOnceAndTheRestGoesOn() throws {
        let scratch = try Scratch()
        var reports: [String] = []
        let recorder = try KeystrokeRecorder(directory: scratch.path, program: "hwaljad") { reports.append($0) }
        // as if planted in the run's own directory
        #expect(mkfifo(recorder.runDirectory + "/context-7.log", 0o600) == 0)
        for _ in 0..<3 { Self.record(recorder, context: 7) }
        Self.record(recorder, context: 8)
        #expect(reports.count == 1)
        #expect(reports.first?.contains("context 7") == true)
        #expect(FileManager.default.fileExists(atPath: recorder.runDirectory + "/context-8.log"))
    }

    @Test func aDirectoryThatCannotBeMadeIsRefusedSayingWhy() throws {
        let scratch = try Scratch()
        try "".write(toFile: scratch.path + "/file", atomically: false, encoding: .utf8)
        #expect {
            try KeystrokeRecorder(directory: scratch.path + "/file", program: "hwaljad") { _ in }
        } throws: { error in
            guard case .cannotCreateRunDirectory(_, let reason) = error as? KeystrokeRecorder.Failure else {
                return false
            }
            return reason == "Not a directory" && !"\(error)".contains("\n")
        }
    }
}
