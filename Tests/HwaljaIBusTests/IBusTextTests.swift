import HwaljaDBus
import HwaljaIBus
import Testing

struct IBusTextTests {
    /// The exact shape libibus sends (docs/ibus.md, "The protocol"), as a D-Bus signature.
    @Test func textHasTheSerialisedShapeIBusExpects() {
        let plain = IBusText.variant("가")
        #expect(
            plain
                == .variant(
                    .structure([
                        .string("IBusText"), .array(elementSignature: "{sv}", []), .string("가"),
                        .variant(
                            .structure([
                                .string("IBusAttrList"), .array(elementSignature: "{sv}", []),
                                .array(elementSignature: "v", [])
                            ]))
                    ])))
        guard case .variant(let inner) = IBusText.variant("ᄀᆞ", underlined: true) else {
            Issue.record("not a variant")
            return
        }
        #expect(inner.signature == "(sa{sv}sv)")
        guard case .structure(let fields) = inner, case .variant(let list) = fields[3],
            case .structure(let listFields) = list,
            case .array(_, let attributes) = listFields[2], case .variant(let attribute) = attributes.first
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(attribute.signature == "(sa{sv}uuuu)")
        // Underline (type 1, value 1) over both characters: IBus counts characters, not bytes.
        #expect(
            attribute
                == .structure([
                    .string("IBusAttribute"), .array(elementSignature: "{sv}", []), .uint32(1), .uint32(1), .uint32(0),
                    .uint32(2)
                ]))
    }
}
