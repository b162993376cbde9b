import HwaljaCore
import HwaljaReplay
import HwaljaTestSupport
import Testing

struct ReplayHostTests {
    /// 나, then 가ᄀᆞ committed by the next ㄱㅋ and taken back by BS: three Unicode scalars, of which
    /// ᄀᆞ make one Character, so deleting Characters would take 나 too.
    @Test func retractedTextIsCountedInUnicodeScalars() throws {
        var host = ReplayHost(composer: Composer(table: committedTable))
        host.play(try KeystrokeLog(parsing: "ㄴㄹ ㅣ ㆍ SPACE ㄱㅋ ㅣ ㆍ ㄱㅋ ㆍ ㄱㅋ"))
        #expect(host.committed == "나가ᄀᆞ")
        host.apply(.press(.backspace))
        #expect(host.committed == "나")
        #expect(host.text == "나가ᄀᆞ")
        #expect(host.steps.last?.description == "BS\tretract 3\tcommit \"\"\tpreedit \"가ᄀᆞ\"")
    }

    @Test func aHostThatCannotDeleteKeepsTheTextInThePreedit() throws {
        var host = ReplayHost(composer: Composer(table: committedTable, options: Composer.Options(canRetract: false)))
        host.play(try KeystrokeLog(parsing: "ㄴㄹ ㅣ ㆍ SPACE ㄱㅋ ㅣ ㆍ ㄱㅋ ㆍ ㄱㅋ BS"))
        #expect(host.committed == "나")
        #expect(host.composer.preedit == "가ᄀᆞ")
        #expect(host.steps.allSatisfy { $0.response.retract == 0 })
    }
}
