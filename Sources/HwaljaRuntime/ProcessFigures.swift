/// Figures the kernel keeps of a running process, for the benchmarks.
package enum ProcessFigures {
    /// A figure in KiB of `/proc/PID/status` (`VmRSS:`, `RssAnon:`) or another file there
    /// (`smaps_rollup`: `Anonymous:`, `Private_Dirty:`); `nil` once the process has gone.
    package static func kilobytes(_ pid: Int32, _ field: String, in file: String = "status") -> Int? {
        guard let data = SystemFiles.read("/proc/\(pid)/\(file)") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
}
