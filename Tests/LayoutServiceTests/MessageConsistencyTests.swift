import TesseraSupport
import Testing
import LayoutService

/// Error messages read one way: the item limit names what holds the items (a session or a
/// one-shot request), and a client's numbers are quoted as replies write numbers.
@Suite struct MessageConsistencyTests {
    let service = makeService { $0.maxItemsPerSession = 1000 }

    private func message(_ response: Reply) throws -> String {
        #expect(response.status == 400)
        return try errorOf(response).message
    }

    @Test func theItemLimitNamesARequestOrASession() throws {
        let tooMany = #"{"layout":{"type":"flow"},"dataSource":{"sections":[{"itemCount":1001}]},"view":{"bounds":[390,844]}}"#
        #expect(try message(service.oneShotLayout(body: body(tooMany))) == "too many items: a request holds at most 1000 items")
        #expect(try message(service.createSession(body: body(tooMany))) == "too many items: a session holds at most 1000 items")
    }

    @Test(arguments: [
        // (value sent, how the message quotes it)
        ("-3", "-3"), ("-3.0", "-3"), ("-2.5", "-2.5"), ("-0.125", "-0.125"), ("-1e3", "-1000")
    ])
    func negativeNumbersAreQuotedAsRepliesWriteThem(_ sent: String, _ quoted: String) throws {
        let json = #"{"layout":{"type":"flow","itemSize":[10,"# + sent + #"]},"dataSource":{"sections":[]},"view":{"bounds":[390,844]}}"#
        #expect(try message(service.createSession(body: body(json))) == "height must not be negative (got " + quoted + ")")
    }

    @Test func outOfRangeNumbersAreQuotedTheSameWay() throws {
        let json = #"{"layout":{"type":"flow","itemSize":[10,2e15]},"dataSource":{"sections":[]},"view":{"bounds":[390,844]}}"#
        #expect(
            try message(service.createSession(body: body(json)))
                == "is out of range: numbers must lie within ±1e15 (got 2000000000000000)")
        let scale = #"{"layout":{"type":"flow"},"dataSource":{"sections":[]},"view":{"bounds":[390,844],"scale":17.0}}"#
        #expect(try message(service.createSession(body: body(scale))) == "must be 0 (no rounding) or from 0.25 to 16 (got 17)")
    }
}
