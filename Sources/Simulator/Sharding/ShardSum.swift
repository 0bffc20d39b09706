import SimulatorCore
/// The one way `simulate merge` adds up its shards' figures: every sum it makes (users,
/// events, simulated milliseconds, invariant checks and violations, coverage, behaviour
/// tables, personas, jobs, a kill's events before it) goes through `add`, which refuses
/// a sum past what the figure's type holds, naming the shard's folder and the field, as
/// the shard reader refuses a negative or fractional count, instead of trapping.
///
/// A shard's report holds counts of at most `Int.max` each (the reader refuses anything
/// else), so only the sum can pass it: a report edited or corrupted by hand, or figures
/// no run reaches.
enum ShardSum {
    /// `total` plus `value`, the figure `field` (named as report.json has it, such as
    /// `counts.events`) of the shard in `folder`; refused when the sum passes `T.max`.
    static func add<T: FixedWidthInteger>(_ total: T, _ value: T, field: @autoclosure () -> String, folder: String) throws(MergeRefusal) -> T {
        let (sum, overflow) = total.addingReportingOverflow(value)
        guard overflow else { return sum }
        throw .folder(folder, "\(field()) is \(value), which takes the sum over the shards past \(T.max), more than any run counts")
    }

    /// The sum of `field` over `parts`, each shard's figure read by `value`.
    static func total<T: FixedWidthInteger>(_ parts: [ShardReport], _ field: String, _ value: (ShardReport) -> T) throws(MergeRefusal) -> T {
        var total: T = 0
        for part in parts { total = try add(total, value(part), field: field, folder: part.folder) }
        return total
    }

    /// The sum of `field` over `parts`, read by `value`, where a shard's figure is
    /// several numbers (a list, a row of a table) added up first, each named `field`.
    static func total(_ parts: [ShardReport], _ field: String, of values: (ShardReport) -> [Int]) throws(MergeRefusal) -> Int {
        var total = 0
        for part in parts {
            for value in values(part) { total = try add(total, value, field: field, folder: part.folder) }
        }
        return total
    }

    /// Count tables added up key by key: `tables` gives each shard's table (or none),
    /// and a key's field is `field.KEY`.
    static func tables(_ parts: [ShardReport], _ field: String, _ table: (ShardReport) -> [String: Int]?) throws(MergeRefusal) -> [String: Int] {
        var total: [String: Int] = [:]
        for part in parts {
            for (key, value) in (table(part) ?? [:]).sorted(by: { $0.key < $1.key }) {
                total[key] = try add(total[key] ?? 0, value, field: "\(field).\(key)", folder: part.folder)
            }
        }
        return total
    }

    /// Lists of counts of one length added up place by place; a place's field is
    /// `field[INDEX]`.
    static func lists(_ parts: [ShardReport], _ field: String, _ list: (ShardReport) -> [Int]) throws(MergeRefusal) -> [Int] {
        var total = list(parts[0]).map { _ in 0 }
        for part in parts {
            for (index, value) in list(part).enumerated() where index < total.count {
                total[index] = try add(total[index], value, field: "\(field)[\(index)]", folder: part.folder)
            }
        }
        return total
    }
}
