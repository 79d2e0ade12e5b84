import ModelKitJSON

/// Streams models into JSON text with their schemas (design section 5).
struct ModelWriter {
  var json: JSONWriter
  let options: JSONWriteOptions
  let includesNulls: Bool
  private var path: [ModelReader.PathStep] = []
  /// Class instances being written, to turn reference cycles into errors.
  private var active: Set<ObjectIdentifier> = []

  init(options: JSONWriteOptions, capacity: Int = 16_384) {
    json = JSONWriter(options: options, capacity: capacity)
    self.options = options
    includesNulls = options.contains(.includeNulls)
  }

  /// Writes `model` as an object; a class instance is written with the
  /// schema of its dynamic type.
  mutating func encodeModel<Model: JSONModel>(_ model: Model, schema: ModelSchema) throws(ModelError) {
    var schema = schema
    if schema.isClass {
      let object = model as AnyObject
      let identifier = ObjectIdentifier(object)
      guard active.insert(identifier).inserted else {
        throw ModelError(
          kind: .unencodable, message: "a reference cycle reaches this \(type(of: object)) again",
          codingPath: codingPath)
      }
      defer { active.remove(identifier) }
      let dynamicType = type(of: model) as any JSONModel.Type
      if ObjectIdentifier(dynamicType) != ObjectIdentifier(schema.type) {
        schema = try ModelSchema.of(dynamicType)
      }
      try withExtendedLifetime(object) { () throws(ModelError) in
        try encodeFields(model, schema: schema, base: UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()))
      }
    } else {
      try withUnsafePointer(to: model) { (pointer) throws(ModelError) in
        try encodeFields(model, schema: schema, base: UnsafeRawPointer(pointer))
      }
    }
  }

  private mutating func encodeFields<Model: JSONModel>(
    _ model: Model, schema: ModelSchema, base: UnsafeRawPointer
  ) throws(ModelError) {
    guard schema.hooks.contains(.didEncode) else {
      return try writeObject(0, schema: schema, base: base)
    }
    // The hook edits a JSONObject: write the fields on their own, read them
    // back, let the hook change them, then write the result.
    var inner = ModelWriter(options: options.subtracting(.prettyPrinted))
    inner.path = path
    inner.active = active
    try inner.writeObject(0, schema: schema, base: base)
    var object: JSONObject
    do {
      object = try JSONValue(json: inner.json.bytes, options: JSONReadOptions(maxDepth: .max)).object ?? JSONObject()
    } catch {
      throw ModelError(error)
    }
    do {
      try model.didEncode(into: &object)
    } catch {
      if let modelError = error as? ModelError, modelError.kind == .rejected { throw modelError }
      throw ModelError(
        kind: .rejected, message: "didEncode rejected the object: \(error)", codingPath: codingPath,
        underlying: error)
    }
    json.write(JSONValue.object(object))
  }

  private mutating func writeObject(_ index: Int, schema: ModelSchema, base: UnsafeRawPointer)
    throws(ModelError)
  {
    guard let plan = schema.plan else { return }
    let node = plan.nodes[index]
    let order = options.contains(.sortedKeys) ? plan.sortedList : plan.childList
    json.beginObject()
    for position in node.children {
      let childIndex = order[position]
      let child = plan.nodes[childIndex]
      if child.isLeaf {
        try writeLeaf(child, plan: plan, schema: schema, base: base)
      } else if hasOutput(child, plan: plan, schema: schema, base: base) {
        let key = UnsafeBufferPointer(rebasing: plan.keyBytes[child.key])
        json.writeKey(utf8: key, needsEscaping: child.keyNeedsEscaping)
        path.append(.keyUTF8(key))
        try writeObject(childIndex, schema: schema, base: base)
        path.removeLast()
      }
    }
    json.endObject()
  }

  /// Writes the first field at this key with a value; `null` for a nil one
  /// with `.includeNulls`; nothing otherwise.
  private mutating func writeLeaf(
    _ leaf: OutputPlan.Node, plan: OutputPlan, schema: ModelSchema, base: UnsafeRawPointer
  ) throws(ModelError) {
    let hot = schema.hotFields
    let key = UnsafeBufferPointer(rebasing: plan.keyBytes[leaf.key])
    for position in leaf.fields {
      let field = hot[plan.fieldList[position]]
      let address = base + field.offset
      if field.fast != .none {
        guard !field.fast.isOmitted(address) else { continue }
        json.writeKey(utf8: key, needsEscaping: leaf.keyNeedsEscaping)
        field.fast.encode(address, &json)
        return
      }
      if let nested = field.nested?.takeUnretainedValue(), !nested.schema.hooks.contains(.didEncode) {
        // A struct model (no didEncode hook) is written from where it lies.
        if nested.isOptional && nested.isNil(address) { continue }
        json.writeKey(utf8: key, needsEscaping: leaf.keyNeedsEscaping)
        path.append(.keyUTF8(key))
        try writeObject(0, schema: nested.schema, base: address)
        path.removeLast()
        return
      }
      let converter = field.converter.takeUnretainedValue()
      guard !converter.isFieldOmitted(address) else { continue }
      json.writeKey(utf8: key, needsEscaping: leaf.keyNeedsEscaping)
      path.append(.keyUTF8(key))
      try converter.encodeField(address, &self)
      path.removeLast()
      return
    }
    if includesNulls, leaf.fields.contains(where: { isNil(hot[plan.fieldList[$0]], base) }) {
      json.writeKey(utf8: key, needsEscaping: leaf.keyNeedsEscaping)
      json.writeNull()
    }
  }

  private func isNil(_ field: ModelSchema.HotField, _ base: UnsafeRawPointer) -> Bool {
    let address = base + field.offset
    if field.fast != .none { return field.fast.isNil(address) }
    return field.converter.takeUnretainedValue().isFieldNil(address)
  }

  /// Whether anything below `node` will be written.
  private func hasOutput(
    _ node: OutputPlan.Node, plan: OutputPlan, schema: ModelSchema, base: UnsafeRawPointer
  ) -> Bool {
    if node.isLeaf {
      return node.fields.contains { position in
        let field = schema.hotFields[plan.fieldList[position]]
        let address = base + field.offset
        let omitted =
          field.fast != .none
          ? field.fast.isOmitted(address) : field.converter.takeUnretainedValue().isFieldOmitted(address)
        return !omitted || (includesNulls && isNil(field, base))
      }
    }
    return node.children.contains { hasOutput(plan.nodes[plan.childList[$0]], plan: plan, schema: schema, base: base) }
  }

  /// A writer for one compact, key-sorted value with this writer's path,
  /// null handling and cycle guard, whose bytes are used elsewhere.
  func detached() -> ModelWriter {
    var writer = ModelWriter(
      options: options.subtracting(.prettyPrinted).union(.sortedKeys), capacity: 64)
    writer.path = path
    writer.active = active
    return writer
  }

  /// Writes one element of a container: an omitted value (nil, not finite) is `null`.
  mutating func encodeElement<Value>(
    _ value: Value, at step: ModelReader.PathStep, with converter: ValueConverter<Value>
  ) throws(ModelError) {
    guard !converter.isOmitted(value) else { return json.writeNull() }
    path.append(step)
    defer { path.removeLast() }
    try converter.encode(value, &self)
  }

  /// Writes a Foundation graph held in an `Any` property.
  mutating func encodeFoundationValue(_ value: Any) throws(ModelError) {
    do {
      json.write(try JSONValue(jsonObject: value))
    } catch {
      throw ModelError(kind: .unencodable, message: error.message, codingPath: codingPath + error.codingPath.dropFirst())
    }
  }

  var codingPath: String {
    var text = "$"
    for step in path {
      switch step {
      case .key(let key): text += "." + key
      case .keyUTF8(let utf8): text += "." + String(decoding: utf8, as: UTF8.self)
      case .keyPath(let segments): text += "." + segments.joined(separator: ".")
      case .keyNode: break
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }
}
