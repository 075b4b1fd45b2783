import SenderPolicy
import Testing

/// The U-label rules are converted on the first look-up that needs them; scan's workers share
/// one list, so that first look-up may happen on many threads at once.
@Suite("one list shared by concurrent look-ups")
struct PublicSuffixListSharingTests {
    @Test("concurrent first look-ups of xn-- names all see the converted rules")
    func concurrentFirstLookups() async throws {
        let list = try PublicSuffixList(path: fixtureURL("publicsuffix/public_suffix_list.dat").path) // fresh: nothing converted yet
        let names = ["a.xn--55qx5d.cn", "b.公司.cn", "c.xn--fiqs8s", "d.中国", "e.example.com"]
        let expected = ["a.xn--55qx5d.cn", "b.xn--55qx5d.cn", "c.xn--fiqs8s", "d.xn--fiqs8s", "example.com"]
        let answers = await withTaskGroup(of: [String?].self) { group in
            for _ in 0..<16 { group.addTask { names.map { list.organizationalDomain(of: $0) } } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 16)
        for answer in answers { #expect(answer == expected) }
    }
}
