import Dispatch
import HwaljaCore
import HwaljaSession
import HwaljaTyping

/// An adapter whose contexts a ``SessionHost`` keeps current: hwaljad's service, the IBus
/// engines, the fcitx5 addon's contexts.
package protocol HostedAdapter: AnyObject {
    /// New settings: new contexts take them, open ones from their next key.
    func apply(_ settings: HwaljaSettings, keymap: Keymap)
    /// Tables read again or generated (one per layout): open contexts of those layouts switch
    /// when their syllable ends. The host's ``LayoutTables`` already hold them.
    func reload(_ tables: [TransitionTable])
    /// The hanja files, read in the background for a field that asked whether its word converts
    /// (``HanjaConversions/prepare()``), arrived: whoever was told no meanwhile is told again.
    func conversionsPrepared()
}

/// What a typing program holds once for all its contexts, whatever the framework: the settings
/// (the file's, with the program's flags on top), each layout's table (``LayoutTables``), the
/// word suggestions and learned words (``SuggestionsLoader``), and the one rule for reading
/// them again (``readSettings(onlyIfChanged:tablesToo:)``). hwaljad, the IBus engine and the
/// fcitx5 addon each make one and tell it their adapter (``start(_:)``).
///
/// Used on `queue`, the program's (fcitx5's: the addon's queue), as the adapter is.
package final class SessionHost {
    /// The settings and keymap in use.
    package private(set) var settings: ConfigFile.Loaded
    /// Each layout's table.
    package let tables: LayoutTables
    /// Word suggestions and the learned words.
    package let suggestions: SuggestionsLoader
    /// Hanja and symbols for the conversion key: libhangul's files, read when a field first needs them.
    package let hanja: HanjaConversions
    /// Told of every change; set by ``start(_:)``.
    private weak var adapter: (any HostedAdapter)?
    private let readSettingsFile: () throws -> ConfigFile.Loaded
    private let settingsFile: FileWatch
    /// The table the program was told to use (`--table`), which the settings' `table` does not change.
    private let tablePath: String?
    private let optionTables: OptionTableMaker
    private let log: @Sendable (String) -> Void

    /// A host with `settings` (read by `readSettings`, from `settingsPath`: the user's file when
    /// `nil`) and `tables` (read from `tablePath` if the program was given one, else from the
    /// settings' table or the default places). `learnedWords`: where learned words are kept (`nil`:
    /// nowhere).
    package init(
        settings: ConfigFile.Loaded, tables: TableLoader.Everything, queue: DispatchQueue,
        settingsPath: String?, tablePath: String? = nil,
        readSettings: @escaping () throws -> ConfigFile.Loaded,
        learnedWords: LearnedWordsStore? = LearnedWordsStore.standard(),
        saveScheduler: SuggestionsLoader.Scheduler? = nil,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.settings = settings
        self.tables = LayoutTables(tables)
        self.readSettingsFile = readSettings
        self.settingsFile = FileWatch(path: settingsPath ?? ConfigFile.defaultPath)
        self.tablePath = tablePath
        self.optionTables = OptionTableMaker(queue: queue)
        self.log = log
        suggestions = SuggestionsLoader(
            table: tables.main.table, tablePath: tables.main.path, settings: settings.settings, queue: queue,
            store: learnedWords, saveScheduler: saveScheduler, log: log)
        hanja = HanjaConversions(load: { HanjaFiles.read(log: log) }, log: log)
        hanja.readInBackground = { done in
            nonisolated(unsafe) let done = done  // called on `queue` only
            DispatchQueue.global().async {
                // Handed over whole, then used on `queue` alone.
                nonisolated(unsafe) let read = HanjaFiles.read(log: log)
                queue.async { done(read) }
            }
        }
        hanja.learnedWords = suggestions.suggestions  // picks kept, merged and forgotten with the words
    }

    /// Keeps `adapter` current from now on, and makes the tables the settings' layout-options
    /// change, in the background (until then the files' tables type).
    package func start(_ adapter: any HostedAdapter) {
        self.adapter = adapter
        hanja.onPrepared = { [weak self] in self?.adapter?.conversionsPrepared() }
        let mainPath = tables.main.path
        optionTables.make(
            settings.settings.layoutOptions, from: { try? TableLoader.loadEveryLayout(path: mainPath) },
            then: useTables)
    }

    /// Reads the settings file again and applies it to the adapter and the suggestions; with
    /// `onlyIfChanged` (a field focused), only if the file changed since it was last read. When
    /// the settings' table or layout-options changed, or with `tablesToo` (SIGHUP), every layout's
    /// table is read again from its file, and the options' tables made in the background. A file
    /// that cannot be read keeps the settings in use, and says so.
    package func readSettings(onlyIfChanged: Bool = false, tablesToo: Bool = false) {
        let changed = settingsFile.changed()
        guard changed || !onlyIfChanged || tablesToo else { return }
        let before = settings.settings
        do {
            settings = try readSettingsFile()
            settings.problems.forEach(log)
            adapter?.apply(settings.settings, keymap: settings.keymap)
            suggestions.apply(settings.settings)
        } catch {
            log("kept the settings in use: \(error)")
        }
        let now = settings.settings
        guard tablesToo || now.layoutOptions != before.layoutOptions || now.table != before.table else { return }
        let path = tablePath ?? TableLoader.found(configured: now.table) ?? tables.main.path
        optionTables.reloadEveryLayout(path: path, options: now.layoutOptions, log: log, use: useTables)
    }

    /// Saves the words learned within the last moments: before the program exits.
    package func saveNow() { suggestions.saveNow() }

    private func useTables(_ everything: TableLoader.Everything, _ said: String) {
        let changed = tables.replace(with: everything)
        adapter?.reload(changed)
        log(said)
    }
}
