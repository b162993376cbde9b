import HwaljaTyping
import Testing

/// The contexts of a frontend by number and owner: changed in place, yet a value like any other.
struct ContextRegistryTests {
    /// A context small enough to compare: the text typed so far.
    private struct Typed: Sendable, Equatable {
        var text = ""
    }

    @Test func aChangeMadeInPlaceIsWhatTheNextReadSees() throws {
        var registry = ContextRegistry<Typed>()
        let number = try registry.add(Typed(), owner: ":1.5")
        try registry.with(number, caller: ":1.5") { $0.text += "안" }
        _ = registry.withAny(number) { $0.text += "녕" }
        #expect(registry.read(number) { $0.text } == "안녕")
    }

    @Test func aCopyKeepsItsContextsWhenTheOtherCopyChangesOne() throws {
        var registry = ContextRegistry<Typed>()
        let number = try registry.add(Typed(text: "안"), owner: ":1.5")
        let before = registry
        try registry.with(number, caller: ":1.5") { $0.text += "녕" }
        var other = before
        _ = other.withAny(number) { $0.text = "ㅇ" }
        #expect(before.read(number) { $0.text } == "안")
        #expect(registry.read(number) { $0.text } == "안녕")
        #expect(other.read(number) { $0.text } == "ㅇ")
    }

    @Test func anotherClientsOrAGoneContextIsRefusedAndNotChanged() throws {
        var registry = ContextRegistry<Typed>()
        let number = try registry.add(Typed(text: "안"), owner: ":1.5")
        #expect(throws: ContextRegistry<Typed>.Refusal.accessDenied(number, owner: ":1.5")) {
            try registry.with(number, caller: ":1.6") { $0.text = "" }
        }
        #expect(registry.read(number) { $0.text } == "안")
        #expect(try registry.read(number, caller: ":1.5") { $0.text } == "안")
        #expect(throws: ContextRegistry<Typed>.Refusal.accessDenied(number, owner: ":1.5")) {
            try registry.read(number, caller: ":1.6") { $0.text }
        }
        try registry.remove(number, caller: ":1.5")
        #expect(throws: ContextRegistry<Typed>.Refusal.noSuchContext(number)) {
            try registry.read(number, caller: ":1.5") { $0.text }
        }
        #expect(registry.read(number) { $0.text } == nil)
        #expect(registry.withAny(number) { $0.text = "" } == nil)
        #expect(throws: ContextRegistry<Typed>.Refusal.noSuchContext(number)) {
            try registry.with(number, caller: ":1.5") { $0.text = "" }
        }
    }

    @Test func contextsBelongToTheirCreator() throws {
        var registry = ContextRegistry<Int>()
        let first = try registry.add(10, owner: ":1.1")
        let second = try registry.add(20, owner: ":1.2")
        #expect(first != second)
        #expect(try registry.with(first, caller: ":1.1") { $0 } == 10)
        #expect(throws: ContextRegistry<Int>.Refusal.accessDenied(first, owner: ":1.1")) {
            try registry.with(first, caller: ":1.2") { $0 }
        }
        #expect(throws: ContextRegistry<Int>.Refusal.noSuchContext(99)) { try registry.remove(99, caller: ":1.1") }
        #expect(registry.removeAll(ownedBy: ":1.2") == [second])
        #expect(registry.numbers(ownedBy: ":1.1") == [first])
        #expect(registry.numbers(ownedBy: ":1.2") == [])
        try registry.remove(first, caller: ":1.1")
        #expect(try registry.add(30, owner: ":1.1") == 3)  // numbers are never reused
    }

    @Test func eachOwnerHoldsAtMostTheLimitAndSeesOnlyItsOwn() throws {
        var registry = ContextRegistry<Int>(limitPerOwner: 3)
        let mine = try (0..<3).map { try registry.add($0, owner: ":1.1") }
        #expect(throws: ContextRegistry<Int>.Refusal.limitExceeded(owner: ":1.1", limit: 3)) {
            try registry.add(9, owner: ":1.1")
        }
        let theirs = try registry.add(7, owner: ":1.2")  // another owner is not affected
        #expect(registry.numbers(ownedBy: ":1.1") == mine)
        #expect(registry.numbers(ownedBy: ":1.2") == [theirs])
        try registry.remove(mine[1], caller: ":1.1")
        #expect(registry.numbers(ownedBy: ":1.1") == [mine[0], mine[2]])
        _ = try registry.add(10, owner: ":1.1")  // room again
        #expect(registry.count == 4)
    }

    @Test func manyContextsComeAndGo() throws {
        var registry = ContextRegistry<Int>(limitPerOwner: 64)
        for client in 0..<500 { for value in 0..<64 { _ = try registry.add(value, owner: ":1.\(client)") } }
        #expect(registry.count == 32_000)
        for client in 0..<500 { _ = registry.removeAll(ownedBy: ":1.\(client)") }
        #expect(registry.count == 0)
        #expect(registry.numbers(ownedBy: ":1.7") == [])
        let number = try registry.add(1, owner: ":1.7")
        #expect(number == 32_001)
    }
}
