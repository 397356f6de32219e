/// What a change that animates answers: its plan, and where it left the content offset.
struct PlannedChange {
    var plan: [PlanEntry]
    var offset: OffsetSettlement
}
