import Testing
@testable import DKIM

/// RFC 5322 §3.2.2: a comment may hold comments. A reason's own parentheses are kept when
/// they pair up; anything that could end our comment early is quoted.
@Suite("Authentication-Results comments")
struct AuthenticationResultsCommentTests {
    @Test("balanced parentheses stay as written, nested too", arguments: [
        "DNS name x does not exist (NXDOMAIN)",
        "no key (selector s (the second try))",
        "plain reason",
    ])
    func kept(reason: String) {
        #expect(AuthenticationResults.commentSafe(reason) == reason)
    }

    @Test("the attack: a reason that closes our comment and forges a result stays inside it", arguments: [
        ("x) dkim=pass (y", "x\\) dkim=pass \\(y"),
        ("x)", "x\\)"),
        ("((a)", "\\((a)"),
        ("back\\slash", "back\\\\slash"),
        ("line\r\nbreak", "line  break"),
    ])
    func quoted(reason: String, expected: String) {
        let safe = AuthenticationResults.commentSafe(reason)
        #expect(safe == expected)
        // Read back as RFC 5322 does: the comment we open ends at our own closing parenthesis.
        var depth = 1
        var index = safe.startIndex
        var closedEarly = false
        while index < safe.endIndex {
            let character = safe[index]
            if character == "\\" { index = safe.index(after: index) } else if character == "(" { depth += 1 } else if character == ")" {
                depth -= 1
                if depth == 0 { closedEarly = true }
            }
            if index < safe.endIndex { index = safe.index(after: index) }
        }
        #expect(!closedEarly && depth == 1)
    }
}
