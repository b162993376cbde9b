// hwalja's replacement for swift-argument-parser 1.8's Sources/ArgumentParser/Utilities/Foundation.swift
// (Package.swift takes 1.8.x only),
// used only when tools/build-deb builds the package (through a VFS overlay: the dependency itself is
// untouched). Upstream's file is ArgumentParser's only use of FoundationEssentials — LocalizedError
// for error messages, JSONEncoder for --experimental-dump-help — and linking it statically brings
// most of FoundationEssentials, its collections and the regex engine: 6.6 MB of the 15.5 MB binary
// and 1.7 MB of the compressed package. This file does the same without Foundation: errors are
// described as upstream describes them when FoundationEssentials is there and the error is not a
// LocalizedError (no hwalja error is one), and the tool info is written as JSONEncoder writes it with
// .prettyPrinted and .sortedKeys (InstalledPackageTests compares each installed program's
// --experimental-dump-help with the development build's, byte for byte). When swift-argument-parser
// can be built without Foundation (a package trait is proposed upstream,
// apple/swift-argument-parser#932), this file goes.

extension Error {
  func describe() -> String {
    String(describing: self)
  }
}

enum JSONEncoder {
  static func encode<T: Encodable>(_ value: T) -> String {
    let root = JSONNode()
    guard (try? value.encode(to: JSONTreeEncoder(node: root, codingPath: []))) != nil else { return "" }
    var text = ""
    root.write(to: &text, indent: "")
    return text
  }
}

/// A value being encoded: filled in by the containers, written out at the end.
private final class JSONNode {
  enum Value {
    case empty, null, literal(String), string(String), array([JSONNode]), object([String: JSONNode])
  }
  var value = Value.empty

  func child(_ key: String) -> JSONNode {
    if case .object(var members) = value {
      let node = JSONNode()
      members[key] = node
      value = .object(members)
      return node
    }
    value = .object([:])
    return child(key)
  }

  func append() -> JSONNode {
    let node = JSONNode()
    if case .array(let elements) = value { value = .array(elements + [node]) } else { value = .array([node]) }
    return node
  }

  func write(to text: inout String, indent: String) {
    switch value {
    case .empty: text += "{\n\n\(indent)}"
    case .null: text += "null"
    case .literal(let literal): text += literal
    case .string(let string): Self.quote(string, into: &text)
    case .array(let elements):
      text += "[\n"
      for (index, element) in elements.enumerated() {
        text += index == 0 ? indent + "  " : ",\n" + indent + "  "
        element.write(to: &text, indent: indent + "  ")
      }
      text += "\n\(indent)]"
    case .object(let members):
      text += "{\n"
      for (index, key) in members.keys.sorted(by: Self.precedes).enumerated() {
        text += index == 0 ? indent + "  " : ",\n" + indent + "  "
        Self.quote(key, into: &text)
        text += " : "
        members[key]!.write(to: &text, indent: indent + "  ")
      }
      text += "\n\(indent)}"
    }
  }

  /// JSONEncoder's .sortedKeys order: numeric, case-insensitive, then by scalar.
  private static func precedes(_ a: String, _ b: String) -> Bool {
    let (x, y) = (a.lowercased(), b.lowercased())
    return x != y ? x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) : a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
  }

  private static func quote(_ string: String, into text: inout String) {
    text += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "/": text += "\\/"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\u{8}": text += "\\b"
      case "\u{C}": text += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }
}

private struct JSONTreeEncoder: Encoder {
  let node: JSONNode
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = node.value {} else { node.value = .object([:]) }
    return KeyedEncodingContainer(Keyed(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array = node.value {} else { node.value = .array([]) }
    return Unkeyed(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    Single(node: node, codingPath: codingPath)
  }

  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    var codingPath: [any CodingKey]

    private func set(_ value: JSONNode.Value, _ key: Key) { node.child(key.stringValue).value = value }
    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.literal("\(value)"), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.literal("\(value)"), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(.literal("\(value)"), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.literal("\(value)"), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.literal("\(value)"), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.literal("\(value)"), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.literal("\(value)"), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.literal("\(value)"), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.literal("\(value)"), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.literal("\(value)"), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.literal("\(value)"), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.literal("\(value)"), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.literal("\(value)"), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      try value.encode(to: JSONTreeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
      JSONTreeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      JSONTreeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { JSONTreeEncoder(node: node.child("super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { JSONTreeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]) }
  }

  struct Unkeyed: UnkeyedEncodingContainer {
    let node: JSONNode
    var codingPath: [any CodingKey]
    var count: Int {
      if case .array(let elements) = node.value { return elements.count }
      return 0
    }

    private func add(_ value: JSONNode.Value) { node.append().value = value }
    mutating func encodeNil() throws { add(.null) }
    mutating func encode(_ value: Bool) throws { add(.literal("\(value)")) }
    mutating func encode(_ value: String) throws { add(.string(value)) }
    mutating func encode(_ value: Double) throws { add(.literal("\(value)")) }
    mutating func encode(_ value: Float) throws { add(.literal("\(value)")) }
    mutating func encode(_ value: Int) throws { add(.literal("\(value)")) }
    mutating func encode(_ value: Int8) throws { add(.literal("\(value)")) }
    mutating func encode(_ value: Int16) throws { add(.literal("\(value)")) }
    mutating func encode(_ value: Int32) throws { add(.literal("\(value)")) }
    mutating func encode(_ value: Int64) throws { add(.literal("\(value)")) }
    mutating func encode(_ value: UInt) throws { add(.literal("\(value)")) }
    mutating func encode(_ value: UInt8) throws { add(.literal("\(value)")) }
    mutating func encode(_ value: UInt16) throws { add(.literal("\(value)")) }
    mutating func encode(_ value: UInt32) throws { add(.literal("\(value)")) }
    mutating func encode(_ value: UInt64) throws { add(.literal("\(value)")) }
    mutating func encode<T: Encodable>(_ value: T) throws {
      try value.encode(to: JSONTreeEncoder(node: node.append(), codingPath: codingPath))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
      JSONTreeEncoder(node: node.append(), codingPath: codingPath).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      JSONTreeEncoder(node: node.append(), codingPath: codingPath).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { JSONTreeEncoder(node: node.append(), codingPath: codingPath) }
  }

  struct Single: SingleValueEncodingContainer {
    let node: JSONNode
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.value = .null }
    mutating func encode(_ value: Bool) throws { node.value = .literal("\(value)") }
    mutating func encode(_ value: String) throws { node.value = .string(value) }
    mutating func encode(_ value: Double) throws { node.value = .literal("\(value)") }
    mutating func encode(_ value: Float) throws { node.value = .literal("\(value)") }
    mutating func encode(_ value: Int) throws { node.value = .literal("\(value)") }
    mutating func encode(_ value: Int8) throws { node.value = .literal("\(value)") }
    mutating func encode(_ value: Int16) throws { node.value = .literal("\(value)") }
    mutating func encode(_ value: Int32) throws { node.value = .literal("\(value)") }
    mutating func encode(_ value: Int64) throws { node.value = .literal("\(value)") }
    mutating func encode(_ value: UInt) throws { node.value = .literal("\(value)") }
    mutating func encode(_ value: UInt8) throws { node.value = .literal("\(value)") }
    mutating func encode(_ value: UInt16) throws { node.value = .literal("\(value)") }
    mutating func encode(_ value: UInt32) throws { node.value = .literal("\(value)") }
    mutating func encode(_ value: UInt64) throws { node.value = .literal("\(value)") }
    mutating func encode<T: Encodable>(_ value: T) throws {
      try value.encode(to: JSONTreeEncoder(node: node, codingPath: codingPath))
    }
  }
}
