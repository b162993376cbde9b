import CHwaljaFcitx5
import Dispatch
import HwaljaCore
import HwaljaDBus
import HwaljaEngine
import HwaljaFrontend
import HwaljaRuntime

#if canImport(Glibc)
import Glibc
#endif

/// One ``Fcitx5Adapter`` in fcitx5's process, wired as the IBus engine wires its own: the
/// settings file (read again when a field gets the focus, if it changed), the tables, the
/// lexicon and learned words, the settings' layout-options, and hwalja-keypad's row.
///
/// Everything it holds is used under `queue`: fcitx5's thread enters it synchronously for each
/// event (``run(_:)``), and what is done in the background (the lexicon read, tables made, a
/// keypad's tap) comes back to it asynchronously. The callbacks into fcitx5 are made on fcitx5's
/// thread only: actions that come about elsewhere (a tap on the keypad) wait in ``pending``
/// until fcitx5's thread asks for them (`wake`, then ``runPending()``).
final class Fcitx5Embedding: @unchecked Sendable {
    let queue = DispatchQueue(label: "org.hwalja.fcitx5")
    private let callbacks: hwalja_fcitx5_callbacks
    private let fcitxThread = pthread_self()
    private(set) var adapter: Fcitx5Adapter!
    private let clock: CallbackClock
    private var suggestions: SuggestionsLoader?
    private var optionTables: OptionTableMaker?
    private var layoutOptions: Set<KeyboardLayout.Option> = []
    /// Actions to apply on fcitx5's thread, in order.
    private var pending: [(context: Int, actions: [FrontendAction])] = []

    /// Reads the settings and 천지인's table; `nil` (said through `log`) with no table.
    init?(callbacks: hwalja_fcitx5_callbacks) {
        self.callbacks = callbacks
        clock = CallbackClock { deadline in
            callbacks.schedule?(callbacks.user, deadline.map { Int64($0) * 1_000 } ?? -1)
        }
        let loaded = readSettings()
        let table: TableLoader.Loaded
        do {
            table = try TableLoader.load(configured: loaded.settings.table)
        } catch {
            log("cannot type: \(error)")
            return nil
        }
        TableLoader.noteIfNotConfigured(table.path, loaded.settings.table, log: log)
        let tablePath = table.path
        adapter = Fcitx5Adapter(
            clock: clock, table: table.table, settings: loaded.settings, keymap: loaded.keymap,
            loadTable: { [log] layout in
                do {
                    return try TableLoader.load(layout, beside: tablePath).table
                } catch {
                    log("\(error)")
                    return nil
                }
            },
            reloadSettings: { [unowned self] always in reloadSettings(always: always, tablePath: tablePath) })
        adapter.send = { [unowned self] number, actions in deliver(actions, to: number) }
        settingsFile = FileWatch(path: ConfigFile.defaultPath)
        queue.sync {
            let loader = SuggestionsLoader(table: table.table, tablePath: tablePath, settings: loaded.settings, queue: queue, log: log)
            suggestions = loader
            adapter.wordSuggestions = loader.suggestions
            optionTables = OptionTableMaker(queue: queue)
            useLayoutOptions(loaded.settings.layoutOptions, tablePath: tablePath)
        }
        log("typing with \(Excerpt.path(tablePath)) in fcitx5's process (keymap \(loaded.settings.keymap))")
        nonisolated(unsafe) let unsentAdapter = adapter!
        SessionKeypadLink.open(queue: queue, log: log) { link in unsentAdapter.keypadLink = link }
    }

    private var settingsFile: FileWatch?

    /// Runs `body` with the adapter, serialised with what comes back from the background.
    func run<T>(_ body: (Fcitx5Adapter) -> T) -> T {
        queue.sync { body(adapter) }
    }

    /// The host's timer came.
    func timerFired() {
        queue.sync { clock.fire() }
    }

    /// Applies, on fcitx5's thread, the actions that came about elsewhere.
    func runPending() {
        let waiting = queue.sync {
            defer { pending.removeAll() }
            return pending
        }
        for (number, actions) in waiting { apply(actions, to: number) }
    }

    func log(_ line: String) {
        line.withCString { callbacks.log?(callbacks.user, $0) }
    }

    // MARK: Private

    private func readSettings() -> ConfigFile.Loaded {
        do {
            let loaded = try ConfigFile.load(nil)
            loaded.problems.forEach(log)
            return loaded
        } catch {
            log("\(error); using the default settings")
            return ConfigFile.Loaded()
        }
    }

    private func reloadSettings(always: Bool, tablePath: String) -> (DaemonSettings, Keymap)? {
        guard settingsFile?.changed() == true || always else { return nil }
        let fresh = readSettings()
        suggestions?.apply(fresh.settings)
        useLayoutOptions(fresh.settings.layoutOptions, tablePath: tablePath)
        return (fresh.settings, fresh.keymap)
    }

    /// Makes the tables `options` change in the background when they differ from before (back to
    /// the files' tables at once when there are none).
    private func useLayoutOptions(_ options: Set<KeyboardLayout.Option>, tablePath: String) {
        guard options != layoutOptions else { return }
        layoutOptions = options
        if options.isEmpty, let files = try? TableLoader.loadEveryLayout(path: tablePath) {
            adapter.reload(files.tables.values.map(\.table))
        }
        optionTables?.make(options, from: { try? TableLoader.loadEveryLayout(path: tablePath) }) { [unowned self] generated, said in
            adapter.reload(generated.tables.values.map(\.table))
            log(said)
        }
    }

    /// Sends `actions` to fcitx5 now if on its thread, else when it asks (``runPending()``).
    private func deliver(_ actions: [FrontendAction], to number: Int) {
        if pthread_equal(pthread_self(), fcitxThread) != 0 { return apply(actions, to: number) }
        pending.append((number, actions))
        callbacks.wake?(callbacks.user)
    }

    private func apply(_ actions: [FrontendAction], to number: Int) {
        let context = UInt64(number)
        let user = callbacks.user
        for action in actions {
            switch action {
            case .commit(let text):
                text.withCString { callbacks.commit?(user, context, $0) }
            case .preedit(let text, let cursor):
                text.withCString { callbacks.preedit?(user, context, $0, UInt32(clamping: cursor)) }
            case .deleteSurrounding(let offset, let count):
                callbacks.delete_surrounding?(user, context, Int32(clamping: offset), UInt32(clamping: count))
            case .forwardKey(let keysym, let keycode, let state):
                callbacks.forward_key?(user, context, keysym, keycode, state)
            case .suggestions(let words):
                let copies = words.map { strdup($0) }
                defer { copies.forEach { free($0) } }
                copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { buffer in
                    callbacks.suggestions?(user, context, buffer.baseAddress, buffer.count)
                }
            }
        }
    }
}
