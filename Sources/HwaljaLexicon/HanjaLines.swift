/// Reads a ``HanjaText`` a line at a time from an offset, a window of bytes at a time.
struct HanjaLines {
    private let text: any HanjaText
    private let window: Int
    private var buffer: [UInt8] = []
    /// The file offset of `buffer`'s first byte.
    private var bufferStart: Int
    /// The next unread byte in `buffer`.
    private var index = 0

    init(_ text: any HanjaText, from offset: Int, window: Int) {
        self.text = text
        self.window = window
        bufferStart = offset
    }

    /// The next line (without its newline or a carriage return before it), the offset it starts
    /// at and the offset of the line after it; `nil` at the end of the file.
    mutating func next() -> (start: Int, next: Int, bytes: ArraySlice<UInt8>)? {
        while true {
            if let newline = buffer[index...].firstIndex(of: 0x0A) {
                return take(upTo: newline, skipping: 1)
            }
            let more = text.bytes(at: bufferStart + buffer.count, count: max(window, buffer.count - index))
            if more.isEmpty {
                guard index < buffer.count else { return nil }
                return take(upTo: buffer.count, skipping: 0)
            }
            buffer = Array(buffer[index...]) + more
            bufferStart += index
            index = 0
        }
    }

    private mutating func take(upTo end: Int, skipping: Int) -> (start: Int, next: Int, bytes: ArraySlice<UInt8>) {
        var line = buffer[index..<end]
        if line.last == 0x0D { line = line.dropLast() }
        let start = bufferStart + index
        index = end + skipping
        return (start, bufferStart + index, line)
    }
}

/// One line of a hanja file, split at its first two colons.
struct HanjaLine {
    var reading: ArraySlice<UInt8>
    var text: ArraySlice<UInt8>
    var meaning: ArraySlice<UInt8>

    /// Whether a line holds no entry: empty, or a `#` comment.
    static func isEntry(_ line: ArraySlice<UInt8>) -> Bool {
        line.first.map { $0 != 0x23 } ?? false
    }

    /// The parts of an entry's line, or `nil` if it has no colon or an empty reading or hanja.
    init?(_ line: ArraySlice<UInt8>) {
        guard let first = line.firstIndex(of: 0x3A) else { return nil }
        reading = line[line.startIndex..<first]
        let rest = line[(first + 1)...]
        let second = rest.firstIndex(of: 0x3A) ?? rest.endIndex
        text = rest[rest.startIndex..<second]
        meaning = second < rest.endIndex ? rest[(second + 1)...] : []
        guard !reading.isEmpty, !text.isEmpty else { return nil }
    }

    var entry: HanjaEntry {
        HanjaEntry(
            reading: String(decoding: reading, as: UTF8.self), text: String(decoding: text, as: UTF8.self),
            meaning: String(decoding: meaning, as: UTF8.self))
    }
}
