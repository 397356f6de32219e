import TesseraJSON
import LayoutEngine

/// One layout-wide parameter of a kind: its key, and how the value the layout object gives
/// there goes into the engine's parameters `P`. A kind's list of them is both the keys it takes
/// and its decoder: the list is read in order over the defaults (the first bad value is the error).
struct LayoutParameter<P>: Sendable {
    let key: String
    /// Sets the parameter when the object has its key; leaves the default when not.
    let read: @Sendable (ObjectReader, inout P) throws(APIError) -> Void

    /// `key`, read by `reader`, into `field`.
    static func read<Value>(_ key: String, _ reader: ParameterReader<Value>, into field: any WritableKeyPath<P, Value> & Sendable) -> Self {
        Self(key: key) { o, p throws(APIError) in
            if let v = try reader.read(o, key) { p[keyPath: field] = v }
        }
    }

    /// The same into a field whose default is nil (worked out by the layout).
    static func read<Value>(_ key: String, _ reader: ParameterReader<Value>, into field: any WritableKeyPath<P, Value?> & Sendable) -> Self {
        Self(key: key) { o, p throws(APIError) in
            if let v = try reader.read(o, key) { p[keyPath: field] = v }
        }
    }

    /// The same parameter read into `P` where it sits inside `Outer` (the line layout's `flow`).
    func within<Outer>(_ path: any WritableKeyPath<Outer, P> & Sendable) -> LayoutParameter<Outer> {
        LayoutParameter<Outer>(key: key) { o, outer throws(APIError) in try read(o, &outer[keyPath: path]) }
    }
}

/// How a parameter's JSON value is read: nil when the key is absent (or null), an error naming
/// the field when the value is not one.
struct ParameterReader<Value>: Sendable {
    let read: @Sendable (ObjectReader, String) throws(APIError) -> Value?

    /// A value of a layout's own kind (an enumeration, a number or false, …), read by `read`.
    static func custom(_ read: @escaping @Sendable (ObjectReader, String) throws(APIError) -> Value?) -> Self { Self(read: read) }
}

extension ParameterReader where Value: RawRepresentable<String> {
    /// A string naming one of `Value`'s cases by its raw value; `choices` lists them for the
    /// error ("'vertical' or 'horizontal'").
    static func oneOf(_ choices: String) -> Self {
        Self { o, key throws(APIError) in
            guard let text = try o.string(key) else { return nil }
            guard let value = Value(rawValue: text) else {
                throw .invalidRequest(o.fieldPath(key), "must be \(choices) (got \(ClientText.quoted(text)))")
            }
            return value
        }
    }
}

extension ParameterReader where Value == Double {
    static var number: Self { Self { o, key throws(APIError) in try o.number(key) } }
    static var nonNegativeNumber: Self { Self { o, key throws(APIError) in try o.nonNegativeNumber(key) } }
}

extension ParameterReader where Value == Int {
    static func integer(min: Int) -> Self { Self { o, key throws(APIError) in try o.integer(key, min: min) } }
}

extension ParameterReader where Value == Bool {
    static var bool: Self { Self { o, key throws(APIError) in try o.bool(key) } }
}

extension ParameterReader where Value == Size {
    static var size: Self { Self { o, key throws(APIError) in try o.size(key) } }
}

extension ParameterReader where Value == Point {
    static var point: Self { Self { o, key throws(APIError) in try o.point(key) } }
}

extension ParameterReader where Value == EdgeInsets {
    static var insets: Self { Self { o, key throws(APIError) in try o.insets(key) } }
}

extension LayoutKind {
    /// A kind of `Layout`: the parameters of `defaults` (a default-made layout), with every one
    /// of `parameters` the layout object gives read over them, make the layout. The keys it
    /// takes are theirs.
    init<Layout: ParameterizedLayout>(
        type: String, needsBounds: Bool, defaults: Layout, parameters: [LayoutParameter<Layout.Parameters>],
        sectionKeys: [String: OverrideType] = [:], readsChildren: Bool = false
    ) {
        self.init(
            type: type, needsBounds: needsBounds, parameterKeys: Set(parameters.map(\.key)), sectionKeys: sectionKeys,
            readsChildren: readsChildren
        ) { o throws(APIError) -> any CollectionLayout in
            var p = defaults.parameters
            for parameter in parameters { try parameter.read(o, &p) }
            return Layout(p)
        }
    }
}
