import Foundation
import HwaljaTestSupport
import Testing

/// hwaljad idle: a few seconds after its last message it gives its freed heap back, and keeps its
/// code mapped (clean file pages cost the system nothing, and unmapping them made the first key
/// after a pause four times slower): the code it ran stays resident, and typing after the pause
/// types the same.
struct IdleMemoryTests {
    @Test func idleTheHeapIsTrimmedAndTheCodeStays() throws {
        let daemon = try PrivateDaemon()
        try DaemonLifecycleTests.waitFor(daemon, "word suggestions:", seconds: 60)
        #expect(try HostileClientTests.typesCorrectly(daemon) == "안녕하세요")
        let busy = try #require(daemon.fileKilobytes)
        Thread.sleep(forTimeInterval: 8)  // IdleMemory: 3 to 6 s after the last message
        let idleFile = try #require(daemon.fileKilobytes)
        let idleAnonymous = try #require(daemon.anonymousKilobytes)
        print(
            "hwaljad idle: \(idleAnonymous) KiB anonymous memory; file pages \(busy) KiB after typing, \(idleFile) KiB idle"
        )
        #expect(idleFile >= busy - 256, "code pages were unmapped: \(busy) → \(idleFile) KiB")
        #expect(idleAnonymous <= 3 * 1024, "hwaljad holds \(idleAnonymous) KiB of anonymous memory idle")
        #expect(try HostileClientTests.typesCorrectly(daemon) == "안녕하세요")
    }
}
