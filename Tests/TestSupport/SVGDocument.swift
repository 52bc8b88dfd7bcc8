import Foundation
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What an SVG document holds, as `XMLParser` reads it.
package final class SVGDocument: NSObject, XMLParserDelegate {
  package struct Element {
    package var name: String
    package var attributes: [String: String]
    package var text = ""
  }

  package var elements: [Element] = []
  private var open: [Int] = []
  package var error: Error?

  package init(_ text: String) {
    super.init()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = self
    if !parser.parse() { error = parser.parserError ?? CocoaError(.coderReadCorrupt) }
  }

  package func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    open.append(elements.count)
    elements.append(Element(name: name, attributes: attributes))
  }

  package func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let index = open.last { elements[index].text += string }
  }

  package func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    open.removeLast()
  }

  /// The elements of class `name`.
  package func ofClass(_ name: String) -> [Element] {
    elements.filter { $0.attributes["class"] == name }
  }

  /// Parses `svg`, failing on malformed XML, and checks what every chart
  /// has: an `<svg>` root, a `<title>`, and finite numbers in every
  /// coordinate.
  package static func checked(
    _ svg: String, file: StaticString = #filePath, line: UInt = #line
  ) throws -> SVGDocument {
    let parsed = SVGDocument(svg)
    XCTAssertNil(parsed.error, "not well-formed XML", file: file, line: line)
    XCTAssertEqual(parsed.elements.first?.name, "svg", file: file, line: line)
    XCTAssertEqual(parsed.elements.dropFirst().first?.name, "title", file: file, line: line)
    let geometry = ["x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "width", "height"]
    for element in parsed.elements {
      for key in geometry {
        guard let value = element.attributes[key], !value.hasSuffix("%") else { continue }
        let number = try XCTUnwrap(
          Double(value), "\(element.name) \(key)=\(value)", file: file, line: line)
        XCTAssertTrue(number.isFinite, "\(element.name) \(key)=\(value)", file: file, line: line)
      }
      for point in (element.attributes["points"] ?? "").split(whereSeparator: {
        $0 == " " || $0 == ","
      }) {
        XCTAssertNotNil(Double(point).flatMap { $0.isFinite ? $0 : nil }, "points \(point)")
      }
    }
    return parsed
  }
}
