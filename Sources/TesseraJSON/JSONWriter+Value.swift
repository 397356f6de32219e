extension JSONWriter {
    /// Writes a parsed value back out canonically (no white space, same key order).
    public mutating func value(_ v: JSONValue) {
        switch v.kind {
        case .object:
            beginObject()
            for (k, child) in v.objectMembers!.keyValuePairs {
                key(k.string ?? "")
                value(child)
            }
            endObject()
        case .array:
            beginArray()
            for child in v.arrayElements! { value(child) }
            endArray()
        case .string: string(v.string ?? "")
        case .number: number(v.double ?? 0)
        case .trueValue: bool(true)
        case .falseValue: bool(false)
        case .null: null()
        }
    }
}
