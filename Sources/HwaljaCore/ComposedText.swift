/// A short run of Unicode scalars held inline (no heap allocation): a preedit or the text one
/// keystroke commits.
///
/// The composer never holds more than ``capacity`` scalars; appending past it is a programming
/// error and traps.
public struct ComposedText: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The most scalars a text can hold.
    public static let capacity = 8

    @usableFromInline var storage = InlineArray<8, UInt32>(repeating: 0)
    @usableFromInline var length: UInt32 = 0

    /// An empty text.
    @inlinable public init() {}

    /// A text holding the scalars of `string`, which must fit in ``capacity``.
    public init(_ string: String) {
        for scalar in string.unicodeScalars { append(scalar.value) }
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The number of scalars.
    @inlinable public var count: Int { Int(length) }
    /// Whether the text holds no scalars.
    @inlinable public var isEmpty: Bool { length == 0 }

    /// The scalar value at `index` (0..<count).
    @inlinable
    public subscript(index: Int) -> UInt32 {
        precondition(index >= 0 && index < count, "ComposedText index \(index) out of range 0..<\(count)")
        return storage[index]
    }

    /// Appends a scalar value.
    @inlinable
    public mutating func append(_ scalar: UInt32) {
        precondition(count < ComposedText.capacity, "ComposedText is full (\(ComposedText.capacity) scalars)")
        storage[count] = scalar
        length += 1
    }

    /// Appends every scalar of `other`.
    @inlinable
    public mutating func append(contentsOf other: ComposedText) {
        for index in 0..<other.count { append(other.storage[index]) }
    }

    /// Removes the last `k` scalars.
    @inlinable
    public mutating func removeLast(_ k: Int = 1) {
        precondition(k <= count, "ComposedText cannot remove \(k) of \(count) scalars")
        length -= UInt32(k)
    }

    /// Removes the first `k` scalars.
    @inlinable
    public mutating func removeFirst(_ k: Int) {
        precondition(k <= count, "ComposedText cannot remove \(k) of \(count) scalars")
        for index in 0..<(count - k) { storage[index] = storage[index + k] }
        length -= UInt32(k)
    }

    /// The first `k` scalars.
    @inlinable
    public func prefix(_ k: Int) -> ComposedText {
        var result = self
        result.length = UInt32(Swift.min(k, count))
        return result
    }

    /// Whether this text starts with `other`.
    @inlinable
    public func hasPrefix(_ other: ComposedText) -> Bool {
        other.count <= count && commonPrefixCount(with: other) == other.count
    }

    /// The number of leading scalars this text and `other` share.
    @inlinable
    public func commonPrefixCount(with other: ComposedText) -> Int {
        var index = 0
        while index < count && index < other.count && storage[index] == other.storage[index] { index += 1 }
        return index
    }

    /// The text as a Swift string.
    public var string: String {
        var result = String.UnicodeScalarView()
        for index in 0..<count {
            if let scalar = Unicode.Scalar(storage[index]) { result.append(scalar) }
        }
        return String(result)
    }

    public var description: String { string }

    public static func == (lhs: ComposedText, rhs: ComposedText) -> Bool {
        lhs.count == rhs.count && lhs.commonPrefixCount(with: rhs) == lhs.count
    }

    public func hash(into hasher: inout Hasher) {
        for index in 0..<count { hasher.combine(storage[index]) }
    }
}
