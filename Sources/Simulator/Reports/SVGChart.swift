import Foundation
import SimulatorCore

/// Small inline-SVG charts for the HTML report: no scripts, no external files.
enum SVGChart {
    /// The palette of the report.
    static let colors = ["#2e7d32", "#1565c0", "#ef6c00", "#6a1b9a", "#c62828", "#00838f"]
    /// The colour of what went wrong (violations, categories below their floor).
    static let bad = "#c62828"

    /// Text with markdown's inline code (`` `x` ``) shown as `<code>`, the rest escaped.
    static func inline(_ text: String) -> String {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, part in
            index % 2 == 1 ? "<code>\(escape(String(part)))</code>" : escape(String(part))
        }.joined()
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The sum of a report's counts as a chart shows it, `Int.max` where it would pass
    /// it (each count of a merged report is at most that, but several of them may add
    /// up past it): a chart of such figures is drawn, never a trap.
    static func total(_ values: [Int]) -> Int {
        values.reduce(0) { sum, value in
            let (next, overflow) = sum.addingReportingOverflow(value)
            return overflow ? Int.max : next
        }
    }

    /// Horizontal stacked bars: one row per label, one segment per series, with a legend.
    static func stackedBars(title: String, rows: [(label: String, values: [Int])], series: [String], palette: [String] = colors,
                            width: Int = 720, labelWidth: Int = 150, emptyNote: String? = nil) -> String {
        let colors = palette
        let rowHeight = 28, top = 44
        let height = top + rows.count * rowHeight + 10
        let largest = max(1, rows.map { total($0.values) }.max() ?? 1)
        let plotWidth = width - labelWidth - 90
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"\(escape(title))\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">"
        svg += "<title>\(escape(title))</title>"
        var x = labelWidth
        for (index, name) in series.enumerated() {
            svg += "<rect x=\"\(x)\" y=\"8\" width=\"12\" height=\"12\" fill=\"\(colors[index % colors.count])\"/>"
            svg += "<text x=\"\(x + 16)\" y=\"19\" font-size=\"12\">\(escape(name))</text>"
            x += 24 + name.count * 7
        }
        if let emptyNote, rows.allSatisfy({ $0.values.allSatisfy { $0 == 0 } }) {
            svg += "<text x=\"\(width - 10)\" y=\"19\" font-size=\"14\" font-weight=\"600\" text-anchor=\"end\" fill=\"\(colors[0])\">\(escape(emptyNote))</text>"
        }
        for (row, entry) in rows.enumerated() {
            let y = top + row * rowHeight
            svg += "<text x=\"\(labelWidth - 8)\" y=\"\(y + 17)\" font-size=\"13\" text-anchor=\"end\">\(escape(entry.label))</text>"
            var offset = 0.0
            for (index, value) in entry.values.enumerated() where value > 0 {
                let w = Double(plotWidth) * Double(value) / Double(largest)
                svg += "<rect x=\"\(Figures.fixed(Double(labelWidth) + offset, 1))\" y=\"\(y + 4)\" width=\"\(Figures.fixed(max(w, 0.5), 1))\" height=\"18\" fill=\"\(colors[index % colors.count])\"><title>\(escape(entry.label)): \(escape(series[index])) \(Figures.grouped(value))</title></rect>"
                offset += w
            }
            svg += "<text x=\"\(Figures.fixed(Double(labelWidth) + offset + 6, 1))\" y=\"\(y + 17)\" font-size=\"12\" fill=\"#444\">\(Figures.grouped(total(entry.values)))</text>"
        }
        return svg + "</svg>"
    }

    /// Vertical bars with labelled ticks under some of them.
    /// `name` gives each column's name for its tooltip (every column has one, not only
    /// those with a tick).
    static func columns(title: String, values: [Int], ticks: [Int: String], name: (Int) -> String, highlight: Set<Int> = [],
                        width: Int = 720, height: Int = 200, logarithmic: Bool = false) -> String {
        let left = 56, bottom = 28, top = 14
        let plotWidth = width - left - 10, plotHeight = height - top - bottom
        let largest = max(1, values.max() ?? 1)
        func scaled(_ value: Int) -> Double {
            logarithmic ? log10(Double(value) + 1) / log10(Double(largest) + 1) : Double(value) / Double(largest)
        }
        let step = Double(plotWidth) / Double(max(values.count, 1))
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"\(escape(title))\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">"
        svg += "<title>\(escape(title))</title>"
        svg += "<line x1=\"\(left)\" y1=\"\(top + plotHeight)\" x2=\"\(width - 10)\" y2=\"\(top + plotHeight)\" stroke=\"#888\"/>"
        svg += "<text x=\"\(left - 6)\" y=\"\(top + 10)\" font-size=\"11\" text-anchor=\"end\">\(Figures.grouped(largest))</text>"
        svg += "<text x=\"\(left - 6)\" y=\"\(top + plotHeight)\" font-size=\"11\" text-anchor=\"end\">0</text>"
        if logarithmic {
            let middle = Int(pow(10, (log10(Double(largest) + 1) / 2).rounded()))
            let y = Double(top + plotHeight) - Double(plotHeight) * scaled(middle)
            svg += "<line x1=\"\(left)\" y1=\"\(Figures.fixed(y, 1))\" x2=\"\(width - 10)\" y2=\"\(Figures.fixed(y, 1))\" stroke=\"#ddd\"/>"
            svg += "<text x=\"\(left - 6)\" y=\"\(Figures.fixed(y + 4, 1))\" font-size=\"11\" text-anchor=\"end\">\(Figures.grouped(middle))</text>"
        }
        for (index, value) in values.enumerated() {
            let h = Double(plotHeight) * scaled(value)
            let x = Double(left) + Double(index) * step
            let color = highlight.contains(index) ? colors[2] : colors[1]
            svg += "<rect x=\"\(Figures.fixed(x + 0.5, 1))\" y=\"\(Figures.fixed(Double(top + plotHeight) - h, 1))\" width=\"\(Figures.fixed(max(step - 1, 0.8), 1))\" height=\"\(Figures.fixed(h, 1))\" fill=\"\(color)\"><title>\(escape(name(index))): \(Figures.grouped(value))</title></rect>"
            if let tick = ticks[index] {
                svg += "<text x=\"\(Figures.fixed(x + step / 2, 1))\" y=\"\(height - 8)\" font-size=\"11\" text-anchor=\"middle\">\(escape(tick))</text>"
            }
        }
        return svg + "</svg>"
    }

    /// Horizontal bars against a floor marker: red where a value is under its floor.
    /// A floor of 0 means the run was too small to judge the category: grey, no marker.
    static func floors(title: String, rows: [(label: String, value: Int, floor: Int)], width: Int = 720) -> String {
        let rowHeight = 24, labelWidth = 230, top = 8
        let height = top + rows.count * rowHeight + 8
        // Room on the right for the longest note ("12,345,678 — not exercised").
        let plotWidth = Double(width - labelWidth - 190)
        // A log scale: counts range from tens to millions.
        let largest = log10(Double(max(10, rows.map { max($0.value, $0.floor) }.max() ?? 10)))
        func scale(_ v: Int) -> Double { v <= 0 ? 0 : plotWidth * log10(Double(v) + 1) / largest }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"\(escape(title))\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">"
        svg += "<title>\(escape(title))</title>"
        for (row, entry) in rows.enumerated() {
            let y = top + row * rowHeight
            let below = entry.value < entry.floor, judged = entry.floor > 0
            let fill = below ? bad : judged ? colors[0] : "#9e9e9e"
            let floorText = judged ? "floor \(Figures.grouped(entry.floor))" : "not judged"
            svg += "<text x=\"\(labelWidth - 8)\" y=\"\(y + 15)\" font-size=\"12\" text-anchor=\"end\">\(escape(entry.label))</text>"
            svg += "<rect x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(Figures.fixed(max(scale(entry.value), 0.5), 1))\" height=\"15\" fill=\"\(fill)\"><title>\(escape(entry.label)): \(Figures.grouped(entry.value)) (\(floorText))</title></rect>"
            if judged {
                let fx = Double(labelWidth) + scale(entry.floor)
                svg += "<line x1=\"\(Figures.fixed(fx, 1))\" y1=\"\(y + 1)\" x2=\"\(Figures.fixed(fx, 1))\" y2=\"\(y + 20)\" stroke=\"#000\" stroke-width=\"2\"/>"
            }
            let note = below ? " — not exercised" : judged ? "" : " — not judged"
            svg += "<text x=\"\(Figures.fixed(Double(labelWidth) + max(scale(entry.value), scale(entry.floor)) + 6, 1))\" y=\"\(y + 15)\" font-size=\"11\" fill=\"\(below ? bad : "#444")\">\(Figures.grouped(entry.value))\(note)</text>"
        }
        return svg + "</svg>"
    }
}
