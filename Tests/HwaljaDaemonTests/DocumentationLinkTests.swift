import Foundation
import HwaljaTestSupport
import Testing

/// The README and every page under docs/: each relative link and picture names a file that is
/// there, and each page is reachable from the README (directly or through another page).
struct DocumentationLinkTests {
    /// The pages: README.md, NEWS.md and docs/*.md, as paths from the package root.
    static let pages: [String] = {
        let docs =
            (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path))
            ?? []
        return ["README.md", "NEWS.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }()

    /// The relative targets of `markdown`'s links and pictures, `](target)` and `src="target"`,
    /// without a `#fragment`; web addresses and in-page anchors left out.
    static func relativeTargets(in markdown: String) -> [String] {
        var targets: [String] = []
        for (opening, closing) in [("](", ")"), ("src=\"", "\"")] {
            var rest = markdown[...]
            while let start = rest.range(of: opening) {
                guard let end = rest[start.upperBound...].range(of: closing) else { break }
                let target = String(rest[start.upperBound..<end.lowerBound]).split(
                    separator: "#", omittingEmptySubsequences: false)[0]
                if !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:") {
                    targets.append(String(target))
                }
                rest = rest[end.upperBound...]
            }
        }
        return targets
    }

    @Test func theLinkFinderFindsLinksAndPicturesButNotWebAddresses() {
        let text = "[a](docs/a.md#x) ![b](images/b.svg) <img src=\"c.png\"> [d](https://example.org) [e](#top)"
        #expect(Self.relativeTargets(in: text) == ["docs/a.md", "images/b.svg", "c.png"])
    }

    @Test(arguments: pages)
    func everyRelativeLinkResolves(page: String) throws {
        let url = packageRoot.appendingPathComponent(page)
        let markdown = try String(contentsOf: url, encoding: .utf8)
        for target in Self.relativeTargets(in: markdown) {
            let path = url.deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL.path
            #expect(FileManager.default.fileExists(atPath: path), "\(page) links to \(target), which is not there")
        }
    }

    @Test func everyPageIsReachableFromTheReadme() throws {
        var reached: Set<String> = ["README.md"]
        var queue = ["README.md"]
        while let page = queue.popLast() {
            let url = packageRoot.appendingPathComponent(page)
            guard page.hasSuffix(".md"), let markdown = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for target in Self.relativeTargets(in: markdown) {
                let path = url.deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL.path
                let relative = String(path.dropFirst(packageRoot.standardizedFileURL.path.count + 1))
                if reached.insert(relative).inserted { queue.append(relative) }
            }
        }
        #expect(
            Set(Self.pages).subtracting(reached).isEmpty,
            "not linked from the README or its pages: \(Set(Self.pages).subtracting(reached).sorted())")
    }

    @Test func theReadmeIsShortAndGivesTheTwoCommandsEarly() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 300)
        let early = lines.prefix(40).joined(separator: "\n")
        #expect(
            early.contains("tools/run ") && early.contains("tools/test "),
            "the two commands are in the README's first 40 lines")
    }
}
