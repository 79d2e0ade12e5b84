import ModelKitJSON

/// Finds the converter of a type while a schema is built: containers and
/// optionals build theirs from their elements' converters.
protocol ConverterBuilding {
  /// The converter for `type` when ModelKit converts it, else nil.
  func typedConverter<Value>(for type: Value.Type) throws(ModelError) -> ValueConverter<Value>?
}

/// Builds the converter of an array, set or dictionary from its element's converter.
protocol ContainerConvertible {
  static func makeConverter(_ builder: some ConverterBuilding) throws(ModelError) -> AnyConverter?
}

extension Array: ContainerConvertible {
  static func makeConverter(_ builder: some ConverterBuilding) throws(ModelError) -> AnyConverter? {
    guard let element = try builder.typedConverter(for: Element.self) else { return nil }
    return SequenceConverter<[Element]>(element: element)
  }
}

extension ContiguousArray: ContainerConvertible {
  static func makeConverter(_ builder: some ConverterBuilding) throws(ModelError) -> AnyConverter? {
    guard let element = try builder.typedConverter(for: Element.self) else { return nil }
    return SequenceConverter<ContiguousArray<Element>>(element: element)
  }
}

extension Set: ContainerConvertible {
  static func makeConverter(_ builder: some ConverterBuilding) throws(ModelError) -> AnyConverter? {
    guard let element = try builder.typedConverter(for: Element.self) else { return nil }
    return SequenceConverter<Set<Element>>(element: element)
  }
}

extension Dictionary: ContainerConvertible where Key == String {
  static func makeConverter(_ builder: some ConverterBuilding) throws(ModelError) -> AnyConverter? {
    guard let value = try builder.typedConverter(for: Value.self) else { return nil }
    return DictionaryConverter<Value>(value: value)
  }
}

/// A collection that can be built by appending elements one at a time.
protocol AppendableCollection<Element>: Collection {
  init()
  /// Makes room for `count` elements. Room for none is not asked for: an
  /// empty collection keeps the shared empty storage, where reserving
  /// takes the standard library's slow path (~70 instructions).
  mutating func reserve(_ count: Int)
  /// Appends `element`, taken: a model read into a local is moved in, not
  /// copied (its references retained) and then destroyed.
  mutating func add(_ element: consuming Element)
}

extension AppendableCollection {
  /// Calls `body` with each element and its offset, by index: in code not
  /// compiled for the element type, a `for`-`in` loop's `next()` looks up
  /// the metadata of `Element?` for every element, and `enumerated()` that
  /// of its tuples.
  @inline(__always)
  func forEachElement<Failure: Error>(_ body: (Element, Int) throws(Failure) -> Void) throws(Failure) {
    var position = startIndex
    var offset = 0
    while position != endIndex {
      try body(self[position], offset)
      formIndex(after: &position)
      offset += 1
    }
  }
}

extension Array: AppendableCollection {
  mutating func reserve(_ count: Int) { if count > 0 { reserveCapacity(count) } }
  mutating func add(_ element: consuming Element) { append(element) }
}

extension ContiguousArray: AppendableCollection {
  mutating func reserve(_ count: Int) { if count > 0 { reserveCapacity(count) } }
  mutating func add(_ element: consuming Element) { append(element) }
}

extension Set: AppendableCollection {
  mutating func reserve(_ count: Int) { if count > 0 { reserveCapacity(count) } }
  mutating func add(_ element: consuming Element) { insert(element) }
}

