#if canImport(Glibc)
import Glibc
#endif

/// The program's own code and constants as mapped into the process.
///
/// The binary's code is spread over 5 MB, and the kernel maps up to 16 cached pages around each
/// page read (fault-around): start-up and a few messages leave most of the binary mapped and counted
/// in the resident memory, though an idle program reads none of it.
public enum ProgramPages {
    /// The executable's read-only, unmodified mappings (as `/proc/self/smaps` lists them): code and
    /// constants. Never a writable mapping, nor one with pages of its own (`Anonymous`: the
    /// relocated data the loader made read-only afterwards, which the file does not hold).
    public static func ranges() -> [(start: UInt, end: UInt)] {
        guard let executable = executablePath(), let smaps = SystemFiles.read("/proc/self/smaps") else { return [] }
        var ranges: [(start: UInt, end: UInt)] = []
        var candidate: Mapping?
        for line in String(decoding: smaps, as: UTF8.self).split(separator: "\n") {
            if let mapping = Mapping(line) {
                if let chosen = candidate { ranges.append((chosen.start, chosen.end)) }
                candidate = mapping.path == executable && !mapping.writable && mapping.end > mapping.start ? mapping : nil
            } else if line.hasPrefix("Anonymous:"), line.split(separator: " ").dropFirst().first != "0" {
                candidate = nil  // modified pages: only this process has them
            }
        }
        if let chosen = candidate { ranges.append((chosen.start, chosen.end)) }
        return ranges
    }

    /// Unmaps `ranges` (``ranges()``) from the process with `madvise(MADV_DONTNEED)`; returns the
    /// bytes released. The pages stay in the page cache and are mapped again, as any file page,
    /// when the program reads them: call it last, as what runs after it maps its code again
    /// (reading smaps runs much of the string code; unmapped before that parsing ended, 1.8 MB
    /// came back at once). Kept short for the same reason.
    @discardableResult
    public static func unmap(_ ranges: [(start: UInt, end: UInt)]) -> Int {
        var released = 0
        for range in ranges {
            guard let address = UnsafeMutableRawPointer(bitPattern: range.start) else { continue }
            if madvise(address, Int(range.end - range.start), MADV_DONTNEED) == 0 { released += Int(range.end - range.start) }
        }
        return released
    }

    /// The path the kernel gives the running executable (`/proc/self/exe`), as `/proc/self/maps` names it.
    private static func executablePath() -> Substring? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { readlink("/proc/self/exe", $0.baseAddress!, $0.count) }
        guard count > 0, count < buffer.count else { return nil }
        return Substring(String(decoding: buffer[..<count], as: UTF8.self))
    }

    /// A mapping's first line in `/proc/self/smaps`: `start-end perms offset device inode path`.
    struct Mapping {
        var start: UInt
        var end: UInt
        var writable: Bool
        var path: Substring

        init?(_ line: Substring) {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { return nil }  // anonymous mappings have no path; field lines have fewer
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16) else { return nil }
            self.start = start
            self.end = end
            writable = fields[1].dropFirst().first != "-"
            path = fields[5].drop { $0 == " " }
        }
    }
}
