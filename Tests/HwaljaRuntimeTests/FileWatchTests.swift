import Foundation
import HwaljaRuntime
import HwaljaTestSupport
import Testing

/// FileWatch: the IBus engine reads its settings again when a field gets the focus only if the
/// file changed, whoever changed it.
struct FileWatchTests {
    @Test func seesAFileAppearChangeAndGo() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("hwalja.conf").path
        let watch = FileWatch(path: path)
        #expect(!watch.changed(), "no file, and still none")
        try "long-press = 600\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(watch.changed(), "it appeared")
        #expect(!watch.changed(), "as it was when last looked at")
        try AtomicFile.replace(path, with: Array("long-press = 700\n".utf8))  // the same size: a new inode tells
        #expect(watch.changed())
        try "long-press = 7000\n".write(toFile: path, atomically: false, encoding: .utf8)  // written in place
        #expect(watch.changed())
        unlink(path)
        #expect(watch.changed(), "it went")
        #expect(!watch.changed())
    }

    @Test func noPathNeverChanges() {
        let watch = FileWatch(path: nil)
        #expect(!watch.changed())
    }
}
