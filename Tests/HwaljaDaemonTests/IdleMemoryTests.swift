import Foundation
import HwaljaTestSupport
import Testing

/// hwaljad idle: a few seconds after its last message it unmaps the code pages it read (they
/// stay in the page cache), and typing afterwards maps what it needs again and types the same.
struct IdleMemoryTests {
    @Test func codePagesGoWhenIdleAndTypingStillWorks() throws {
        let daemon = try PrivateDaemon()
        #expect(try HostileClientTests.typesCorrectly(daemon) == "안녕하세요")
        let busy = try #require(daemon.fileKilobytes)
        var idle = busy
        let deadline = Date().addingTimeInterval(30)  // IdleMemory: 3 to 6 s after the last message (a loaded machine: more)
        while idle > busy - 1024 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.25)
            idle = daemon.fileKilobytes ?? idle
        }
        print("hwaljad resident file pages: \(busy) KiB after typing, \(idle) KiB idle")
        #expect(idle <= busy - 1024, "code pages not given back: \(busy) → \(idle) KiB")
        #expect(try HostileClientTests.typesCorrectly(daemon) == "안녕하세요")
        #expect(try HostileClientTests.typesCorrectly(daemon) == "안녕하세요")
    }
}
