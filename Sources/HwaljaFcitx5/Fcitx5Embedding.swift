import CHwaljaFcitx5
import Dispatch
import HwaljaCore
import HwaljaDBus
import HwaljaRuntime
import HwaljaSession
import HwaljaTyping
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One ``Fcitx5Adapter`` in fcitx5's process, over a ``SessionHost`` as the IBus engine's: the
/// settings file (read again when a field gets the focus, if it changed), the tables, the
/// lexicon and learned words, the settings' layout-options; and hwalja-keypad's row.
///
/// Everything it holds is used under `queue`: fcitx5's thread enters it synchronously for each
/// event (``run(_:)``), and what is done in the background (the lexicon read, tables made, a
/// keypad's tap) comes back to it on the queue. The callbacks into fcitx5 are made on fcitx5's
/// thread only: what comes about elsewhere (a tap on the keypad: its actions, the timer it moved)
/// waits until fcitx5's thread next enters (`wake`, then ``runPending()``, or the next event,
/// which applies it first, so that the field sees everything in the order it happened).
final class Fcitx5Embedding: @unchecked Sendable {
    let queue = DispatchQueue(label: "org.hwalja.fcitx5")
    private let addon: Addon
    private let fcitxThread = pthread_self()
    private(set) var adapter: Fcitx5Adapter!
    private let clock = CallbackClock()
    private var host: SessionHost!
    /// Actions to apply on fcitx5's thread, in order.
    private var pending: [(context: Int, actions: [SessionAction])] = []
    /// Whether the timer must be armed again from fcitx5's thread.
    private var timerMoved = false

    /// The addon's callbacks, and whether it let the engine go (``close()``): after that, nothing
    /// is called back, also from what still runs in the background. (Sendable: the callbacks
    /// are the addon's, for any thread, as the header says.)
    private final class Addon: @unchecked Sendable {
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
        addon = Addon(callbacks)
        let log: @Sendable (String) -> Void = { [addon] in addon.log($0) }
        var settings: ConfigFile.Loaded
        do {
            settings = try ConfigFile.load(settingsPath)
            settings.problems.forEach(log)
        } catch {
            log("\(error); using the default settings")
            settings = ConfigFile.Loaded()
        }
        let table: TableLoader.Loaded
        do {
            table = try TableLoader.load(configured: settings.settings.table)
        } catch {
            log("cannot type: \(error)")
            return nil
        }
        TableLoader.noteIfNotConfigured(table.path, settings.settings.table, log: log)
        queue.sync {
            host = SessionHost(
                settings: settings, tables: TableLoader.Everything(main: table),
                queue: queue, settingsPath: settingsPath, readSettings: { try ConfigFile.load(settingsPath) },
                learnedWords: learnedWords, log: log)
            adapter = Fcitx5Adapter(
                clock: clock, tables: host.tables, settings: settings.settings, keymap: settings.keymap,
                readSettings: { [unowned self] onlyIfChanged in host.readSettings(onlyIfChanged: onlyIfChanged) })
            adapter.wordSuggestions = host.suggestions.suggestions
            adapter.hanja = host.hanja
            adapter.send = { [unowned self] number, actions in deliver(actions, to: number) }
            clock.arm = { [unowned self] deadline in armTimer(deadline) }
            host.start(adapter)
        }
        log("typing with \(Excerpt.path(table.path)) in fcitx5's process (keymap \(settings.settings.keymap))")
        nonisolated(unsafe) let unsentAdapter = adapter!
        SessionKeypadLink.open(queue: queue, log: log) { [addon] link in
            if addon.isOpen { unsentAdapter.keypadLink = link }
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

    /// fcitx5's timer came.
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
            host.saveNow()  // the words learned within the last moments
            addon.close()
            pending.removeAll()
            adapter.keypadLink = nil
        }
    }

    func log(_ line: String) { addon.log(line) }

    // MARK: Private

    private var onFcitxThread: Bool { pthread_equal(pthread_self(), fcitxThread) != 0 }

    /// Sends `actions` to fcitx5 now if on its thread (after what waited), else when it next enters.
    private func deliver(_ actions: [SessionAction], to number: Int) {
        guard addon.isOpen else { return }
        guard onFcitxThread else {
            pending.append((number, actions))
            return addon.wake()
        }
        applyPending()
        apply(actions, to: number)
    }

    /// Arms fcitx5's timer for `deadline` (ms), from its thread; elsewhere, once it enters.
    private func armTimer(_ deadline: Int) {
        guard addon.isOpen else { return }
        guard onFcitxThread else {
            timerMoved = true
            return addon.wake()
        }
        addon.callbacks.schedule?(addon.callbacks.user, Int64(deadline) * 1_000)
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

    private func apply(_ actions: [SessionAction], to number: Int) {
        let context = UInt64(number)
        let callbacks = addon.callbacks
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
            case .candidates(let page):
                let candidates = page?.candidates ?? []
                let texts = candidates.compactMap { strdup($0.text) }
                let meanings = candidates.compactMap { strdup($0.meaning) }
                defer { (texts + meanings).forEach { free($0) } }
                // (none left out but out of memory)
                guard texts.count == candidates.count, meanings.count == candidates.count else { continue }
                texts.map { UnsafePointer($0) }.withUnsafeBufferPointer { texts in
                    meanings.map { UnsafePointer($0) }.withUnsafeBufferPointer { meanings in
                        callbacks.candidates?(
                            user, context, texts.baseAddress, meanings.baseAddress, candidates.count,
                            UInt32(clamping: page?.highlighted ?? 0), UInt32(clamping: page?.page ?? 0),
                            UInt32(clamping: page?.pages ?? 0))
                    }
                }
            }
        }
    }
}
