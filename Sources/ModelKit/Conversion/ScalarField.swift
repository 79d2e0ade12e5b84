import ModelKitJSON

/// The scalar types with fast paths, the one list of them: a field of one
/// of them is read and written without a converter when the JSON has the
/// type's natural kind (the common case); any other input takes the
/// converter, so leniency costs nothing on well-typed input. The Codable
/// encoder's values and a Foundation graph's leaves take the four of
/// `init(writtenDirectly:)` without a converter.
enum ScalarField: UInt8 {
  case none
  case string, optionalString
  case int, optionalInt, int64, optionalInt64, int32, uint32, uint64, optionalUInt64
  case double, optionalDouble
  case bool, optionalBool

  private static let byType: [ObjectIdentifier: ScalarField] = [
    ObjectIdentifier(String.self): .string, ObjectIdentifier(String?.self): .optionalString,
    ObjectIdentifier(Int.self): .int, ObjectIdentifier(Int?.self): .optionalInt,
    ObjectIdentifier(Int64.self): .int64, ObjectIdentifier(Int64?.self): .optionalInt64,
    ObjectIdentifier(Int32.self): .int32, ObjectIdentifier(UInt32.self): .uint32,
    ObjectIdentifier(UInt64.self): .uint64, ObjectIdentifier(UInt64?.self): .optionalUInt64,
    ObjectIdentifier(Double.self): .double, ObjectIdentifier(Double?.self): .optionalDouble,
    ObjectIdentifier(Bool.self): .bool, ObjectIdentifier(Bool?.self): .optionalBool,
  ]

  init(for type: any Any.Type) {
    self = Self.byType[ObjectIdentifier(type)] ?? .none
  }

  /// The field of `type` when it is `String`, `Int`, `Double` or `Bool`,
  /// the values a layer writes without a converter; nil for every other
  /// type. Comparisons rather than `init(for:)`'s lookup: inlined where the
  /// type is known at compile time, they fold away.
  @inline(__always)
  init?(writtenDirectly type: any Any.Type) {
    if type == String.self {
      self = .string
    } else if type == Int.self {
      self = .int
    } else if type == Double.self {
      self = .double
    } else if type == Bool.self {
      self = .bool
    } else {
      return nil
    }
  }

  /// Writes the value at `node` into `field` when its kind is the natural
  /// one for this type; false to fall back to the converter.
  @inline(__always)
  func decode(_ document: JSONDocument, _ node: JSONDocument.Node, into field: UnsafeMutableRawPointer) -> Bool {
    switch self {
    case .none:
      return false
    case .string, .optionalString:
      if self == .optionalString && document.isNull(node) {
        field.assumingMemoryBound(to: String?.self).pointee = nil
        return true
      }
      guard let text = document.naturalString(node) else { return false }
      if self == .string {
        field.assumingMemoryBound(to: String.self).pointee = text
      } else {
        field.assumingMemoryBound(to: String?.self).pointee = text
      }
      return true
    case .int, .optionalInt, .int64, .optionalInt64, .int32, .uint32, .uint64, .optionalUInt64:
      return decodeInteger(document, node, into: field)
    case .double, .optionalDouble:
      if self == .optionalDouble && document.isNull(node) {
        field.assumingMemoryBound(to: Double?.self).pointee = nil
        return true
      }
      guard let value = document.naturalDouble(node) else { return false }
      if self == .double {
        field.assumingMemoryBound(to: Double.self).pointee = value
      } else {
        field.assumingMemoryBound(to: Double?.self).pointee = value
      }
      return true
    case .bool, .optionalBool:
      if self == .optionalBool && document.isNull(node) {
        field.assumingMemoryBound(to: Bool?.self).pointee = nil
        return true
      }
      guard let value = document.naturalBool(node) else { return false }
      if self == .bool {
        field.assumingMemoryBound(to: Bool.self).pointee = value
      } else {
        field.assumingMemoryBound(to: Bool?.self).pointee = value
      }
      return true
    }
  }

  @inline(__always)
  private func decodeInteger(
    _ document: JSONDocument, _ node: JSONDocument.Node, into field: UnsafeMutableRawPointer
  ) -> Bool {
    switch self {
    case .int:
      guard let value = document.naturalInt(node) else { return false }
      field.assumingMemoryBound(to: Int.self).pointee = value
    case .optionalInt:
      if document.isNull(node) {
        field.assumingMemoryBound(to: Int?.self).pointee = nil
        return true
      }
      guard let value = document.naturalInt(node) else { return false }
      field.assumingMemoryBound(to: Int?.self).pointee = value
    case .int64:
      guard let value = document.naturalInt64(node) else { return false }
      field.assumingMemoryBound(to: Int64.self).pointee = value
    case .optionalInt64:
      if document.isNull(node) {
        field.assumingMemoryBound(to: Int64?.self).pointee = nil
        return true
      }
      guard let value = document.naturalInt64(node) else { return false }
      field.assumingMemoryBound(to: Int64?.self).pointee = value
    case .int32:
      guard let value = document.naturalInt64(node).flatMap(Int32.init(exactly:)) else { return false }
      field.assumingMemoryBound(to: Int32.self).pointee = value
    case .uint32:
      guard let value = document.naturalInt64(node).flatMap(UInt32.init(exactly:)) else { return false }
      field.assumingMemoryBound(to: UInt32.self).pointee = value
    case .uint64, .optionalUInt64:
      if self == .optionalUInt64 && document.isNull(node) {
        field.assumingMemoryBound(to: UInt64?.self).pointee = nil
        return true
      }
      guard let value = document.naturalUInt64(node) else { return false }
      if self == .uint64 {
        field.assumingMemoryBound(to: UInt64.self).pointee = value
      } else {
        field.assumingMemoryBound(to: UInt64?.self).pointee = value
      }
    default:
      return false
    }
    return true
  }
}

extension ScalarField {
  /// Whether the field holds nil (optional kinds only).
  @inline(__always)
  func isNil(_ field: UnsafeRawPointer) -> Bool {
    switch self {
    case .optionalString: field.assumingMemoryBound(to: String?.self).pointee == nil
    case .optionalInt: field.assumingMemoryBound(to: Int?.self).pointee == nil
    case .optionalInt64: field.assumingMemoryBound(to: Int64?.self).pointee == nil
    case .optionalUInt64: field.assumingMemoryBound(to: UInt64?.self).pointee == nil
    case .optionalDouble: field.assumingMemoryBound(to: Double?.self).pointee == nil
    case .optionalBool: field.assumingMemoryBound(to: Bool?.self).pointee == nil
    default: false
    }
  }

  /// Whether the field is left out of the output: nil, or a non-finite double.
  @inline(__always)
  func isOmitted(_ field: UnsafeRawPointer) -> Bool {
    switch self {
    case .double: !field.assumingMemoryBound(to: Double.self).pointee.isFinite
    case .optionalDouble: !(field.assumingMemoryBound(to: Double?.self).pointee?.isFinite ?? false)
    default: isNil(field)
    }
  }

  /// Writes `key` and the field (not omitted) as one member of an object:
  /// an `Int` in one step with its key (`JSONWriter.writeMember(utf8:needsEscaping:integer:)`;
  /// a string so written measured slower: user.json encode 13,290 -> 13,678 instructions).
  @inline(__always)
  func encodeMember(
    _ field: UnsafeRawPointer, key: UnsafeBufferPointer<UInt8>, needsEscaping: Bool, _ writer: inout JSONWriter
  ) {
    switch self {
    case .int:
      writer.writeMember(
        utf8: key, needsEscaping: needsEscaping, integer: Int64(field.assumingMemoryBound(to: Int.self).pointee))
    default:
      writer.writeMember(utf8: key, needsEscaping: needsEscaping) { encode(field, &$0) }
    }
  }

  /// Writes a field that is not omitted (not nil: a string optional's
  /// string lies where the optional does, its payload at its start).
  @inline(__always)
  func encode(_ field: UnsafeRawPointer, _ writer: inout JSONWriter) {
    switch self {
    case .none: break
    case .string, .optionalString: writer.write(stringAt: field.assumingMemoryBound(to: String.self))
    case .int: writer.write(field.assumingMemoryBound(to: Int.self).pointee)
    case .optionalInt: writer.write(field.assumingMemoryBound(to: Int?.self).pointee ?? 0)
    case .int64: writer.write(field.assumingMemoryBound(to: Int64.self).pointee)
    case .optionalInt64: writer.write(field.assumingMemoryBound(to: Int64?.self).pointee ?? 0)
    case .int32: writer.write(Int64(field.assumingMemoryBound(to: Int32.self).pointee))
    case .uint32: writer.write(UInt64(field.assumingMemoryBound(to: UInt32.self).pointee))
    case .uint64: writer.write(field.assumingMemoryBound(to: UInt64.self).pointee)
    case .optionalUInt64: writer.write(field.assumingMemoryBound(to: UInt64?.self).pointee ?? 0)
    case .double: writer.write(field.assumingMemoryBound(to: Double.self).pointee)
    case .optionalDouble: writer.write(field.assumingMemoryBound(to: Double?.self).pointee ?? 0)
    case .bool: writer.write(field.assumingMemoryBound(to: Bool.self).pointee)
    case .optionalBool: writer.write(field.assumingMemoryBound(to: Bool?.self).pointee ?? false)
    }
  }
}

/// The common scalars read from their natural JSON kind, or nil for any
/// other: the one home of these fast paths, which model fields and the
/// Codable containers take before the lenient table.
extension JSONDocument {
  @inline(__always)
  func naturalString(_ node: Node) -> String? { string(node) }

  @inline(__always)
  func naturalBool(_ node: Node) -> Bool? { bool(node) }

  @inline(__always)
  func naturalInt(_ node: Node) -> Int? { storedInteger(node).int.flatMap(Int.init(exactly:)) }

  @inline(__always)
  func naturalInt64(_ node: Node) -> Int64? { storedInteger(node).int }

  @inline(__always)
  func naturalUInt64(_ node: Node) -> UInt64? {
    let stored = storedInteger(node)
    return stored.uint ?? stored.int.flatMap(UInt64.init(exactly:))
  }

  /// A number as the nearest `Double`; nil beyond its range and for other kinds.
  @inline(__always)
  func naturalDouble(_ node: Node) -> Double? {
    guard let value = double(node), value != 0 || isZero(node) else { return nil }
    return value
  }

  /// The elements of the array at `node` when every one is of its natural
  /// kind (`natural`, one of the above); nil for any other value. Not
  /// inlined: a caller's common case (a pair of coordinates) would save
  /// registers for its loop on every call.
  @inline(never)
  func naturalElements<Element>(of node: Node, _ natural: (JSONDocument, Node) -> Element?) -> [Element]? {
    guard kind(of: node) == .array else { return nil }
    var values: [Element] = []
    values.reserve(count(of: node))
    var elements = elementWalk(of: node)
    while let item = elements.nextElement(in: self) {
      guard let value = natural(self, item) else { return nil }
      values.append(value)
    }
    return values
  }
}
