/// The hanja the user picked, which rank first when the same reading is converted again
/// (libhangul keeps its file's order: 한국 lists 寒國 and 寒菊 before 韓國). In memory only;
/// keeping it (never for a secret field) is the frontend's business, as for ``LearnedWords``.
///
/// Bounded: past ``capacity`` picks the least used, then the longest unused, goes.
package struct HanjaPicks: Sendable, Equatable {
    /// How often and how lately one entry was picked (its `lastUse` a count of picks), as a word
    /// sequence's use is kept.
    package typealias Use = WordSequences.Use

    /// One entry picked, as its reading and text.
    package struct Pick: Sendable, Hashable {
        package var reading: String
        package var text: String

        package init(reading: String, text: String) {
            self.reading = reading
            self.text = text
        }
    }

    package static let defaultCapacity = 2000
    package let capacity: Int
    package private(set) var uses: [Pick: Use] = [:]
    /// Picks so far: the clock of ``Use/lastUse``.
    package private(set) var clock = 0

    package init(capacity: Int = HanjaPicks.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// The user picked `entry`.
    package mutating func learn(_ entry: HanjaEntry) {
        clock += 1
        let pick = Pick(reading: entry.reading, text: entry.text)
        uses[pick, default: Use(uses: 0, lastUse: 0)].uses += 1
        uses[pick]!.lastUse = clock
        // The one just picked stays: the least used of the others goes.
        if uses.count > capacity,
            let worst = uses.filter({ $0.key != pick }).min(by: { Self.goesBefore($0.value, $1.value) })
        {
            uses[worst.key] = nil
        }
    }

    /// Restores a pick read back from storage.
    package mutating func restore(_ pick: Pick, _ use: Use) {
        guard use.uses > 0, uses.count < capacity || uses[pick] != nil else { return }
        uses[pick] = use
        clock = max(clock, use.lastUse)
    }

    /// Forgets every pick.
    package mutating func forgetAll() {
        uses.removeAll()
        clock = 0
    }

    /// How `entry` was picked before, if it was.
    package func use(of entry: HanjaEntry) -> Use? {
        uses[Pick(reading: entry.reading, text: entry.text)]
    }

    /// `entries` (of one reading, in the file's order) as they are offered: those picked before
    /// first (more uses, then later), then those with a meaning in the file, then the rest, each
    /// group in the file's order.
    package func ranked(_ entries: [HanjaEntry]) -> [HanjaEntry] {
        let picked = entries.compactMap { entry in use(of: entry).map { (entry, $0) } }
            .sorted { $0.1.ranks(above: $1.1) }.map(\.0)
        let rest = entries.filter { use(of: $0) == nil }
        return picked + rest.filter { !$0.meaning.isEmpty } + rest.filter { $0.meaning.isEmpty }
    }

    private static func goesBefore(_ a: Use, _ b: Use) -> Bool {
        b.ranks(above: a)
    }
}
