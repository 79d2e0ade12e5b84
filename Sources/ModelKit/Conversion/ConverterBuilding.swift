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
  /// A collection of the elements `fill` initialises in room for
  /// `capacity` of them, from the first on, counting each in its second
  /// argument as it goes (on an error, the elements counted are all there
  /// are). An array's room is its own storage: each element is made where
  /// it stays, not moved in.
  static func made(capacity: Int, _ fill: (UnsafeMutablePointer<Element>, inout Int) throws(ModelError) -> Void)
    throws(ModelError) -> Self
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

/// Arrays made in their own storage (`Array.made`, and the Codable
/// decoder's arrays). Not nested in `Array`: named in code not compiled
/// for the element type, `Array<Element>` has its metadata looked up.
enum ArraysMadeInPlace {
  /// The fewest elements of such an array: for fewer, appending costs
  /// less than the standard library's generic initialiser, which looks up
  /// metadata (~600 instructions more per array, ~130 fewer per model).
  static var fewest: Int { 8 }
}

extension Array: AppendableCollection {
  mutating func reserve(_ count: Int) { if count > 0 { reserveCapacity(count) } }
  mutating func add(_ element: consuming Element) { append(element) }

  /// `made` in the array's own storage (its initialiser keeps the
  /// elements counted when `fill` throws, and drops them with the array).
  static func made(capacity: Int, _ fill: (UnsafeMutablePointer<Element>, inout Int) throws(ModelError) -> Void)
    throws(ModelError) -> Self
  {
    guard capacity > 0 else { return [] }
    var failure: ModelError?
    let result = Self(unsafeUninitializedCapacity: capacity) { room, count in
      do throws(ModelError) {
        try fill(room.baseAddress!, &count)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    return result
  }
}

extension ContiguousArray: AppendableCollection {
  mutating func reserve(_ count: Int) { if count > 0 { reserveCapacity(count) } }
  mutating func add(_ element: consuming Element) { append(element) }

  /// `made` in an array's storage, which the contiguous array then shares (no copy).
  static func made(capacity: Int, _ fill: (UnsafeMutablePointer<Element>, inout Int) throws(ModelError) -> Void)
    throws(ModelError) -> Self
  {
    Self(try Array.made(capacity: capacity, fill))
  }
}

extension Set: AppendableCollection {
  mutating func reserve(_ count: Int) { if count > 0 { reserveCapacity(count) } }
  mutating func add(_ element: consuming Element) { insert(element) }

  /// `made` in an array, whose elements are then hashed in (a later
  /// equal one is not kept, as `insert` keeps the first).
  static func made(capacity: Int, _ fill: (UnsafeMutablePointer<Element>, inout Int) throws(ModelError) -> Void)
    throws(ModelError) -> Self
  {
    Self(try Array.made(capacity: capacity, fill))
  }
}

