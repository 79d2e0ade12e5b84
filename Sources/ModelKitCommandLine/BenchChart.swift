/// A benchmark run drawn as an SVG bar chart, readable in a browser and on
/// a repository's page: one panel per input, and in it two bars per
/// contender, decode and encode time, scaled to the panel's slowest.
///
/// ```swift
/// var chart = BenchChart(title: "ModelKit benchmark", subtitle: "Linux, release build")
/// chart.addPanel("user.json × 10 000", [.init(contender: "ModelKit", decode: 20.7, encode: 18.1)])
/// let svg = chart.svg
/// ```
public struct BenchChart: Sendable {
  /// One contender's times on one input, in milliseconds (nil: not measured).
  public struct Bar: Sendable, Equatable {
    /// Who ran: `ModelKit`, `Foundation`, `hand-written`.
    public let contender: String
    /// Milliseconds per loop to decode.
    public let decode: Double?
    /// Milliseconds per loop to encode.
    public let encode: Double?

    /// Creates a bar.
    public init(contender: String, decode: Double?, encode: Double?) {
      self.contender = contender
      self.decode = decode
      self.encode = encode
    }
  }

  /// The chart's heading.
  public let title: String
  /// A line under the heading: the platform, the build.
  public let subtitle: String
  /// The inputs and their bars, in the order they ran.
  public private(set) var panels: [(title: String, bars: [Bar])] = []

  /// Creates an empty chart.
  public init(title: String, subtitle: String) {
    self.title = title
    self.subtitle = subtitle
  }

  /// Adds the bars of one input.
  public mutating func addPanel(_ title: String, _ bars: [Bar]) {
    panels.append((title, bars))
  }

  private static let width = 900
  private static let labelWidth = 250
  private static let barHeight = 14
  private static let colors = ["ModelKit": "#1f6feb", "Foundation": "#d1732c"]

  /// The chart as an SVG document.
  public var svg: String {
    var body: [String] = []
    var y = 64
    let plotWidth = Double(Self.width - Self.labelWidth - 90)
    for panel in panels {
      body.append(text(Self.labelWidth - 240, y, panel.title, weight: "bold"))
      y += 10
      let slowest = panel.bars.flatMap { [$0.decode ?? 0, $0.encode ?? 0] }.max() ?? 0
      for bar in panel.bars {
        let color = Self.colors.first { bar.contender.hasPrefix($0.key) }?.value ?? "#6e7781"
        body.append(text(Self.labelWidth - 230, y + Self.barHeight + 4, bar.contender))
        for (index, (kind, value)) in [("decode", bar.decode), ("encode", bar.encode)].enumerated() {
          let top = y + index * (Self.barHeight + 2)
          guard let value else { continue }
          let length = slowest > 0 ? max(1, value / slowest * plotWidth) : 1
          body.append(
            "<rect x=\"\(Self.labelWidth)\" y=\"\(top)\" width=\"\(format(length))\" height=\"\(Self.barHeight)\" "
              + "fill=\"\(color)\" fill-opacity=\"\(kind == "decode" ? "1" : "0.5")\"><title>\(escaped(bar.contender)) "
              + "\(kind): \(format(value)) ms</title></rect>")
          body.append(text(Self.labelWidth + Int(length) + 6, top + Self.barHeight - 3, "\(format(value)) ms", size: 11))
        }
        y += 2 * (Self.barHeight + 2) + 8
      }
      y += 18
    }
    let legend = [
      "<rect x=\"\(Self.width - 200)\" y=\"20\" width=\"14\" height=\"10\" fill=\"#6e7781\"/>",
      text(Self.width - 180, 29, "decode", size: 11),
      "<rect x=\"\(Self.width - 120)\" y=\"20\" width=\"14\" height=\"10\" fill=\"#6e7781\" fill-opacity=\"0.5\"/>",
      text(Self.width - 100, 29, "encode", size: 11),
    ]
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.width)" height="\(y)" viewBox="0 0 \(Self.width) \(y)" \
      font-family="-apple-system, Helvetica, Arial, sans-serif">
      <rect width="100%" height="100%" fill="white"/>
      \(text(10, 22, title, weight: "bold", size: 16))
      \(text(10, 42, subtitle + " — milliseconds per loop, shorter is faster", size: 12))
      \((legend + body).joined(separator: "\n"))
      </svg>

      """
  }

  private func text(_ x: Int, _ y: Int, _ content: String, weight: String = "normal", size: Int = 13) -> String {
    "<text x=\"\(x)\" y=\"\(y)\" font-size=\"\(size)\" font-weight=\"\(weight)\" fill=\"#24292f\">\(escaped(content))</text>"
  }

  private func format(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  private func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
