import CHwaljaFcitx5
import Foundation
import Testing

@testable import HwaljaFcitx5

/// hwalja-fcitx5.h as the addon calls it, from one thread as fcitx5's: the callbacks it gets and
/// when. The engine finds the checkout's Tables/hwalja.table from the package's folder; its
/// settings file is an empty one of the test's, and it keeps no learned words (the user's are
/// left alone).
struct Fcitx5CInterfaceTests {
    /// What the engine asked of the addon, in order (from fcitx5's thread, and lines for the log
    /// and wake-ups from the background's).
    final class Addon: @unchecked Sendable {  // `recorded` under `lock`
        private let lock = NSLock()
        private var recorded: [String] = []
        var deadline: Int64?

        var calls: [String] {
            get { lock.withLock { recorded } }
            set { lock.withLock { recorded = newValue } }
        }

        func record(_ call: String) { lock.withLock { recorded.append(call) } }

        static func of(_ user: UnsafeMutableRawPointer?) -> Addon {
            Unmanaged<Addon>.fromOpaque(user!).takeUnretainedValue()
        }

        var callbacks: hwalja_fcitx5_callbacks {
            var table = hwalja_fcitx5_callbacks()
            table.user = Unmanaged.passUnretained(self).toOpaque()
            table.commit = { user, context, text in Addon.of(user).record("\(context) commit \(String(cString: text!))")
            }
            table.preedit = { user, context, text, cursor in
                Addon.of(user).record("\(context) preedit \(String(cString: text!)) \(cursor)")
            }
            table.delete_surrounding = { user, context, offset, count in
                Addon.of(user).record("\(context) delete \(offset) \(count)")
            }
            table.forward_key = { user, context, keysym, _, state in
                Addon.of(user).record("\(context) forward \(keysym) \(state)")
            }
            table.suggestions = { user, context, _, count in Addon.of(user).record("\(context) suggestions \(count)") }
            table.schedule = { user, deadline in Addon.of(user).deadline = deadline }
            table.wake = { user in Addon.of(user).record("wake") }
            table.log = { user, line in Addon.of(user).record("log \(String(cString: line!))") }
            return table
        }
    }

    @Test func keysComposeThroughTheCInterfaceAndNothingComesAfterFree() throws {
        let addon = Addon()
        let settings = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hwalja-c-\(UUID().uuidString).conf")
        try "".write(to: settings, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: settings) }
        // What hwalja_fcitx5_new makes, with the test's files.
        let made = try #require(
            Fcitx5Embedding(callbacks: addon.callbacks, settingsFile: settings.path, learnedWords: nil))
        let engine = OpaquePointer(Unmanaged.passRetained(made).toOpaque())
        #expect(
            addon.calls.contains { $0.hasPrefix("log typing with ") && $0.contains("in fcitx5's process") },
            "\(addon.calls)")
        #expect(hwalja_fcitx5_context_new(engine, "qwerty") == 0)
        #expect(addon.calls.last?.hasPrefix("log no layout \"qwerty\"") == true, "\(addon.calls)")
        let context = hwalja_fcitx5_context_new(engine, "cheonjiin")
        #expect(context != 0)
        addon.calls.removeAll()
        for keysym: UInt32 in [0x34, 0x31, 0x32] {  // 4 1 2: 가
            #expect(hwalja_fcitx5_key(engine, context, keysym, 0, 0, 0))
            #expect(hwalja_fcitx5_key(engine, context, keysym, 0, 1 << 30, 0))
        }
        // (The background's lines, such as "no session bus", may come at any moment before the end.)
        #expect(
            addon.calls.filter { !$0.hasPrefix("log ") } == [
                "\(context) preedit ㄱ 1", "\(context) preedit 기 1", "\(context) preedit 가 1"
            ])
        // A press arms the long press on fcitx5's clock, CLOCK_MONOTONIC in microseconds.
        #expect(hwalja_fcitx5_key(engine, context, 0x35, 0, 0, 0))
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let deadline = try #require(addon.deadline)
        #expect(deadline > Int64(now.tv_sec) * 1_000_000, "armed in the future")
        #expect(hwalja_fcitx5_has_work_after_key(engine))
        hwalja_fcitx5_focus_out(engine, context)
        #expect(
            addon.calls.filter { !$0.hasPrefix("log ") }.suffix(2) == ["\(context) commit 간", "\(context) preedit  0"],
            "\(addon.calls)")
        hwalja_fcitx5_context_free(engine, context)
        addon.calls.removeAll()
        #expect(!hwalja_fcitx5_key(engine, context, 0x34, 0, 0, 0))
        #expect(addon.calls.filter { !$0.hasPrefix("log ") }.isEmpty, "a context let go types nothing: \(addon.calls)")
        hwalja_fcitx5_free(engine)
        addon.record("freed")
        Thread.sleep(forTimeInterval: 0.1)  // a window for a callback from the background, were one to come
        #expect(addon.calls.last == "freed", "nothing after hwalja_fcitx5_free: \(addon.calls)")
    }
}
