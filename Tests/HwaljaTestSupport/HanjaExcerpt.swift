/// A few readings of libhangul's hanja and symbol files, as they are written there (its header,
/// then `reading:hanja:meaning` sorted by reading): the hanja tests' dictionary.
package enum HanjaExcerpt {
    package static let hanja = """
        # Copyright and licence, as the real file starts
        #
        교:校:학교 교
        교:敎:가르칠 교
        국:國:나라 국
        국:菊:국화 국
        론:論:논할 론
        리:理:다스릴 리, 이치 리
        이:理:다스릴 리, 바를 리
        이론:理論:
        학:學:배울 학
        학:鶴:두루미 학
        학:虐:사나울 학, 혹독할 학
        학교:學校:
        학교:學敎:
        한:韓:나라 이름 한
        한:寒:찰 한
        한국:寒國:
        한국:寒菊:
        한국:韓國:대한민국
        한국:汗國:

        """

    /// Two consonants' symbols; ㅁ's twelve fill a page and a half.
    package static let symbols = """
        ㄱ:！:
        ㄱ:，:
        ㅁ:＃:
        ㅁ:＆:
        ㅁ:＊:
        ㅁ:＠:
        ㅁ:§:
        ㅁ:※:
        ㅁ:☆:
        ㅁ:★:
        ㅁ:○:
        ㅁ:●:
        ㅁ:◎:
        ㅁ:◇:

        """
}
