import Foundation
import HwaljaLexicon
import HwaljaRuntime
import HwaljaSession
import HwaljaTestSupport
import Testing

/// libhangul's hanja and symbol files where they are installed, and the user's own before them.
struct HanjaFilesTests {
    static let installed = HanjaFiles.systemFolder + "/hanja.txt"

    /// The system's files, as installed by libhangul-data (tools/install-deps installs it).
    static func systemFiles() throws -> HanjaConversions.Files {
        guard FileManager.default.fileExists(atPath: installed) else {
            throw TestSetupError("\(installed) is missing: install libhangul-data (tools/install-deps does)")
        }
        var said: [String] = []
        let files = HanjaFiles.read(environment: ["HOME": "/nonexistent"]) { said.append($0) }
        #expect(said == [])
        return files
    }

    @Test func theInstalledFilesConvertAsKoreanIsWritten() throws {
        let files = try Self.systemFiles()
        let hanja = try #require(files.hanja)
        #expect(hanja.entryCount > 300_000)
        let picks = HanjaPicks()
        // libhangul's order is 寒國, 寒菊, 韓國: the one with a meaning (대한민국) comes first here.
        let korea = HanjaSearch.candidates(beginning: "한국", hanja: hanja, symbols: nil, picks: picks)
        #expect(korea.first?.entry.text == "韓國")
        let school = HanjaSearch.candidates(beginning: "학교에서", hanja: hanja, symbols: nil, picks: picks)
        #expect(school.first?.entry.text == "學校" && school.first?.replacing == 2)
        #expect(hanja.meaning(of: school[0].entry) == "배울 학, 학교 교")
        let symbols = HanjaSearch.candidates(beginning: "ㅁ", hanja: hanja, symbols: files.symbols, picks: picks)
        #expect(symbols.prefix(9).map(\.entry.text).contains("※"))
    }

    @Test func theUsersOwnFileComesFirstAndOneOutOfOrderIsSaidAndPassedOver() throws {
        let folder = try TemporaryFolder("hwalja-hanja")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("libhangul/hanja"), withIntermediateDirectories: true)
        try folder.write("libhangul/hanja/hanja.txt", "학교:學校:배우는 곳\n")
        var said: [String] = []
        let own = HanjaFiles.read(environment: ["XDG_DATA_HOME": folder.url.path]) { said.append($0) }
        #expect(own.hanja?.entries(reading: "학교").map(\.meaning) == ["배우는 곳"])
        #expect(own.hanja?.entryCount == 1)
        #expect(said == [])

        try folder.write("libhangul/hanja/hanja.txt", "학교:學校:\n한국:韓國:\n가:家:\n")
        let refused = HanjaFiles.read(environment: ["XDG_DATA_HOME": folder.url.path]) { said.append($0) }
        #expect(said.count == 1)
        #expect(said.first?.contains("libhangul/hanja/hanja.txt: line 3 sorts before the line above it") == true)
        if FileManager.default.fileExists(atPath: Self.installed) {
            #expect(refused.hanja?.entryCount ?? 0 > 300_000)  // the system's, after the user's was refused
        }
    }

    @Test func aFileIsReadInWindowsAndNothingPastItsEnd() throws {
        let folder = try TemporaryFolder("hwalja-hanja")
        let path = try folder.write("hanja.txt", "학:學:배울 학\n")
        let file = try #require(HanjaFile(path: path))
        #expect(file.byteCount == 19)
        #expect(file.bytes(at: 0, count: 3) == Array("학".utf8))
        #expect(file.bytes(at: 16, count: 100) == Array("학\n".utf8.suffix(3)))
        #expect(file.bytes(at: 19, count: 1) == [])
        #expect(file.bytes(at: -1, count: 1) == [])
        #expect(HanjaFile(path: folder.url.path) == nil)  // a folder
        #expect(HanjaFile(path: folder.url.path + "/missing") == nil)
    }
}
