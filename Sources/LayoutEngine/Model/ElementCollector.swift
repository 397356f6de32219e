/// A rect query's output: the elements in the query's order, and a bound on how many it may
/// hold. A query stops the moment the bound is passed, so a rect that meets five million
/// cells costs `limit` elements of work and memory, not five million.
public struct ElementCollector {
    /// The most elements this query may return.
    public let limit: Int
    public private(set) var elements: [LayoutAttributes] = []

    public init(limit: Int = .max) {
        precondition(limit >= 0, "an element limit cannot be negative")
        self.limit = limit
    }

    /// Adds the next element; throws instead when `limit` elements are already held.
    @inline(__always)
    public mutating func append(_ element: LayoutAttributes) throws(ElementLimitExceeded) {
        guard elements.count < limit else { throw ElementLimitExceeded(limit: limit) }
        elements.append(element)
    }

    /// Rewrites the elements from `start` on in place (a layout that decorates another's
    /// elements, such as the line layout's zoom).
    public mutating func updateElements(from start: Int, _ update: (inout LayoutAttributes) -> Void) {
        for i in start..<elements.count { update(&elements[i]) }
    }

    /// How many more elements fit.
    public var remaining: Int { limit - elements.count }

    /// Room for `count` elements, never more than the limit allows.
    public mutating func reserveCapacity(_ count: Int) {
        elements.reserveCapacity(min(count, limit))
    }
}

/// A query met more elements than its collector's limit; nothing it found is returned.
public struct ElementLimitExceeded: Error, Hashable, Sendable {
    public let limit: Int

    public init(limit: Int) {
        self.limit = limit
    }
}

extension PreparedLayout {
    /// layoutAttributesForElementsInRect, whatever the count (for callers that bounded the
    /// work themselves, such as the engine's own tests and small layouts).
    public func elements(in rect: Rect?, view: ViewContext) -> [LayoutAttributes] {
        var out = ElementCollector()
        do throws(ElementLimitExceeded) {
            try collectElements(in: rect, view: view, into: &out)
        } catch {
            preconditionFailure("an unlimited collector refused an element")
        }
        return out.elements
    }

    /// layoutAttributesForElementsInRect, refused as soon as more than `limit` elements meet
    /// `rect` (all elements when nil).
    /// - Complexity: O(log n + min(k, limit)) for the layouts' indexed queries.
    public func elements(in rect: Rect?, view: ViewContext, limit: Int) throws(ElementLimitExceeded) -> [LayoutAttributes] {
        var out = ElementCollector(limit: limit)
        try collectElements(in: rect, view: view, into: &out)
        return out.elements
    }
}
