/// Why lexicon bytes were refused; each says what was wrong and what to do.
package enum LexiconError: Error, Equatable, CustomStringConvertible {
    case tooShort(Int)
    case notALexicon
    case unsupportedVersion(UInt16)
    case lengthMismatch(declared: Int, actual: Int)
    case checksumMismatch
    case badEntry(index: Int, reason: String)

    package var description: String {
        let fix = "regenerate it with `swift run hwalja-lexicon` or reinstall the package"
        switch self {
        case .tooShort(let count): return "lexicon is \(count) bytes, shorter than its header; \(fix)"
        case .notALexicon: return "not a hwalja lexicon (no HWLX magic); \(fix)"
        case .unsupportedVersion(let version):
            return
                "lexicon format version \(version) is not supported (this build reads version \(LexiconFile.version)); \(fix)"
        case .lengthMismatch(let declared, let actual):
            return "lexicon declares \(declared) payload bytes but has \(actual); \(fix)"
        case .checksumMismatch: return "lexicon checksum does not match: the file is damaged; \(fix)"
        case .badEntry(let index, let reason): return "lexicon entry \(index) is malformed (\(reason)); \(fix)"
        }
    }
}
