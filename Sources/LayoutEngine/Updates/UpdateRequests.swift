/// The batch flattened into one request per index path or section, each remembering where
/// it came from so that an error can name it.

/// Where an argument sits in the request; turned into a field path only when a check fails.
struct UpdateLocation: Sendable {
    enum Place: Sendable {
        case indexPaths(Int), sections(Int), from, to, items, data
    }

    var operation: Int
    var place: Place

    var field: String {
        let prefix = "updates[\(operation)]"
        switch place {
        case .indexPaths(let j): return "\(prefix).indexPaths[\(j)]"
        case .sections(let j): return "\(prefix).sections[\(j)]"
        case .from: return "\(prefix).from"
        case .to: return "\(prefix).to"
        case .items: return "\(prefix).items"
        case .data: return "\(prefix).data"
        }
    }

    func error(_ message: String) -> BatchUpdateError {
        BatchUpdateError(operationIndex: operation, field: field, message: message)
    }
}

/// One item (`Position` an index path) or section (`Position` an index) that a request
/// names, with what the request does to it.
struct UpdateRequest<Position: Sendable, Role: Sendable>: Sendable {
    var position: Position
    var role: Role
    var location: UpdateLocation
}

/// What a request does to what it names, as messages word it.
protocol RequestRole: Sendable {
    var verb: UpdateMessages.Verb { get }
}

/// What a request does to an item or section named as it is before the update.
enum Departure<Position: Sendable, Data: Sendable>: RequestRole {
    case delete
    case reload(Data?)
    case moveOut(to: Position)

    var verb: UpdateMessages.Verb {
        switch self {
        case .delete: .delete
        case .reload: .reload
        case .moveOut: .move
        }
    }
}

/// What a request does to an item or section named as it is after the update.
enum Arrival<Position: Sendable, Data: Sendable>: RequestRole {
    case insert(Data)
    case moveIn(from: Position)

    var verb: UpdateMessages.Verb {
        switch self {
        case .insert: .insert
        case .moveIn: .move
        }
    }
}

/// An item named by its index path before the update: deleted, reloaded or moved away.
typealias OldItemRequest = UpdateRequest<IndexPath, Departure<IndexPath, SectionData.Item>>
/// An item named by its index path after the update: inserted or moved here.
typealias NewItemRequest = UpdateRequest<IndexPath, Arrival<IndexPath, SectionData.Item?>>
/// A section named by its index before the update.
typealias OldSectionRequest = UpdateRequest<Int, Departure<Int, SectionData>>
/// A section named by its index after the update.
typealias NewSectionRequest = UpdateRequest<Int, Arrival<Int, SectionData>>

extension UpdateRequest where Position == IndexPath {
    var indexPath: IndexPath { position }
}

extension UpdateRequest where Position == Int {
    var section: Int { position }
}
