import HwaljaCore

/// One entry of a hanja or symbol file: the reading typed in Hangul, the hanja (or symbol) it
/// converts to, and the file's meaning of it (empty for most).
package struct HanjaEntry: Sendable, Hashable {
    package var reading: String
    package var text: String
    package var meaning: String

    package init(reading: String, text: String, meaning: String = "") {
        self.reading = reading
        self.text = text
        self.meaning = meaning
    }
}

/// A hanja or symbol file in libhangul's text form (`reading:hanja:meaning` a line, `#` starting
/// a comment), sorted by reading byte by byte, as libhangul's are. Held is only a sparse index,
/// the reading at every ``indexSpacing`` bytes (about 1,600 readings for libhangul's 6.4 MB); a
/// lookup halves the index, then reads the few kilobytes from there.
package struct HanjaDictionary: Sendable {
    private let text: any HanjaText
    /// How many entries the file has.
    package let entryCount: Int
    /// The offset of the first entry at or after every ``indexSpacing`` bytes, and its reading
    /// (the readings one after another in `indexReadings`, each ending where `indexEnds` says).
    private let indexOffsets: [UInt32]
    private let indexEnds: [UInt32]
    private let indexReadings: [UInt8]

    /// The bytes between two readings of the index.
    static let indexSpacing = 1024

    /// Checks `text` through once: every line an entry, a comment or empty, and the readings in
    /// order. Throws the first problem found.
    package init(_ text: any HanjaText) throws(HanjaError) {
        self.text = text
        var lines = HanjaLines(text, from: 0, window: 1 << 16)
        var previous: ArraySlice<UInt8> = []
        var count = 0
        var number = 0
        var offsets: [UInt32] = []
        var ends: [UInt32] = []
        var readings: [UInt8] = []
        while let line = lines.next() {
            number += 1
            guard HanjaLine.isEntry(line.bytes) else { continue }
            guard let entry = HanjaLine(line.bytes) else {
                throw .malformedLine(line: number, text: String(decoding: line.bytes.prefix(256), as: UTF8.self))
            }
            if entry.reading.lexicographicallyPrecedes(previous) { throw .outOfOrder(line: number) }
            if line.start >= offsets.count * Self.indexSpacing, line.start <= UInt32.max {
                offsets.append(UInt32(line.start))
                readings += entry.reading
                ends.append(UInt32(readings.count))
            }
            previous = entry.reading
            count += 1
        }
        guard count > 0 else { throw .empty }
        entryCount = count
        indexOffsets = offsets
        indexEnds = ends
        indexReadings = readings
    }

    /// The entries read `reading`, in the file's order.
    package func entries(reading: String) -> [HanjaEntry] {
        var found: [HanjaEntry] = []
        forEachEntry(reading: reading) { entry in
            found.append(entry.entry)
            return true
        }
        return found
    }

    /// Whether any entry reads `reading`: the first found ends the lookup, and no entry is made.
    package func hasEntries(reading: String) -> Bool {
        var found = false
        forEachEntry(reading: reading) { _ in
            found = true
            return false
        }
        return found
    }

    /// Calls `body` with each entry read `reading`, in the file's order, while it returns `true`.
    private func forEachEntry(reading: String, _ body: (HanjaLine) -> Bool) {
        let target = Array(reading.utf8)
        guard !target.isEmpty else { return }
        var lines = HanjaLines(text, from: firstEntry(notBefore: target), window: Self.indexSpacing)
        while let line = lines.next() {
            guard HanjaLine.isEntry(line.bytes), let entry = HanjaLine(line.bytes) else { continue }
            if entry.reading.lexicographicallyPrecedes(target) { continue }
            guard entry.reading.elementsEqual(target), body(entry) else { break }
        }
    }

    /// The file's meaning of `entry`, else one made of its characters' own (學校: 배울 학, 학교 교),
    /// each the first of its character's meanings, read as `entry` reads it (or, by the initial
    /// sound rule, with ㄹ or ㄴ for an initial ㅇ, ㄹ for ㄴ: 理 is 리 and read 이 in 이론);
    /// empty when no character has one. `characterMeaning` gives a character's meaning read as a
    /// syllable (``characterMeaning(_:readAs:)``, which a caller may keep).
    package func meaning(of entry: HanjaEntry, characterMeaning: (_ character: String, _ reading: String) -> String?)
        -> String
    {
        guard entry.meaning.isEmpty else { return entry.meaning }
        let readings = Array(entry.reading)
        let characters = Array(entry.text)
        guard characters.count > 1, readings.count == characters.count else { return "" }
        var parts: [String] = []
        var found = false
        for (reading, character) in zip(readings, characters) {
            guard reading != character else {  // Hangul kept as it is (ㄱ字집)
                parts.append(String(reading))
                continue
            }
            var sense: String?
            for syllable in Self.readings(of: reading) where sense == nil {
                sense = characterMeaning(String(character), syllable)
            }
            if sense != nil { found = true }
            parts.append(sense.map(Self.firstSense(of:)) ?? String(reading))
        }
        return found ? parts.joined(separator: ", ") : ""
    }

    /// ``meaning(of:characterMeaning:)`` reading each character's meaning from this file.
    package func meaning(of entry: HanjaEntry) -> String {
        meaning(of: entry, characterMeaning: characterMeaning(_:readAs:))
    }

    /// The file's meaning of the one character `character` read as `reading`, if it has one.
    package func characterMeaning(_ character: String, readAs reading: String) -> String? {
        let target = Array(reading.utf8)
        let wanted = Array(character.utf8)
        guard !target.isEmpty else { return nil }
        var lines = HanjaLines(text, from: firstEntry(notBefore: target), window: Self.indexSpacing)
        while let line = lines.next() {
            guard HanjaLine.isEntry(line.bytes), let entry = HanjaLine(line.bytes) else { continue }
            if entry.reading.lexicographicallyPrecedes(target) { continue }
            guard entry.reading.elementsEqual(target) else { return nil }
            if entry.text.elementsEqual(wanted) && !entry.meaning.isEmpty {
                return String(decoding: entry.meaning, as: UTF8.self)
            }
        }
        return nil
    }

    /// `syllable`, then the readings the initial sound rule may have changed it from.
    static func readings(of syllable: Character) -> [String] {
        guard let scalar = syllable.unicodeScalars.first, let parts = Hangul.decompose(scalar) else {
            return [String(syllable)]
        }
        let ieung = 11
        let nieun = 2
        let rieul = 5
        let initials: [Int] =
            switch parts.choseong {
            case ieung: [rieul, nieun]
            case nieun: [rieul]
            default: []
            }
        return [String(syllable)]
            + initials.map { initial in
                var changed = parts
                changed.choseong = initial
                return String(Character(Hangul.compose(changed)))
            }
    }

    /// A character's first meaning: 사나울 학, 혹독할 학 → 사나울 학.
    static func firstSense(of meaning: String) -> String {
        String(meaning.split(separator: ",", maxSplits: 1).first ?? "").trimmingSpaces
    }

    /// An offset at or before the first entry whose reading is not before `target`, and after
    /// every entry of the index that reads before it: where a lookup starts reading.
    private func firstEntry(notBefore target: [UInt8]) -> Int {
        var low = 0
        var high = indexOffsets.count
        // The index's readings before `low` read before `target`; those from `high` on do not.
        while low < high {
            let middle = (low + high) / 2
            if indexReading(middle).lexicographicallyPrecedes(target) { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? 0 : Int(indexOffsets[low - 1])
    }

    private func indexReading(_ index: Int) -> ArraySlice<UInt8> {
        indexReadings[(index == 0 ? 0 : Int(indexEnds[index - 1]))..<Int(indexEnds[index])]
    }
}

extension String {
    /// Without spaces at either end.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
