import Foundation
import ModelKitCommandLine
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `modelkit bench --chart`: the SVG must be well-formed, hold every input
/// and contender, and draw bars in proportion to the times.
@Suite("Benchmark chart")
struct BenchChartTests {
  /// The `rect` elements' widths and the texts, as an XML parser reads them.
  final class Reading: NSObject, XMLParserDelegate {
    var widths: [Double] = []
    var texts: [String] = []
    private var inText = false
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      if name == "rect", attributes["fill-opacity"] != nil, let width = attributes["width"].flatMap(Double.init),
        attributes["x"] == "250"
      {
        widths.append(width)
      }
      inText = name == "text"
      if inText { texts.append("") }
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if inText { texts[texts.count - 1] += string }
    }
    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      inText = false
    }
  }

  @Test func drawsEveryPanelInProportionAsWellFormedSVG() throws {
    var chart = BenchChart(title: "ModelKit <benchmark>", subtitle: "Linux & co")
    chart.addPanel("user.json × 10 000", [
      .init(contender: "ModelKit", decode: 20, encode: 10),
      .init(contender: "Foundation JSONDecoder / JSONEncoder", decode: 120, encode: 60),
    ])
    chart.addPanel("canada.json", [.init(contender: "ModelDecoder / ModelEncoder", decode: 31.25, encode: nil)])
    let svg = chart.svg
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    let parser = XMLParser(data: Data(svg.utf8))
    let reading = Reading()
    parser.delegate = reading
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(reading.texts.contains("ModelKit <benchmark>"))
    #expect(reading.texts.contains { $0.hasPrefix("Linux & co") })
    #expect(reading.texts.contains("user.json × 10 000") && reading.texts.contains("canada.json"))
    #expect(reading.texts.contains("20.00 ms") && reading.texts.contains("31.25 ms"))
    // Bars in each panel scale to its slowest: 20, 10, 120, 60 of 120; then 31.25 of itself.
    #expect(reading.widths.count == 5)
    let full = reading.widths[2]
    #expect(abs(reading.widths[0] / full - 20.0 / 120) < 0.001)
    #expect(abs(reading.widths[1] / full - 10.0 / 120) < 0.001)
    #expect(abs(reading.widths[3] / full - 0.5) < 0.001)
    #expect(reading.widths[4] == full)
  }
}
