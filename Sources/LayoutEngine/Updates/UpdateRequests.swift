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

/// An item named by its index path before the update: deleted, reloaded or moved away.
struct OldItemRequest: Sendable {
    enum Role: Sendable {
        case delete
        case reload(SectionData.Item?)
        case moveOut(to: IndexPath)

        var verb: UpdateMessages.Verb {
            switch self {
            case .delete: .delete
            case .reload: .reload
            case .moveOut: .move
            }
        }
    }

    var indexPath: IndexPath
    var role: Role
    var location: UpdateLocation
}

/// An item named by its index path after the update: inserted or moved here.
struct NewItemRequest: Sendable {
    enum Role: Sendable {
        case insert(SectionData.Item?)
        case moveIn(from: IndexPath)

        var verb: UpdateMessages.Verb {
            switch self {
            case .insert: .insert
            case .moveIn: .move
            }
        }
    }

    var indexPath: IndexPath
    var role: Role
    var location: UpdateLocation
}

/// A section named by its index before the update.
struct OldSectionRequest: Sendable {
    enum Role: Sendable {
        case delete
        case reload(SectionData?)
        case moveOut(to: Int)

        var verb: UpdateMessages.Verb {
            switch self {
            case .delete: .delete
            case .reload: .reload
            case .moveOut: .move
            }
        }
    }

    var section: Int
    var role: Role
    var location: UpdateLocation
}

/// A section named by its index after the update.
struct NewSectionRequest: Sendable {
    enum Role: Sendable {
        case insert(SectionData)
        case moveIn(from: Int)

        var verb: UpdateMessages.Verb {
            switch self {
            case .insert: .insert
            case .moveIn: .move
            }
        }
    }

    var section: Int
    var role: Role
    var location: UpdateLocation
}
