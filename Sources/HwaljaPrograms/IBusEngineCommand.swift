import ArgumentParser
import HwaljaCommandLine
import HwaljaCore
import HwaljaDBus
import HwaljaIBus
import HwaljaRuntime
import HwaljaTyping

/// `ibus-engine-hwalja`: the hwalja Cheon-Ji-In engines for IBus, started by ibus-daemon from
/// `/usr/share/ibus/component/hwalja.xml`. Wiring only: the engine is HwaljaIBus's.
package struct IBusEngineCommand: ParsableCommand {
    static let componentName = "org.hwalja.IBus"

    package static let configuration = CommandConfiguration(
        commandName: "ibus-engine-hwalja",
        abstract: "Cheon-Ji-In (천지인) Korean input for IBus.",
        discussion: """
            ibus-daemon starts it with --ibus. It connects to ibus-daemon's own bus ($IBUS_ADDRESS, \
            else IBus's address file), exports org.freedesktop.IBus.Factory, owns \(componentName) and \
            makes the engines: 'hwalja' (Cheon-Ji-In with the settings file's keymap, phone by default), \
            'hwalja-keypad' (Cheon-Ji-In with the keypad by position), and one per other layout: \
            'hwalja-cheonjiin-plus', 'hwalja-naratgeul', 'hwalja-vega' (the settings file's keymap, \
            as that layout's preset: phone or keypad-position).

            Keys (phone layout): 1-9, 0 on the number row and on the keypad with NumLock type ㅣ ㆍ ㅡ \
            ㄱㅋ ㄴㄹ ㄷㅌ ㅂㅍ ㅅㅎ ㅈㅊ ㅇㅁ; keypad + is next-character; keypad . , keypad * and . are the \
            punctuation key; BackSpace, space and Return do what they say. Keypad by position: keypad \
            7 8 9 = ㅣ ㆍ ㅡ, 4 5 6 = ㄱㅋ ㄴㄹ ㄷㅌ, 1 2 3 = ㅂㅍ ㅅㅎ ㅈㅊ, 0 = ㅇㅁ. Hold a digit key for \
            its digit; hold BackSpace to repeat. Naratgeul and Vega use all twelve phone positions: \
            the digits, * (asterisk, keypad *) and # (numbersign, keypad /). Cheon-Ji-In Plus: the \
            digits type the vowels and the first halves of the consonant keys as in Cheon-Ji-In, \
            Shift + 4-9, 0 (the number row's $ % ^ & * ( ), or the keypad) the second halves. Ctrl, Alt and Super combinations and other keys finish \
            the syllable and go to the application. In password, PIN and number fields the engine stays \
            out of the way and records nothing.

            Settings ($XDG_CONFIG_HOME/hwalja/hwalja.conf, shared with hwaljad: \
            \(HwaljaSettings.typingSettingNames.joined(separator: ", "))) are \
            read again when an engine is enabled or a field gets the focus, if the file changed since \
            (hwalja-preferences writes it through hwaljad), and on SIGHUP, which reloads the table too; \
            a change of layout-options makes that layout's table again, in the background.

            Word suggestions (the lexicon hwalja.lexicon beside the table) show in IBus's candidate \
            list; a click picks one. Words the user commits are learned and kept in \
            $XDG_DATA_HOME/hwalja/learned-words (mode 0600; never from password, PIN or number \
            fields); removing that file forgets them. A keymap file has 'KEYSYM = KEY' lines and may start with \
            'preset = keypad-position'; a '[naratgeul]', '[vega]' or '[cheonjiin-plus]' line starts that layout's \
            bindings, in its key names.
            """,
        version: hwaljaVersion
    )

    @Flag(help: "Started by ibus-daemon: only request the component name.")
    var ibus = false

    @Option(help: "ibus-daemon's bus address (default: $IBUS_ADDRESS, else IBus's address file).")
    var address: String?

    @OptionGroup var table: TableOption
    @OptionGroup var service: ServiceOptions

    package init() {}

    package func run() throws {
        let diagnostics = Diagnostics(program: "ibus-engine-hwalja")
        let busAddress: String
        do {
            busAddress = try address ?? IBusAddress.find()
        } catch {
            diagnostics.fail("\(error)")
        }
        let program = BusService(
            program: "ibus-engine-hwalja", bus: .address(busAddress), describedAs: "ibus-daemon at \(busAddress)")
        let settings = service.loadSettings(diagnostics)
        let loaded = table.load(diagnostics, configured: settings.settings.table)
        TableLoader.noteIfNotConfigured(loaded.path, settings.settings.table, log: diagnostics.log)
        // The other layouts' tables are read when an engine of theirs is first made: a start as quick as before.
        // The settings are read again when an engine is enabled, on SIGHUP, and when a field gets
        // the focus if the file changed since (hwalja's Preferences, fcitx5's configuration, a hand
        // edit): a change shows with no restart and no signal.
        let host = SessionHost(
            settings: settings, tables: TableLoader.Everything(main: loaded),
            queue: program.queue, settingsPath: service.config, tablePath: table.table,
            readSettings: service.readSettings, log: diagnostics.log)
        let engines = IBusEngineAdapter(
            output: program.connection, clock: program.clock, tables: host.tables, settings: settings.settings,
            keymap: settings.keymap, recorder: service.recorder(diagnostics),
            readSettings: { onlyIfChanged in host.readSettings(onlyIfChanged: onlyIfChanged) })
        engines.wordSuggestions = host.suggestions.suggestions
        engines.hanja = host.hanja
        engines.afterTimer = program.sendQueued
        engines.writeSoon = program.writeSoon
        // hwalja-keypad, on X11, shows the focused field's suggestions too.
        nonisolated(unsafe) let engineObjects = engines  // used on the queue only, as everything else the program does
        SessionKeypadLink.open(queue: program.queue, log: diagnostics.log) { link in engineObjects.keypadLink = link }
        host.start(engines)
        program.beforeExit = { host.saveNow() }  // the words learned within the last moments
        program.serve(
            name: Self.componentName, handler: engines.handle, busGone: "ibus-daemon went away; exiting",
            busGoneStatus: 0,
            onReload: { host.readSettings(tablesToo: true) },
            started:
                "serving \(Self.componentName) on \(busAddress) (table \(loaded.path), keymap \(settings.settings.keymap))"
        )
    }
}
