/// One rewrite of the transition table: pressing ``key`` when the text ends with ``tail``
/// replaces that tail with ``replacement``.
///
/// An empty tail is the key's default: what is appended when no longer tail matches.
public struct Transition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The key pressed (one of ``Key/tableKeys``).
    public var key: Key
    /// The last zero, one or two scalars of the text before the key.
    public var tail: [Unicode.Scalar]
    /// What replaces ``tail`` (one to three scalars).
    public var replacement: [Unicode.Scalar]

    /// Creates a transition; `key` must be a table key, `tail` at most two scalars, `replacement` one to three.
    public init(key: Key, tail: [Unicode.Scalar], replacement: [Unicode.Scalar]) {
        precondition(key.isTableKey, "Transition: \(key.name) is not a table key")
        precondition(tail.count <= 2, "Transition: tail \(tail) is longer than two scalars")
        precondition((1...3).contains(replacement.count), "Transition: replacement \(replacement) is not 1...3 scalars")
        self.key = key
        self.tail = tail
        self.replacement = replacement
    }

    public static func < (lhs: Transition, rhs: Transition) -> Bool {
        if lhs.key != rhs.key { return lhs.key.rawValue < rhs.key.rawValue }
        let left = lhs.tail.map(\.value)
        let right = rhs.tail.map(\.value)
        if left != right { return left.lexicographicallyPrecedes(right) }
        return lhs.replacement.map(\.value).lexicographicallyPrecedes(rhs.replacement.map(\.value))
    }

    public var description: String {
        "\(key.name) [\(String(String.UnicodeScalarView(tail)))] → [\(String(String.UnicodeScalarView(replacement)))]"
    }
}
