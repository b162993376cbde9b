import Dispatch
import Foundation
import HwaljaRuntime
import Testing

/// When ``IdleMemory`` gives memory back: once after start-up, then once after each spell of
/// activity, never while idle, and its timer armed only once the message that ended the idleness
/// was answered (arming it while the message is handled delayed the answer).
struct IdleMemoryTimerTests {
    final class Releases: @unchecked Sendable {
        let queue = DispatchQueue(label: "idle-memory-test")
        let released = DispatchSemaphore(value: 0)
        private(set) var memory: IdleMemory!

        init() {
            memory = IdleMemory(queue: queue, seconds: 1) { [released] in released.signal() }
        }

        /// Whether a release came within `seconds`.
        func waitForRelease(seconds: Double) -> Bool {
            released.wait(timeout: .now() + seconds) == .success
        }
    }

    @Test func releasesOnceIdleAndArmsOnlyAfterTheAnswers() {
        let releases = Releases()
        releases.memory.start()
        #expect(releases.waitForRelease(seconds: 4), "no release 1 to 2 s after start-up")

        // A message came and is being handled: nothing is armed yet, so nothing is released.
        releases.queue.sync { releases.memory.noteActivity() }
        #expect(!releases.waitForRelease(seconds: 2.5), "released while idle, or armed before the answers")

        // Its answer went: the idle timer is armed, and the memory given back once idle again.
        releases.queue.sync { releases.memory.armAfterAnswers() }
        #expect(releases.waitForRelease(seconds: 4), "no release after the activity")
        #expect(!releases.waitForRelease(seconds: 2.5), "released twice for one spell of activity")
    }
}
