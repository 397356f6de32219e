/// `[section, item]`, ordered section first (UIKit's NSIndexPath order).
public struct IndexPath: Hashable, Comparable, Sendable {
    public var section, item: Int

    public init(section: Int, item: Int) { (self.section, self.item) = (section, item) }

    public init(_ section: Int, _ item: Int) { self.init(section: section, item: item) }

    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }
}
