import HwaljaCore

/// The words a field shows as suggestions, each as the keys that type it, packed in one array
/// (the keys' raw values, a 0 after each word): a field keeps them at the cost of one short
/// array, not an array and a string per word. Their texts are typed from the keys when needed
/// (``WordSuggestions/texts(of:)``).
struct SuggestedWords: Sendable, Equatable {
    private var packed: [UInt8] = []

    /// No words.
    init() {}

    /// `words`, in order.
    init(_ words: [[Key]]) {
        packed.reserveCapacity(words.reduce(0) { $0 + $1.count + 1 })
        for word in words {
            packed += word.map(\.rawValue)
            packed.append(0)
        }
    }

    /// The words' keys, in order.
    var words: [[Key]] {
        packed.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { word in
            word.compactMap(Key.init(rawValue:))
        }
    }

    /// The keys of word `index`, or `nil` if there is no such word.
    func word(_ index: Int) -> [Key]? {
        let all = words
        return all.indices.contains(index) ? all[index] : nil
    }
}
