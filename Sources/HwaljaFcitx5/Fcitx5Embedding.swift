import CHwaljaFcitx5
import Dispatch
import HwaljaCore
import HwaljaDBus
import HwaljaEngine
import HwaljaFrontend
import HwaljaRuntime
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One ``Fcitx5Adapter`` in fcitx5's process, wired as the IBus engine wires its own: the
/// settings file (read again when a field gets the focus, if it changed), the tables, the
/// lexicon and learned words, the settings' layout-options, and hwalja-keypad's row.
///
/// Everything it holds is used under `queue`: fcitx5's thread enters it synchronously for each
/// event (``run(_:)``), and what is done in the background (the lexicon read, tables made, a
/// keypad's tap) comes back to it on the queue. The callbacks into fcitx5 are made on fcitx5's
/// thread only: what comes about elsewhere (a tap on the keypad: its actions, the timer it moved)
/// waits until fcitx5's thread next enters (`wake`, then ``runPending()``, or the next event,
/// which applies it first, so that the field sees everything in the order it happened).
final class Fcitx5Embedding: @unchecked Sendable {
    let queue = DispatchQueue(label: "org.hwalja.fcitx5")
    private let host: Host
    private let fcitxThread = pthread_self()
    private(set) var adapter: Fcitx5Adapter!
    private let clock = CallbackClock()
    private var suggestions: SuggestionsLoader?
    private let optionTables: OptionTableMaker
    private var layoutOptions: Set<KeyboardLayout.Option> = []
    private let settingsPath: String?
    private var settingsFile: FileWatch?
    /// Actions to apply on fcitx5's thread, in order.
    private var pending: [(context: Int, actions: [FrontendAction])] = []
    /// Whether the timer must be armed again from fcitx5's thread.
    private var timerMoved = false

    /// The addon's callbacks, and whether it let the engine go (``close()``): after that, nothing
    /// is called back, also from what still runs in the background.
    private final class Host: @unchecked Sendable {  // the callbacks are the addon's, for any thread as the header says
        let callbacks: hwalja_fcitx5_callbacks
        /// Whether the addon let go; held while a callback runs, so that once ``close()`` returns
        /// none is running or will run.
        private let closed = Mutex(false)

        init(_ callbacks: hwalja_fcitx5_callbacks) {
            self.callbacks = callbacks
        }

        var isOpen: Bool { !closed.withLock { $0 } }

        /// No callback from now on; waits for one running on another thread.
        func close() {
            closed.withLock { $0 = true }
        }

        /// One line for fcitx5's log, from any thread.
        func log(_ line: String) {
            closed.withLock { closed in
                guard !closed else { return }
                line.withCString { callbacks.log?(callbacks.user, $0) }
            }
        }

        /// Asks fcitx5's thread to call ``Fcitx5Embedding/runPending()``, from any thread.
        func wake() {
            closed.withLock { closed in
                guard !closed else { return }
                callbacks.wake?(callbacks.user)
            }
        }
    }

    /// Reads the settings (`settingsFile`: the user's by default) and 천지인's table; `nil` (said
    /// through `log`) with no table. Learned words are kept in `learnedWords` (the user's file by
    /// default; `nil`: nowhere).
    init?(
        callbacks: hwalja_fcitx5_callbacks, settingsFile settingsPath: String? = nil,
        learnedWords: LearnedWordsStore? = LearnedWordsStore.standard()
    ) {
        host = Host(callbacks)
        self.settingsPath = settingsPath
        optionTables = OptionTableMaker(queue: queue)
        let log: @Sendable (String) -> Void = { [host] in host.log($0) }
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
            loadTable: { layout in
                do {
                    return try TableLoader.load(layout, beside: tablePath).table
                } catch {
                    log("\(error)")
                    return nil
                }
            },
            reloadSettings: { [unowned self] always in reloadSettings(always: always, tablePath: tablePath) })
        adapter.send = { [unowned self] number, actions in deliver(actions, to: number) }
        clock.arm = { [unowned self] deadline in armTimer(deadline) }
        settingsFile = FileWatch(path: settingsPath ?? ConfigFile.defaultPath)
        queue.sync {
            let loader = SuggestionsLoader(
                table: table.table, tablePath: tablePath, settings: loaded.settings, queue: queue, store: learnedWords,
                log: log)
            suggestions = loader
            adapter.wordSuggestions = loader.suggestions
            layoutOptions = loaded.settings.layoutOptions
            optionTables.make(
                layoutOptions, from: { try? TableLoader.loadEveryLayout(path: tablePath) }, then: useTables)
        }
        log("typing with \(Excerpt.path(tablePath)) in fcitx5's process (keymap \(loaded.settings.keymap))")
        nonisolated(unsafe) let unsentAdapter = adapter!
        SessionKeypadLink.open(queue: queue, log: log) { [host] link in
            if host.isOpen { unsentAdapter.keypadLink = link }
        }
    }

    /// Runs `body` with the adapter, serialised with what comes back from the background, after
    /// applying what came about elsewhere.
    func run<T>(_ body: (Fcitx5Adapter) -> T) -> T {
        queue.sync {
            applyPending()
            return body(adapter)
        }
    }

    /// The host's timer came.
    func timerFired() {
        queue.sync {
            applyPending()
            clock.fire()
        }
    }

    /// What `wake` asked for: applies what came about elsewhere, on fcitx5's thread.
    func runPending() {
        queue.sync { applyPending() }
    }

    /// The addon lets the engine go (fcitx5 unloads it): nothing is called back any more. What
    /// still runs in the background (the word list being read, the keypad's connection) keeps
    /// the engine's objects, and finds it closed.
    func close() {
        queue.sync {
            suggestions?.saveNow()  // the words learned within the last moments
            host.close()
            pending.removeAll()
            adapter.keypadLink = nil
        }
    }

    func log(_ line: String) { host.log(line) }

    // MARK: Private

    private var onFcitxThread: Bool { pthread_equal(pthread_self(), fcitxThread) != 0 }

    private func readSettings() -> ConfigFile.Loaded {
        do {
            let loaded = try ConfigFile.load(settingsPath)
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
        if fresh.settings.layoutOptions != layoutOptions {
            // The files' tables at once, then those the options change, made in the background.
            layoutOptions = fresh.settings.layoutOptions
            optionTables.reloadEveryLayout(path: tablePath, options: layoutOptions, log: log, use: useTables)
        }
        return (fresh.settings, fresh.keymap)
    }

    private func useTables(_ tables: TableLoader.Everything, _ said: String) {
        adapter.reload(tables.tables.values.map(\.table))
        log(said)
    }

    /// Sends `actions` to fcitx5 now if on its thread (after what waited), else when it next enters.
    private func deliver(_ actions: [FrontendAction], to number: Int) {
        guard host.isOpen else { return }
        guard onFcitxThread else {
            pending.append((number, actions))
            return host.wake()
        }
        applyPending()
        apply(actions, to: number)
    }

    /// Arms fcitx5's timer for `deadline` (ms), from its thread; elsewhere, once it enters.
    private func armTimer(_ deadline: Int) {
        guard host.isOpen else { return }
        guard onFcitxThread else {
            timerMoved = true
            return host.wake()
        }
        host.callbacks.schedule?(host.callbacks.user, Int64(deadline) * 1_000)
    }

    /// Applies what came about off fcitx5's thread. On fcitx5's thread, in the queue.
    private func applyPending() {
        if timerMoved {
            timerMoved = false
            clock.armAgain()
        }
        guard !pending.isEmpty else { return }
        let waiting = pending
        pending.removeAll()
        for (number, actions) in waiting { apply(actions, to: number) }
    }

    private func apply(_ actions: [FrontendAction], to number: Int) {
        let context = UInt64(number)
        let callbacks = host.callbacks
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
                let copies = words.compactMap { strdup($0) }  // (none left out but out of memory)
                defer { copies.forEach { free($0) } }
                copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { buffer in
                    callbacks.suggestions?(user, context, buffer.baseAddress, buffer.count)
                }
            }
        }
    }
}
