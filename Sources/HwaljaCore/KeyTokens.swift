/// Key tokens and their keys, looked up by the tokens' UTF-8 bytes.
///
/// A `[String: Key]` look-up hashes the token, and Swift hashes a non-ASCII string (every jamo
/// key's name) in its normalized form: it walks Unicode's normalization tables for every key a
/// client sends, which a key that finds them out of the caches pays for (`hwalja-bus-bench
/// --handlers-only`, with the caches flushed). Here a token of at most eight bytes is one
/// integer, compared with a short array's; another spelling of the same text (a syllable key's
/// name in decomposed jamo) still finds its key through a dictionary.
struct KeyTokens: Sendable {
    private var codes: [UInt64] = []
    private var keys: [Key] = []
    private var byText: [String: Key] = [:]

    /// Adds `token` for `key`; a token added again names the later key.
    mutating func add(_ token: String, _ key: Key) {
        byText[token] = key
        guard let code = Self.code(of: token) else { return }
        if let index = codes.firstIndex(of: code) {
            keys[index] = key
        } else {
            codes.append(code)
            keys.append(key)
        }
    }

    /// The key `token` names, if any.
    func key(_ token: String) -> Key? {
        if let code = Self.code(of: token), let index = codes.firstIndex(of: code) { return keys[index] }
        return byText[token]
    }

    /// A token's UTF-8 bytes in one integer, the first byte lowest; `nil` for none, more than
    /// eight, or a nul among them. Without nuls, no two tokens share a code.
    private static func code(of token: String) -> UInt64? {
        var token = token
        return token.withUTF8 { bytes -> UInt64? in
            guard (1...8).contains(bytes.count) else { return nil }
            var code: UInt64 = 0
            for (index, byte) in bytes.enumerated() {
                guard byte != 0 else { return nil }
                code |= UInt64(byte) << (8 * UInt64(index))
            }
            return code
        }
    }
}
