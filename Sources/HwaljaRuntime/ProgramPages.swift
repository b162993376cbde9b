import CProgramHeaders
#if canImport(Glibc)
import Glibc
#endif

/// The program's own code and constants as mapped into the process.
///
/// The binary's code is spread over 5 MB, and the kernel maps up to 16 cached pages around each
/// page read (fault-around): start-up and a few messages leave most of the binary mapped and counted
/// in the resident memory, though an idle program reads none of it.
public enum ProgramPages {
    /// Unmaps the pages of the executable's read-only segments from the process: code and
    /// constants, never a writable segment (relocated data). They stay in the page cache and are
    /// mapped again, as any file page, when the program reads them. Returns the bytes of the
    /// segments released.
    @discardableResult
    public static func release() -> Int {
        var released = 0
        _ = withUnsafeMutablePointer(to: &released) { total in
            dl_iterate_phdr({ info, _, total in
                guard let info = info?.pointee, let headers = info.dlpi_phdr, let total else { return 1 }
                let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
                for index in 0..<Int(info.dlpi_phnum) {
                    let header = headers[index]
                    guard header.p_type == PT_LOAD, header.p_flags & UInt32(PF_W) == 0 else { continue }
                    let first = UInt(info.dlpi_addr) + UInt(header.p_vaddr)
                    let start = first & ~(page - 1)
                    let end = (first + UInt(header.p_memsz) + page - 1) & ~(page - 1)
                    guard let address = UnsafeMutableRawPointer(bitPattern: start) else { continue }
                    if madvise(address, Int(end - start), MADV_DONTNEED) == 0 {
                        total.assumingMemoryBound(to: Int.self).pointee += Int(end - start)
                    }
                }
                return 1  // the first object is the executable: stop there
            }, total)
        }
        return released
    }
}
