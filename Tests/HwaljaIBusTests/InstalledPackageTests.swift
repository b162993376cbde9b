import Foundation
import HwaljaTestSupport
import Testing

/// The installed Debian package (dist/hwalja_*.deb, `apt install`ed by tools/test): the engine
/// from /usr/share/ibus/component through IBus's system registry cache, and hwaljad from
/// /usr/libexec started by D-Bus activation. Runs when HWALJA_TEST_INSTALLED=1.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["HWALJA_TEST_INSTALLED"] == "1"))
struct InstalledPackageTests {
    @Test func theInstalledEngineIsSelectableAfterWriteCacheAndTypes() throws {
        #expect(FileManager.default.fileExists(atPath: "/usr/share/ibus/component/hwalja.xml"))
        let cache = try runCommand("ibus", ["write-cache", "--system"])
        #expect(cache.status == 0, "ibus write-cache --system: \(cache.stderr)")
        let ibus = try PrivateIBus(installed: true)
        let engines = try runCommand("ibus", ["list-engine"], environment: ibus.environment)
        #expect(engines.stdout.contains("hwalja - "), "ibus list-engine: \(engines.stdout)")
        #expect(engines.stdout.contains("hwalja-keypad - "), "ibus list-engine: \(engines.stdout)")
        let result = try ibus.type(IBusEndToEndTests.annyeonghaseyo)
        #expect(result.text == "안녕하세요")
        let held = try ibus.type("tap 4\ntap 1\ntap 2\npress 0\nsleep 800\nrelease 0\ntap 0\ntap 1\ntap 2\ntap BackSpace\nfocus-out\nfocus-in\ntap Return\n")
        #expect(held.text == "가0이\n")
        #expect(ibus.problems.isEmpty, "ibus-daemon complained: \(ibus.problems)")
    }

    @Test func dbusActivationStartsTheInstalledDaemon() throws {
        // A session bus with the standard configuration reads /usr/share/dbus-1/services.
        let bus = try BackgroundProcess(URL(fileURLWithPath: "/usr/bin/dbus-daemon"), ["--session", "--nofork", "--print-address=1"])
        defer { bus.stop() }
        let deadline = Date().addingTimeInterval(10)
        while !bus.stdoutSoFar.hasSuffix("\n") && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let address = bus.stdoutSoFar.trimmingCharacters(in: .whitespacesAndNewlines)
        let created = try runCommand("gdbus", ["call", "--address", address, "--dest", "org.hwalja.Engine1", "--object-path", "/org/hwalja/Engine1", "--method", "org.hwalja.Engine1.CreateContext"])
        #expect(created.stdout.contains("/org/hwalja/Engine1/Context/1"), "activation failed: \(created.stderr)")
        let info = try runCommand("gdbus", ["call", "--address", address, "--dest", "org.hwalja.Engine1", "--object-path", "/org/hwalja/Engine1", "--method", "org.freedesktop.DBus.Properties.Get", "org.hwalja.Engine1", "TableInfo"])
        #expect(info.stdout.contains("/usr/share/hwalja/hwalja.table"))
        // The activated hwaljad is the bus's child: it exits when the bus stops ("the bus went away").
    }

    @Test func theInstalledReplayToolUsesTheInstalledTable() throws {
        let outcome = try runProcess(URL(fileURLWithPath: "/usr/bin/hwalja-replay"), ["--keys", "0 1 2 5"], environment: ["HWALJA_TABLE": ""])
        #expect(outcome.stdout == "안\n")
    }
}
