/// performBatchUpdates: a list of operations, validated as a whole against the data source
/// they apply to (docs/api.md "Batch updates").
public struct BatchUpdate: Sendable, Hashable {
    public var operations: [BatchUpdateOperation]

    public init(_ operations: [BatchUpdateOperation]) {
        self.operations = operations
    }

    /// Checks the whole batch against `old` with UIKit's rules and computes the data source
    /// after it, with the index-path translation both ways.
    ///
    /// Rules are checked in steps (U1…U5 in `BatchUpdateValidator`); the error is the first
    /// broken rule of the earliest step, in operation order within a step.
    ///
    /// - Complexity: O(k log k + S) for k index paths and sections named by the operations
    ///   and S sections, plus O(n) for each section of n items that gains, loses or reloads
    ///   items (its new columns are built in one pass). Untouched sections are shared, not
    ///   copied.
    public func validated(against old: DataSource) throws(BatchUpdateError) -> ValidatedBatchUpdate {
        var validator = BatchUpdateValidator(old: old)
        try validator.collect(operations) // U1
        try validator.checkItemsLeavingChangedSections() // U2
        let sections = try validator.arrangeSections() // U3
        try validator.checkItemsArriving(in: sections) // U4
        let newCounts = try validator.checkArrivalIndexes(in: sections) // U5
        let (departures, arrivals) = validator.plans() // U6
        return validator.result(sections: sections, newCounts: newCounts, departures: departures, arrivals: arrivals) // U7
    }
}
