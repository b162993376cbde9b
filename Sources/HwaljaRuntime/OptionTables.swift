import Dispatch
import HwaljaCore
import HwaljaRules

/// The tables of the layouts the settings' `layout-options` change, generated in memory from the
/// layout's rules with those options (``TableGenerator``); the table files hold the defaults.
package enum OptionTables {
    /// `loaded` (`layout`'s table from its file), or the table generated with `options` when
    /// some of them are that layout's.
    package static func table(_ layout: KeyboardLayout, _ loaded: TransitionTable, options: Set<KeyboardLayout.Option>)
        -> TransitionTable
    {
        let own = options.filter { $0.layout == layout }
        return own.isEmpty ? loaded : TableGenerator(layout: layout, options: own).table
    }

    /// Every table in `everything` with `options` applied.
    package static func apply(_ options: Set<KeyboardLayout.Option>, to everything: inout TableLoader.Everything) {
        for (layout, loaded) in everything.tables {
            everything.tables[layout]!.table = table(layout, loaded.table, options: options)
        }
    }
}

/// Makes the tables of the settings' `layout-options` off a program's queue, so that it serves at
/// once with the files' tables and switches when they are ready (a second or so; each context
/// of that layout when its syllable ends).
package final class OptionTableMaker: @unchecked Sendable {  // `latest` confined to `queue`
    private let queue: DispatchQueue
    /// The last request: an older one's tables, ready later, are dropped.
    private var latest = 0

    package init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// A reload (SIGHUP), on the queue: reads every layout's table again from the files beside
    /// `path`, logs their problems and switches to them with `use`, then makes the tables
    /// `options` change as ``make(_:from:then:)`` does. A table that cannot be read keeps the
    /// old ones, and says so.
    package func reloadEveryLayout(
        path: String, options: Set<KeyboardLayout.Option>, log: (String) -> Void,
        use: @escaping (TableLoader.Everything, String) -> Void
    ) {
        assertOnQueue(queue)
        do {
            let fresh = try TableLoader.loadEveryLayout(path: path)
            fresh.problems.forEach(log)
            make(options, from: { fresh }, then: use)
            use(
                fresh,
                "reloaded the settings and the tables beside \(path) (\(fresh.main.table.transitionCount) transitions in \(fresh.main.path))"
            )
        } catch {
            log("reloaded the settings; kept the old table: \(error)")
        }
    }

    /// On the queue, or before the program serves: generates, in the background, the tables
    /// `options` change among the tables `load` gives (called there too), then, back on the queue
    /// and unless asked again meanwhile, calls `use` with every table and what was generated in
    /// how many milliseconds. Does nothing when `options` is empty or changes none of them.
    package func make(
        _ options: Set<KeyboardLayout.Option>, from load: @escaping @Sendable () -> TableLoader.Everything?,
        then use: @escaping (TableLoader.Everything, String) -> Void
    ) {
        latest += 1
        let request = latest
        guard !options.isEmpty else { return }
        nonisolated(unsafe) let use = use  // called on the queue only
        DispatchQueue.global().async { [self] in
            guard let tables = load() else { return }
            let changed = Set(options.map(\.layout)).filter { tables.tables[$0] != nil }
            guard !changed.isEmpty else { return }
            let start = DispatchTime.now().uptimeNanoseconds
            var made = tables
            OptionTables.apply(options, to: &made)
            let generated = made
            let milliseconds = (DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            let names = options.map(\.name).sorted().joined(separator: ", ")
            let layouts = changed.map(\.name).sorted().joined(separator: ", ")
            queue.async { [self] in
                guard request == latest else { return }
                use(generated, "generated the \(layouts) table with \(names) in \(milliseconds) ms")
            }
        }
    }
}
