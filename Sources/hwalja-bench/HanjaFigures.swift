import Foundation
import HwaljaLexicon
import HwaljaRuntime

/// `hwalja-bench --hanja`: what the conversion key costs, beside libhangul (which ibus-hangul and
/// fcitx5-hangul use) on the same file in the same run: the time to open the file, the memory it
/// then holds, a lookup of a word being typed (its beginnings, longest first) with the meanings
/// of the first page, and the question the keypad's 漢 asks (whether the word converts).
enum HanjaFigures {
    static func run(path: String) throws {
        guard let file = HanjaFile(path: path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        let words = sampleReadings(path: path).map { $0 + "에서" }
        print("hwalja-bench --hanja: \(path), \(file.byteCount) bytes; \(words.count) words looked up, each + 에서")
        let before = resident()
        var dictionary: HanjaDictionary?
        let open = median(of: 5) { dictionary = try? HanjaDictionary(file) }
        guard let hanja = dictionary else { throw CocoaError(.fileReadCorruptFile) }
        let opened = resident()
        let picks = HanjaPicks()
        var found = 0
        let lookup = median(of: 5) {
            for word in words {
                let candidates = HanjaSearch.candidates(beginning: word, hanja: hanja, symbols: nil, picks: picks)
                found += candidates.count
                for candidate in candidates.prefix(9) { _ = hanja.meaning(of: candidate.entry) }
            }
        }
        let used = resident()
        let bare = median(of: 5) {
            for word in words {
                found += HanjaSearch.candidates(beginning: word, hanja: hanja, symbols: nil, picks: picks).count
            }
        }
        // The keypad's 漢: whether a word converts, as each key asks it with no reading kept yet
        // (HanjaConversions keeps each reading's answer: a key of the same syllable asks nothing).
        var converting = 0
        let hint = median(of: 5) {
            for word in words {
                if HanjaSearch.converts(
                    beginning: word, hasEntries: { reading, _ in hanja.hasEntries(reading: reading) })
                {
                    converting += 1
                }
            }
        }
        print(
            "  hwalja:    open and check \(milliseconds(open)); a word \(microseconds(bare / Double(words.count))), with the first page's meanings \(microseconds(lookup / Double(words.count)))"
        )
        print(
            "             whether a word converts (the keypad's 漢, no answer kept): \(microseconds(hint / Double(words.count)))"
        )
        print(
            "             memory: +\(opened.anonymous - before.anonymous) KiB anonymous, +\(opened.resident - before.resident) KiB resident once open; +\(used.anonymous - before.anonymous) KiB anonymous, +\(used.resident - before.resident) KiB resident after the lookups"
        )
        try libhangul(path: path, words: words)
    }

    /// libhangul's `hanja_table_load` and `hanja_table_match_prefix` (libhangul1), if installed.
    private static func libhangul(path: String, words: [String]) throws {
        guard let library = dlopen("libhangul.so.1", RTLD_NOW) else {
            print("  libhangul: not installed (Debian: libhangul1), no anchor")
            return
        }
        typealias Load = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        typealias Match = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
        typealias Size = @convention(c) (OpaquePointer?) -> Int32
        typealias Delete = @convention(c) (OpaquePointer?) -> Void
        guard let load = dlsym(library, "hanja_table_load"), let match = dlsym(library, "hanja_table_match_prefix"),
            let size = dlsym(library, "hanja_list_get_size"), let delete = dlsym(library, "hanja_list_delete"),
            let deleteTable = dlsym(library, "hanja_table_delete")
        else {
            print("  libhangul: its hanja functions are missing, no anchor")
            return
        }
        let loadTable = unsafeBitCast(load, to: Load.self)
        let matchPrefix = unsafeBitCast(match, to: Match.self)
        let listSize = unsafeBitCast(size, to: Size.self)
        let deleteList = unsafeBitCast(delete, to: Delete.self)
        let freeTable = unsafeBitCast(deleteTable, to: Delete.self)
        let before = resident()
        var table: OpaquePointer?
        let open = median(of: 5) {
            if table != nil { freeTable(table) }
            table = loadTable(path)
        }
        let opened = resident()
        var found = 0
        let lookup = median(of: 5) {
            for word in words {
                let list = matchPrefix(table, word)
                found += Int(listSize(list))
                deleteList(list)
            }
        }
        print(
            "  libhangul: open \(milliseconds(open)); a word \(microseconds(lookup / Double(words.count))) (no meanings made)"
        )
        print(
            "             memory: +\(opened.anonymous - before.anonymous) KiB anonymous, +\(opened.resident - before.resident) KiB resident once open"
        )
        freeTable(table)
    }

    /// About a thousand readings spread over the file.
    private static func sampleReadings(path: String) -> [String] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var readings: [String] = []
        var last = ""
        for (index, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
            guard let reading = line.split(separator: ":").first.map(String.init), reading != last else { continue }
            last = reading
            if index % 300 == 0 { readings.append(reading) }
        }
        return readings
    }

    private static func resident() -> (resident: Int, anonymous: Int) {
        (ProcessFigures.kilobytes(getpid(), "VmRSS:") ?? 0, ProcessFigures.kilobytes(getpid(), "RssAnon:") ?? 0)
    }

    private static func median(of runs: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.sorted()[runs / 2]
    }

    private static func milliseconds(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1e3) }
    private static func microseconds(_ seconds: Double) -> String { String(format: "%.1f µs", seconds * 1e6) }
}
