import ModelKitJSON

/// The shared steps of the entry points: parse, pick the schema or
/// converter, walk.
enum ModelEntry {
  /// A Foundation graph given as input, as JSON.
  static func graph(_ graph: Any) throws(ModelError) -> JSONValue {
    var context = WriteContext(options: [])
    return try FoundationGraph.value(from: graph, in: &context, failure: .unsupportedType)
  }

  /// A Foundation graph given as input for `type` (a model or a collection
  /// of them, at `key` inside the graph), as JSON: the values there that
  /// the model's properties read in a way of their own (`Data` for a
  /// `String`) as they read them first.
  static func graph(_ graph: Any, for type: Any.Type, at key: JSONKey?, options: DecodingOptions) throws(ModelError)
    -> JSONValue
  {
    guard let converter = try SchemaCache.shared.converter(for: type) else { return try self.graph(graph) }
    let prepare = { (value: Any) in converter.graphValue(value, keys: options.keyDecoding) }
    guard let key else { return try self.graph(prepare(graph)) }
    // An envelope: the value at the first of the key's paths that leads to one.
    guard var object = graph as? [String: Any],
      let path = key.candidates.first(where: { GraphPath.value(in: object, at: $0[...]) != nil })
    else { return try self.graph(graph) }
    GraphPath.replace(in: &object, at: path[...], prepare)
    return try self.graph(object)
  }

  /// A model from `input`.
  static func decode<Model: JSONModel>(
    _ type: Model.Type, from input: InputDocument, options: DecodingOptions
  ) throws(ModelError) -> Model {
    try input.requireObject(for: Model.self)
    return try decodeObject(Model.self, from: input, options: options, with: SchemaCache.shared.schema(for: Model.self))
  }

  /// A model from `input`, with its schema, which the caller looked up
  /// already (a stream's records share one; the cache takes a lock).
  static func decode<Model: JSONModel>(
    _ type: Model.Type, from input: InputDocument, options: DecodingOptions, with schema: ModelSchema
  ) throws(ModelError) -> Model {
    try input.requireObject(for: Model.self)
    return try decodeObject(Model.self, from: input, options: options, with: schema)
  }

  private static func decodeObject<Model: JSONModel>(
    _ type: Model.Type, from input: InputDocument, options: DecodingOptions, with schema: ModelSchema
  ) throws(ModelError) -> Model {
    try ReportRecorder.recording(options) { recorder throws(ModelError) in
      var context = ReadContext(document: input.document, options: options, path: input.path, recorder: recorder)
      return try ModelReader.decodeModel(Model.self, schema: schema, node: input.node, &context)
    }
  }

  static func update<Model: JSONModel>(
    _ model: inout Model, from input: InputDocument, options: DecodingOptions
  ) throws(ModelError) {
    try input.requireObject(for: Model.self)
    try ReportRecorder.recording(options) { recorder throws(ModelError) in
      var context = ReadContext(document: input.document, options: options, path: input.path, recorder: recorder)
      try ModelReader.populate(&model, schema: SchemaCache.shared.schema(for: type(of: model)), node: input.node, &context)
    }
  }

  /// A context holding `model` as JSON text, or as a `JSONValue` (`buildsValue`).
  static func write<Model: JSONModel>(_ model: Model, options: JSONWriteOptions, buildsValue: Bool = false)
    throws(ModelError) -> WriteContext
  {
    let type = type(of: model)
    let schema = try SchemaCache.shared.schema(for: type)
    guard !buildsValue else {
      var context = WriteContext(options: options, buildsValue: true)
      try ModelWriter.encodeModel(model, schema: schema, &context)
      return context
    }
    var context = WriteContext(options: options, capacity: SchemaCache.shared.textCapacity(for: type, initial: 16_384))
    context.json.holdBufferAlone()
    try ModelWriter.encodeModel(model, schema: schema, &context)
    SchemaCache.shared.noteText(of: type, size: context.json.count)
    return context
  }

  static func decodeCollection<Collection>(
    _ type: Collection.Type, from input: InputDocument, options: DecodingOptions
  ) throws(ModelError) -> Collection {
    guard let converter = try SchemaCache.shared.converter(for: Collection.self) as? ValueConverter<Collection>
    else {
      throw .unsupported("\(Collection.self) cannot be decoded")
    }
    return try ReportRecorder.recording(options) { recorder throws(ModelError) in
      var context = ReadContext(document: input.document, options: options, path: input.path, recorder: recorder)
      switch try converter.decode(input.node, &context) {
      case .natural(let collection):
        return collection
      case .converted(let collection):
        context.noteConversion(input.node, target: converter.typeName)
        return collection
      case .failed:
        let expected = Collection.self is [String: Any].Type ? "a JSON object" : "a JSON array"
        throw .wrongTopLevel(
          expected: expected, found: input.document.kind(of: input.node), for: Collection.self, at: input.path)
      }
    }
  }

  /// An element of a top-level array read alone (a record of an `.array`
  /// stream), as `[Element](json:)` reads its elements, at `$[index]`: nil
  /// when leniency drops it (and notes it). `converter`: the element
  /// type's, when the caller looked it up already.
  static func decodeElement<Element>(
    _ type: Element.Type, from input: InputDocument, index: Int, options: DecodingOptions,
    converter: ValueConverter<Element>? = nil
  ) throws(ModelError) -> Element? {
    guard let converter = if let converter { converter } else { try elementConverter(for: Element.self) } else {
      throw .unsupported("\(Element.self) cannot be decoded")
    }
    return try ReportRecorder.recording(options) { recorder throws(ModelError) in
      var context = ReadContext(document: input.document, options: options, path: input.path, recorder: recorder)
      return try context.element(input.node, at: .index(index), with: converter)
    }
  }

  /// The converter that reads an element of type `Element`, or nil when there is none.
  static func elementConverter<Element>(for type: Element.Type) throws(ModelError) -> ValueConverter<Element>? {
    try SchemaCache.shared.converter(for: Element.self) as? ValueConverter<Element>
  }

  /// A top-level array of models from JSON text: a large one a window at a
  /// time, so that the text is never copied whole and its tape never made.
  static func decodeArray<Element>(
    _ type: [Element].Type, from text: UnsafeRawBufferPointer, at key: JSONKey?, options: DecodingOptions
  ) throws -> [Element] {
    if key == nil, let converter = try SchemaCache.shared.converter(for: [Element].self) as? SequenceConverter<[Element]> {
      let read = try ReportRecorder.recording(options) { recorder in  // one for every window
        try ArrayWindows.elements(in: text, options: options, recorder: recorder) { chunk, elements, recorder in
          var context = ReadContext(document: chunk.document, options: options, recorder: recorder)
          try converter.append(elementsOf: chunk.document.root, from: chunk.firstIndex, to: &elements, &context)
        }
      }
      if let read { return read }
    }
    return try decodeCollection(type, from: InputDocument(text, options).descending(to: key), options: options)
  }

  /// A context holding `collection` as JSON text, or as a `JSONValue` (`buildsValue`).
  static func encodeCollection<Collection>(_ collection: Collection, options: JSONWriteOptions, buildsValue: Bool = false)
    throws(ModelError) -> WriteContext
  {
    guard let converter = try SchemaCache.shared.converter(for: Collection.self) as? ValueConverter<Collection>
    else {
      throw .unsupported("\(Collection.self) cannot be encoded")
    }
    var context = WriteContext(options: options, buildsValue: buildsValue)
    if !buildsValue { context.json.holdBufferAlone() }
    try converter.encode(collection, &context)
    return context
  }
}
