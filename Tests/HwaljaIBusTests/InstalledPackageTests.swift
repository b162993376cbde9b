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
        // 0 pressed again 150 ms after its long press, as a person lifts and presses a key: this
        // client has no GTK module's capabilities, so sooner would be taken for X repeating it.
        let held = try ibus.type(
            "tap 4\ntap 1\ntap 2\npress 0\nsleep 800\nrelease 0\nsleep 150\ntap 0\ntap 1\ntap 2\ntap BackSpace\nfocus-out\nfocus-in\ntap Return\n"
        )
        #expect(held.text == "가0이\n")
        #expect(ibus.problems.isEmpty, "ibus-daemon complained: \(ibus.problems)")
    }

    /// Every engine's Preferences is the installed hwalja-preferences, which answers for itself:
    /// the component's <setup> (IBus's menu) and ibus-setup-ENGINE.desktop (GNOME Settings).
    @Test func eachEnginesPreferencesAreTheInstalledProgram() throws {
        let component = try String(contentsOfFile: "/usr/share/ibus/component/hwalja.xml", encoding: .utf8)
        let engines = component.components(separatedBy: "<engine>").count - 1
        let setups = component.matches(of: /<setup>([^<]*)<\/setup>/).map { String($0.output.1) }
        #expect(engines > 0 && setups.count == engines && Set(setups) == ["/usr/bin/hwalja-preferences"], "\(setups)")
        let version = try runCommand("hwalja-preferences", ["--version"])
        #expect(version.stdout == "0.1.0\n" && version.status == 0, "\(version.stderr)")
        #expect(try runCommand("hwalja-preferences", ["--help"]).stdout.contains("USAGE: hwalja-preferences"))
        // GNOME Settings opens an engine's preferences from ibus-setup-ENGINE.desktop.
        let names = component.matches(of: /<name>(hwalja[^<]*)<\/name>/).map { String($0.output.1) }
        #expect(names.count == engines)
        for entry in ["hwalja-preferences"] + names.map({ "ibus-setup-\($0)" }) {
            let path = "/usr/share/applications/\(entry).desktop"
            let desktop = try runCommand("desktop-file-validate", [path])
            #expect(desktop.status == 0 && desktop.stdout.isEmpty, "\(path): \(desktop.stdout)")
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            #expect(text.contains("\nExec=hwalja-preferences\n"), "\(path)")
        }
    }

    /// Phosh starts its on-screen keyboard from /usr/share/applications/sm.puri.OSK0.desktop, the
    /// Phosh-OSK alternative: the keypad package offers itself there, below squeekboard.
    @Test func theKeypadIsOfferedToPhoshAsItsOnScreenKeyboard() throws {
        let offered = "/usr/share/hwalja-keypad/sm.puri.OSK0.desktop"
        let query = try runCommand("update-alternatives", ["--query", "Phosh-OSK"])
        #expect(
            query.stdout.contains("Link: /usr/share/applications/sm.puri.OSK0.desktop"),
            "\(query.stdout)\(query.stderr)")
        #expect(query.stdout.contains("Alternative: \(offered)\nPriority: 20"), "\(query.stdout)")
        let desktop = try runCommand("desktop-file-validate", [offered])
        #expect(desktop.status == 0 && desktop.stdout.isEmpty, "\(desktop.stdout)")
        let text = try String(contentsOfFile: offered, encoding: .utf8)
        #expect(text.contains("\nExec=/usr/bin/hwalja-keypad\n") && text.contains("\nNoDisplay=true\n"))
    }

    @Test func dbusActivationStartsTheInstalledDaemon() throws {
        // A session bus with the standard configuration reads /usr/share/dbus-1/services.
        let bus = try BackgroundProcess(
            URL(fileURLWithPath: "/usr/bin/dbus-daemon"), ["--session", "--nofork", "--print-address=1"])
        defer { bus.stop() }
        let deadline = Deadline(seconds: 10)
        while !bus.stdoutSoFar.hasSuffix("\n") && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.01) }
        let address = bus.stdoutSoFar.trimmingCharacters(in: .whitespacesAndNewlines)
        let created = try runCommand(
            "gdbus",
            [
                "call", "--address", address, "--dest", "org.hwalja.Engine1", "--object-path", "/org/hwalja/Engine1",
                "--method", "org.hwalja.Engine1.CreateContext"
            ])
        #expect(created.stdout.contains("/org/hwalja/Engine1/Context/1"), "activation failed: \(created.stderr)")
        let info = try runCommand(
            "gdbus",
            [
                "call", "--address", address, "--dest", "org.hwalja.Engine1", "--object-path", "/org/hwalja/Engine1",
                "--method", "org.freedesktop.DBus.Properties.Get", "org.hwalja.Engine1", "TableInfo"
            ])
        #expect(info.stdout.contains("/usr/share/hwalja/hwalja.table"))
        // The activated hwaljad is the bus's child: it exits when the bus stops ("the bus went away").
    }

    @Test func theInstalledReplayToolUsesTheInstalledTable() throws {
        let outcome = try runProcess(
            URL(fileURLWithPath: "/usr/bin/hwalja-replay"), ["--keys", "0 1 2 5"], environment: ["HWALJA_TABLE": ""])
        #expect(outcome.stdout == "안\n")
    }

    /// The package as built (dist/hwalja_*.deb): at most 4 MB (issue 14; 22.9 MB with three binaries
    /// and Foundation), one binary whose links are the three programs, and no Foundation or ICU in it.
    @Test func thePackageIsSmallAndShipsOneBinaryWithoutFoundation() throws {
        let dist = packageRoot.appendingPathComponent("dist")
        let packages = try FileManager.default.contentsOfDirectory(atPath: dist.path).filter {
            $0.hasPrefix("hwalja_") && $0.hasSuffix(".deb")
        }
        #expect(packages.count == 1, "dist: \(packages)")
        for name in packages {
            let size = try #require(
                try FileManager.default.attributesOfItem(atPath: dist.appendingPathComponent(name).path)[.size] as? Int)
            #expect(size <= 4_000_000, "\(name) is \(size) bytes")
        }
        let binary = "/usr/libexec/hwalja/hwalja"
        for program in [
            "/usr/libexec/hwalja/hwaljad", "/usr/libexec/hwalja/ibus-engine-hwalja", "/usr/bin/hwalja-replay"
        ] {
            #expect(
                URL(fileURLWithPath: program).resolvingSymlinksInPath().path == binary,
                "\(program) is not a link to \(binary)")
        }
        let bytes = try #require(FileManager.default.contents(atPath: binary))
        for module in ["FoundationEssentials", "FoundationInternationalization", "_FoundationICU"] {
            #expect(bytes.range(of: Data(module.utf8)) == nil, "\(binary) carries \(module)")
        }
    }

    /// Each installed program is the development build's, by its own name: the same flags, help and
    /// help texts (--experimental-dump-help, the JSON the man pages are made from), the same errors.
    @Test(arguments: [
        "/usr/libexec/hwalja/hwaljad", "/usr/libexec/hwalja/ibus-engine-hwalja", "/usr/bin/hwalja-replay",
        "/usr/bin/hwalja-keypad"
    ])
    func theInstalledProgramKeepsItsNameFlagsAndHelp(program: String) throws {
        let name = URL(fileURLWithPath: program).lastPathComponent
        for arguments in [["--experimental-dump-help"], ["--help"], ["--no-such-flag"]] {
            let installed = try runProcess(URL(fileURLWithPath: program), arguments)
            let built = try runProcess(product(name), arguments)
            #expect(installed.stdout == built.stdout, "\(program) \(arguments)")
            #expect(installed.stderr == built.stderr, "\(program) \(arguments)")
            #expect(installed.status == built.status, "\(program) \(arguments)")
        }
        #expect(try runProcess(URL(fileURLWithPath: program), ["--help"]).stdout.contains("USAGE: \(name) "))
    }

    /// Each installed man page, rendered as man renders it, says what the program's --help says:
    /// every option, and the Hangul (help2man from --help; the generator used before dropped
    /// every character outside ASCII).
    @Test(arguments: [
        "/usr/libexec/hwalja/hwaljad", "/usr/libexec/hwalja/ibus-engine-hwalja", "/usr/bin/hwalja-replay",
        "/usr/bin/hwalja-keypad",
        "/usr/bin/hwalja-preferences"
    ])
    func theManPageSaysWhatHelpSays(program: String) throws {
        let name = URL(fileURLWithPath: program).lastPathComponent
        let help = try runProcess(URL(fileURLWithPath: program), ["--help"]).stdout
        // Lines wide enough and no hyphenation, so that no option is split; no overstriking.
        let rendered = try runCommand(
            "sh", ["-c", "zcat /usr/share/man/man1/\(name).1.gz | groff -k -man -Tutf8 -P-cbou -rLL=300n -rHY=0"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let options = Set(help.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
        #expect(!options.isEmpty)
        for option in options {
            #expect(rendered.stdout.contains(option), "\(name).1 lacks \(option)")
        }
        let hangul = Set(
            help.unicodeScalars.filter {
                (0x1100...0x11FF).contains($0.value) || (0x3130...0x318F).contains($0.value)
                    || (0xAC00...0xD7A3).contains($0.value)
            })
        let shown = Set(rendered.stdout.unicodeScalars)
        #expect(
            hangul.isSubset(of: shown), "\(name).1 lacks \(String(String.UnicodeScalarView(hangul.subtracting(shown))))"
        )
    }
}
