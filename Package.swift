// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "hwalja",
    products: [
        .library(name: "HwaljaCore", targets: ["HwaljaCore"]),
        .library(name: "HwaljaTable", targets: ["HwaljaTable"]),
        .executable(name: "hwalja-gen", targets: ["hwalja-gen"]),
        .executable(name: "hwalja-replay", targets: ["hwalja-replay"]),
        .executable(name: "hwaljad", targets: ["hwaljad"]),
        .executable(name: "ibus-engine-hwalja", targets: ["ibus-engine-hwalja"]),
        .executable(name: "hwalja", targets: ["hwalja"]),
        // The fcitx5 addon's composing, linked into its module (tools/build-fcitx5): a C interface.
        .library(name: "HwaljaFcitx5", type: .static, targets: ["HwaljaFcitx5"])
    ],
    dependencies: [
        // 1.8.x: tools/build-deb replaces one of its files (packaging/swift-argument-parser/Foundation.swift),
        // written for 1.8; a newer minor release may change that file, so it is taken on purpose.
        .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.0"))
    ],
    targets: [
        // Pure composition core: keys, jamo arithmetic, the in-memory table, the composer. Imports nothing.
        .target(name: "HwaljaCore"),
        // Each layout's rules as a model, to generate the tables (hwalja-gen), and in the programs
        // a layout's table with the settings' layout-options (OptionTables).
        // Optimized in debug builds too: the tests, hwalja-gen and the programs' layout-options
        // tables generate whole tables, about four times slower unoptimized (neither library
        // product, HwaljaCore nor HwaljaTable, depends on it, so the unsafe flag stays out of them).
        .target(
            name: "HwaljaRules", dependencies: ["HwaljaCore"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // The on-disk table format: encode, decode, checksum, JSON export. No file I/O.
        .target(name: "HwaljaTable", dependencies: ["HwaljaCore"]),
        // Word suggestions: the lexicon's format, spelling words by keys, matching typed keys. No I/O.
        .target(name: "HwaljaLexicon", dependencies: ["HwaljaCore", "HwaljaTable"]),
        // Keystroke logs and the simulated host application used by hwalja-replay and the tests.
        .target(name: "HwaljaReplay", dependencies: ["HwaljaCore"]),
        // libdbus-1, as a system library (Debian: libdbus-1-dev).
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // GTK 3 with GDK's X11 and Wayland backends, XTest, gtk-layer-shell and xkbcommon, for
        // hwalja-keypad (Debian: libgtk-3-dev, libxtst-dev, libgtk-layer-shell-dev).
        .systemLibrary(
            name: "CGtk", pkgConfig: "gtk+-3.0",
            providers: [.apt(["libgtk-3-dev", "libxtst-dev", "libgtk-layer-shell-dev"])]),
        // The Wayland protocols hwalja-keypad speaks (input-method-unstable-v2 and
        // virtual-keyboard-unstable-v1 as an input method, KWin's fake-input): C generated from
        // protocol/ by tools/generate-wayland-protocols.
        .target(name: "CWaylandProtocols", exclude: ["protocol"], linkerSettings: [.linkedLibrary("wayland-client")]),
        // glibc's malloc.h (malloc_trim: hwaljad and the IBus engine give freed memory back when
        // idle, and hwaljad when contexts go: IdleMemory).
        .systemLibrary(name: "CMalloc"),
        // The libdbus binding, depending on libdbus alone (the only importer of CDBus): connections,
        // messages, values and errors, with no C type in its API; hwalja's interfaces as data
        // (EngineInterface, KeypadInterface) and their clients (EngineClient, the keypad's links);
        // the daemon's private peer-to-peer socket (PeerConnections).
        .target(name: "HwaljaDBus", dependencies: ["CDBus"]),
        // IBus specifics: the engine adapter over the session layer, IBusText, finding ibus-daemon's bus.
        .target(
            name: "HwaljaIBus",
            dependencies: ["HwaljaCore", "HwaljaDBus", "HwaljaTyping", "HwaljaSession", "HwaljaRuntime"]),
        // An input session, what hwaljad, the IBus engine and the fcitx5 addon each do between key
        // events and typing (InputSession), and the table of a program's sessions (SessionTable):
        // owners, timers on an injected clock, keymaps, shortcuts, field purposes, focus,
        // suggestions and hanja, the actions to send; replaying a log through a session. No bus,
        // no Dispatch, no I/O.
        .target(name: "HwaljaSession", dependencies: ["HwaljaReplay", "HwaljaCore", "HwaljaTyping", "HwaljaLexicon"]),
        // hwaljad's service, org.hwalja.Engine1 and its contexts, over the session layer: messages
        // in, replies and signals out, through a sink and a clock it is given (tested in process);
        // and its client's side of a context (ContextText), replaying a log through it (BusReplay).
        .target(
            name: "HwaljaDaemon",
            dependencies: [
                "HwaljaCore", "HwaljaDBus", "HwaljaTyping", "HwaljaSession", "HwaljaReplay", "HwaljaRuntime",
                "HwaljaTable"
            ]
        ),
        // What the programs share on their command lines and at start-up: options, settings and
        // table loading, serving a bus with Dispatch.
        .target(
            name: "HwaljaCommandLine",
            dependencies: [
                "HwaljaCore", "HwaljaDBus", "HwaljaTyping", "HwaljaSession", "HwaljaRules", "HwaljaRuntime",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        // hwalja inside fcitx5's process: the fcitx5 addon's C interface over the session layer.
        .target(
            name: "HwaljaFcitx5",
            dependencies: [
                "CHwaljaFcitx5", "HwaljaCore", "HwaljaDBus", "HwaljaTyping", "HwaljaSession", "HwaljaRuntime"
            ]),
        // The C interface of HwaljaFcitx5, include/hwalja-fcitx5.h: its types for Swift, its functions for the addon.
        .target(name: "CHwaljaFcitx5"),
        // The on-screen keypad's keys per layout and layer, and what each does; no view, no I/O.
        .target(name: "HwaljaKeypad", dependencies: ["HwaljaCore"]),
        // Typing on a clock (TypingContext: a composer, its hold timer, the words it ended), the
        // registry of contexts and their owners, the settings and their file's grammar. No I/O.
        .target(name: "HwaljaTyping", dependencies: ["HwaljaCore", "HwaljaLexicon"]),
        // The programs' I/O through the C library (no Foundation): the table, settings and keymap
        // files, the keystroke recorder, the clock on Dispatch, Unix signals, memory given back when idle,
        // the tables of the settings' layout-options (generated in the background); what the
        // frontends tell hwalja-keypad.
        .target(
            name: "HwaljaRuntime",
            dependencies: [
                "CMalloc", "HwaljaCore", "HwaljaDBus", "HwaljaTable", "HwaljaTyping", "HwaljaSession", "HwaljaLexicon",
                "HwaljaRules"
            ]),
        .testTarget(
            name: "HwaljaIBusTests",
            dependencies: [
                "HwaljaCore", "HwaljaTyping", "HwaljaSession", "HwaljaIBus", "HwaljaDBus", "HwaljaLexicon",
                "HwaljaRuntime", "HwaljaTestSupport"
            ]),
        .executableTarget(
            name: "hwalja-gen",
            dependencies: [
                "HwaljaCore", "HwaljaRules", "HwaljaTable",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        // The three programs' command lines, wiring only: hwaljad, ibus-engine-hwalja and
        // hwalja-replay, and the multi-call binary's dispatch by name.
        .target(
            name: "HwaljaPrograms",
            dependencies: [
                "HwaljaCommandLine", "HwaljaCore", "HwaljaDaemon", "HwaljaDBus", "HwaljaTyping", "HwaljaSession",
                "HwaljaIBus", "HwaljaReplay", "HwaljaRuntime",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        // The package's one binary (one copy of the Swift runtime): installed as
        // /usr/libexec/hwalja/hwalja, with hwaljad, ibus-engine-hwalja and hwalja-replay links to it.
        .executableTarget(name: "hwalja", dependencies: ["HwaljaPrograms"]),
        // The on-screen keypad: a GTK 3 view over HwaljaKeypad's keys.
        .executableTarget(
            name: "hwalja-keypad",
            dependencies: [
                "CGtk", "CWaylandProtocols", "HwaljaCore", "HwaljaDBus", "HwaljaKeypad", "HwaljaRuntime",
                "HwaljaSession", "HwaljaTyping", .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        // Each program on its own, for development (swift run hwaljad) and the tests.
        .executableTarget(
            name: "hwalja-replay",
            dependencies: ["HwaljaPrograms", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "hwaljad",
            dependencies: ["HwaljaPrograms", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "ibus-engine-hwalja",
            dependencies: ["HwaljaPrograms", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "hwalja-lexicon",
            dependencies: [
                "HwaljaCore", "HwaljaLexicon", "HwaljaTable",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        .executableTarget(
            name: "hwalja-bus-bench",
            dependencies: [
                "HwaljaCore", "HwaljaDBus", "HwaljaRuntime", "HwaljaDaemon", "HwaljaTyping", "HwaljaSession",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        .executableTarget(
            name: "hwalja-bench",
            dependencies: [
                "HwaljaCore", "HwaljaTyping", "HwaljaLexicon", "HwaljaRules", "HwaljaTable", "HwaljaRuntime",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        .target(
            name: "HwaljaTestSupport",
            dependencies: ["HwaljaCore", "HwaljaDBus", "HwaljaTable", "HwaljaReplay"],
            path: "Tests/HwaljaTestSupport"
        ),
        .testTarget(name: "HwaljaCoreTests", dependencies: ["HwaljaCore", "HwaljaReplay", "HwaljaTestSupport"]),
        .testTarget(
            name: "HwaljaTableTests", dependencies: ["HwaljaCore", "HwaljaTable", "HwaljaRules", "HwaljaTestSupport"]),
        .testTarget(
            name: "HwaljaSessionTests",
            dependencies: ["HwaljaCore", "HwaljaTyping", "HwaljaSession", "HwaljaLexicon", "HwaljaTestSupport"]),
        .testTarget(name: "HwaljaKeypadTests", dependencies: ["HwaljaCore", "HwaljaKeypad", "HwaljaTestSupport"]),
        .testTarget(name: "HwaljaTypingTests", dependencies: ["HwaljaCore", "HwaljaTyping", "HwaljaTestSupport"]),
        .testTarget(
            name: "HwaljaDaemonTests",
            dependencies: [
                "CDBus", "HwaljaCore", "HwaljaDaemon", "HwaljaDBus", "HwaljaTyping", "HwaljaSession", "HwaljaRuntime",
                "HwaljaTestSupport"
            ]),
        .testTarget(name: "HwaljaReplayTests", dependencies: ["HwaljaCore", "HwaljaReplay", "HwaljaTestSupport"]),
        .testTarget(
            name: "HwaljaRuntimeTests",
            dependencies: [
                "HwaljaCore", "HwaljaTyping", "HwaljaSession", "HwaljaLexicon", "HwaljaRuntime", "HwaljaTestSupport"
            ]),
        .testTarget(
            name: "HwaljaLexiconTests",
            dependencies: ["HwaljaCore", "HwaljaLexicon", "HwaljaTable", "HwaljaTestSupport"]),
        // The fcitx5 addon (Sources/fcitx5-hwalja, C++ built with CMake by tools/build-fcitx5, not
        // a SwiftPM target) in a real fcitx5, and its engine (HwaljaFcitx5) in process.
        .testTarget(
            name: "HwaljaFcitxTests",
            dependencies: [
                "HwaljaCore", "HwaljaTyping", "HwaljaFcitx5", "HwaljaSession", "HwaljaLexicon", "HwaljaRuntime",
                "HwaljaTestSupport"
            ])
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
