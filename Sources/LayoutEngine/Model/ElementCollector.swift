/// A rect query's output: the elements in the query's order, and a bound on how many it may
/// hold. A query stops the moment the bound is passed, so a rect that meets five million
/// cells costs `limit` elements of work and memory, not five million.
///
/// The elements are kept in `elements`, or, for a collector made with a sink, handed to the
/// sink one by one as the layout finds them and not kept at all: the service writes each
/// into the reply at once, so a rect query builds no list of attributes
/// (docs/performance.md#streamed-elements).
public struct ElementCollector {
    /// The most elements this query may return.
    public let limit: Int
    /// The elements so far; always empty for a collector with a sink.
    public private(set) var elements: [LayoutAttributes] = []
    /// How many elements were appended (kept or handed on).
    public private(set) var count = 0
    /// Not retained: only `streamElements` makes a streaming collector, and its caller holds
    /// the sink for the whole query. Called through `_withUnsafeGuaranteedRef`, which lends
    /// it without a retain: a stored reference, even `unowned(unsafe)`, was retained and
    /// released around every element's call (docs/performance.md#streamed-elements).
    private let sink: Unmanaged<ElementSink>?

    public init(limit: Int = .max) {
        precondition(limit >= 0, "an element limit cannot be negative")
        self.limit = limit
        sink = nil
    }

    /// A collector that hands every element to `sink` instead of keeping it; the caller holds
    /// `sink` for as long as the collector lives (`streamElements`).
    init(limit: Int, streamingTo sink: ElementSink) {
        precondition(limit >= 0, "an element limit cannot be negative")
        self.limit = limit
        self.sink = .passUnretained(sink)
    }

    /// Whether elements go to a sink (and `elements` stays empty).
    public var isStreaming: Bool { sink != nil }

    /// Adds the next element; throws instead when `limit` elements are already held.
    @inline(__always)
    public mutating func append(_ element: LayoutAttributes) throws(ElementLimitExceeded) {
        guard count < limit else { throw ElementLimitExceeded(limit: limit) }
        count &+= 1
        if let sink {
            sink._withUnsafeGuaranteedRef { $0.take(element) }
        } else {
            elements.append(element)
        }
    }

    /// Adds the next element, a plain cell: the identity transform, alpha 1, not hidden, no
    /// extras (`LayoutAttributes(category: .cell, indexPath:, frame:, zIndex:)`). A sink
    /// takes it without its attributes being made (`ElementSink.takeCell`).
    @inline(__always)
    public mutating func appendCell(_ indexPath: IndexPath, _ frame: Rect, zIndex: Int = 0) throws(ElementLimitExceeded) {
        guard count < limit else { throw ElementLimitExceeded(limit: limit) }
        count &+= 1
        if let sink {
            sink._withUnsafeGuaranteedRef { $0.takeCell(indexPath, frame, zIndex: zIndex) }
        } else {
            elements.append(LayoutAttributes(category: .cell, indexPath: indexPath, frame: frame, zIndex: zIndex))
        }
    }

    /// How many more elements fit.
    public var remaining: Int { limit - count }

    /// Room for `count` elements, never more than the limit allows (nothing to do for a sink).
    public mutating func reserveCapacity(_ count: Int) {
        if sink == nil { elements.reserveCapacity(min(count, limit)) }
    }
}

/// Where a streaming collector hands its elements, in the query's order, as they are found.
/// A sink sees only the elements the query returns: a query that passes its limit throws,
/// and the caller drops what the sink took. A class to subclass (a protocol's existential
/// cannot be held unretained; see `ElementCollector.sink`): `take` must be overridden.
open class ElementSink {
    public init() {}

    open func take(_ element: borrowing LayoutAttributes) {
        preconditionFailure("an ElementSink subclass must override take(_:)")
    }

    /// A plain cell (`ElementCollector.appendCell`); by default its attributes, taken.
    open func takeCell(_ indexPath: IndexPath, _ frame: Rect, zIndex: Int) {
        take(LayoutAttributes(category: .cell, indexPath: indexPath, frame: frame, zIndex: zIndex))
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

    /// layoutAttributesForElementsInRect with every element handed to `sink` as it is found,
    /// in the order `elements(in:view:limit:)` returns them; refused as soon as more than
    /// `limit` elements meet `rect`. Returns how many the sink took.
    @discardableResult
    public func streamElements(
        in rect: Rect?, view: ViewContext, limit: Int, to sink: ElementSink
    ) throws(ElementLimitExceeded) -> Int {
        var out = ElementCollector(limit: limit, streamingTo: sink)
        try collectElements(in: rect, view: view, into: &out)
        return out.count
    }
}

extension ElementCollector {
    /// Runs `body` on a collector whose every element reaches this one changed: through the
    /// sink `adapt` makes of this collector's sink when it streams (each element handed on
    /// at once, a plain cell still as a plain cell), else through `map` after `body` is done.
    /// Counted against this collector's limit either way; passing it throws with this
    /// collector's limit. For layouts that answer another's elements moved
    /// (`HorizontallyMirroredLayout`): gathering them in a list first cost a streamed query
    /// more than twice its instructions.
    public mutating func collectAdapted(
        sink adapt: (ElementSink) -> ElementSink, map: (LayoutAttributes) -> LayoutAttributes,
        _ body: (inout ElementCollector) throws(ElementLimitExceeded) -> Void
    ) throws(ElementLimitExceeded) {
        if let sink {
            let adapted = adapt(sink.takeUnretainedValue())
            var inner = ElementCollector(limit: remaining, streamingTo: adapted)
            defer { withExtendedLifetime(adapted) {} }
            do throws(ElementLimitExceeded) {
                try body(&inner)
            } catch {
                throw ElementLimitExceeded(limit: limit)
            }
            count &+= inner.count
        } else {
            var inner = ElementCollector(limit: remaining)
            do throws(ElementLimitExceeded) {
                try body(&inner)
            } catch {
                throw ElementLimitExceeded(limit: limit)
            }
            for element in inner.elements { try append(map(element)) }
        }
    }
}
