import ModelKitJSON

/// Streams models into JSON text with their schemas (design section 5):
/// each field at its place in the output plan, written directly when it is
/// a common scalar or a struct model, through its converter otherwise.
struct ModelWriter: ModelWriting {
  /// Called by the converter of a nested model (a `ModelConverter`).
  func encodeModel<Model: JSONModel>(_ model: Model, with converter: ValueConverter<Model>, in context: inout WriteContext)
    throws(ModelError)
  {
    try Self.encodeModel(model, schema: ModelConverter.of(converter).schema, &context)
  }

  /// Called by the converter of an array's struct models: each is written
  /// from where it lies, unless its schema has a `didEncode` hook.
  func encodeModels<Model: JSONModel>(
    _ models: UnsafeBufferPointer<Model>, with converter: ValueConverter<Model>, in context: inout WriteContext
  ) throws(ModelError) {
    let schema = ModelConverter.of(converter).schema
    checkInvariant(!schema.isClass, "class models written in place")
    guard schema.hooks.mayRun(.didEncode) else {
      return try Self.writeModels(
        at: UnsafeRawPointer(models.baseAddress), count: models.count, stride: MemoryLayout<Model>.stride,
        schema: schema, &context)
    }
    for index in models.indices {
      context.path.push(.index(index))
      defer { context.path.pop() }
      try StackGuard.check(depth: context.path.depth, at: context.path)
      try Self.encodeFields(models[index], schema: schema, base: UnsafeRawPointer(models.baseAddress! + index), &context)
    }
  }

  /// Writes `count` struct models of `schema` (which has no `didEncode`
  /// hook), the first at `first`, `stride` bytes apart, each from where it lies.
  private static func writeModels(
    at first: UnsafeRawPointer?, count: Int, stride: Int, schema: ModelSchema, _ context: inout WriteContext
  ) throws(ModelError) {
    guard let first else { return }
    guard schema.writingCanFail else {
      // No error can come from below an element, and no model nests in it:
      // no index on the path, no stack to check.
      for index in 0..<count {
        try writeObject(0, schema: schema, base: first + index * stride, &context)
      }
      return
    }
    // One step for all the elements, moved along (every element is as deep: one stack check).
    context.path.push(.index(0))
    defer { context.path.pop() }
    try StackGuard.check(depth: context.path.depth, at: context.path)
    for index in 0..<count {
      context.path.moveIndex(to: index)
      try writeObject(0, schema: schema, base: first + index * stride, &context)
    }
  }

  /// Called for a Foundation graph an `Any` property holds.
  func encodeGraph(_ value: Any, in context: inout WriteContext) throws(ModelError) {
    let json = try FoundationGraph.value(from: value, in: &context, failure: .unencodable)
    context.json.write(json)
  }

  /// Writes `model` as an object; a class instance is written with the
  /// schema of its dynamic type.
  static func encodeModel<Model: JSONModel>(_ model: Model, schema: ModelSchema, _ context: inout WriteContext)
    throws(ModelError)
  {
    guard schema.isClass else {
      return try withUnsafePointer(to: model) { (pointer) throws(ModelError) in
        try encodeFields(model, schema: schema, base: UnsafeRawPointer(pointer), &context)
      }
    }
    let object = model as AnyObject
    try context.writing(object) { (context) throws(ModelError) in
      var schema = schema
      let dynamicType = type(of: model) as any JSONModel.Type
      if ObjectIdentifier(dynamicType) != ObjectIdentifier(schema.type) {
        schema = try SchemaCache.shared.schema(for: dynamicType)
      }
      try withExtendedLifetime(object) { () throws(ModelError) in
        let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        try encodeFields(model, schema: schema, base: base, &context)
      }
    }
  }

  private static func encodeFields<Model: JSONModel>(
    _ model: Model, schema: ModelSchema, base: UnsafeRawPointer, _ context: inout WriteContext
  ) throws(ModelError) {
    guard schema.hooks.mayRun(.didEncode) else {
      try writeObject(0, schema: schema, base: base, &context)
      return
    }
    // The hook edits a JSONObject: build the fields as one, let the hook
    // change it, then write the result.
    var object = try context.detachedValue { (inner) throws(ModelError) in
      try writeObject(0, schema: schema, base: base, &inner)
    }.object ?? JSONObject()
    do {
      _ = try schema.hooks.run(.didEncode) { try model.didEncode(into: &object) }
    } catch {
      throw .rejected(by: "didEncode", error, at: context.path)
    }
    context.json.write(JSONValue.object(object))
  }

  /// Writes the object at plan node `index`; returns whether it has a
  /// member. A nested object with none (every field below it left out) is
  /// taken back, so a key path's prefix appears only when something is under it.
  @discardableResult
  private static func writeObject(
    _ index: Int, schema: ModelSchema, base: UnsafeRawPointer, _ context: inout WriteContext
  ) throws(ModelError) -> Bool {
    let plan = schema.plan
    let members = context.options.contains(.sortedKeys) ? plan.sortedMembers : plan.members
    var wrote = false
    context.json.beginObject()
    for position in plan.nodes[index].children {
      let member = members[position]
      // The common key, one field on the scalar path with a value, is
      // written here; any other (fields sharing a key, a converter, a model,
      // a nil) by `writeLeaf`, a key path's object by `writeKeyedObject`.
      if member.isDirect {
        if writeScalar(
          member.scalar, member.array, at: base + member.offset, key: member.key, needsEscaping: member.keyNeedsEscaping,
          &context)
        {
          wrote = true
          continue
        }
        // Left out (nil, not finite), as `writeLeaf` would leave it unless nulls are written.
        if member.scalar != .none && !context.includesNulls { continue }
      }
      let child = plan.nodes[member.node]
      if child.isLeaf {
        if try writeLeaf(child, plan: plan, schema: schema, base: base, &context) { wrote = true }
        continue
      }
      if try writeKeyedObject(member.node, schema: schema, base: base, &context) { wrote = true }
    }
    context.json.endObject()
    return wrote
  }

  /// Writes the key of plan node `index` (an object of a key path) and
  /// the object; takes the key back when nothing is under it. Returns
  /// whether it wrote. (Apart: the object loop stays small enough for
  /// its leaves' writes to be inlined into it.)
  @inline(never)
  private static func writeKeyedObject(
    _ index: Int, schema: ModelSchema, base: UnsafeRawPointer, _ context: inout WriteContext
  ) throws(ModelError) -> Bool {
    let plan = schema.plan
    let node = plan.nodes[index]
    let checkpoint = context.json.checkpoint
    let key = UnsafeBufferPointer(rebasing: plan.keyBytes[node.key])
    context.json.writeKey(utf8: key, needsEscaping: node.keyNeedsEscaping)
    context.path.push(.keyUTF8(key))
    try StackGuard.check(depth: context.path.depth, at: context.path)
    let nested = try writeObject(index, schema: schema, base: base, &context)
    context.path.pop()
    if !nested { context.json.rewind(to: checkpoint) }
    return nested
  }

  /// Writes the first field at this key with a value; `null` for a nil one
  /// with `.includeNulls`; nothing otherwise. Returns whether it wrote.
  private static func writeLeaf(
    _ leaf: OutputPlan.Node, plan: OutputPlan, schema: ModelSchema, base: UnsafeRawPointer,
    _ context: inout WriteContext
  ) throws(ModelError) -> Bool {
    let hot = schema.hotFields
    let key = UnsafeBufferPointer(rebasing: plan.keyBytes[leaf.key])
    for position in leaf.fields {
      let field = hot[plan.fieldList[position]]
      let address = base + field.offset
      if writeScalar(field.scalar, field.array, at: address, key: key, needsEscaping: leaf.keyNeedsEscaping, &context) {
        return true
      }
      if field.scalar != .none { continue }
      if let nested = field.nested {
        // A struct model (no didEncode hook) is written from where it lies,
        // its filler and schema borrowed, not retained.
        var inPlace = InPlaceWrite.notInPlace
        try nested.withBorrowed { (filler) throws(ModelError) in
          try filler.reference.withSchema { (nestedSchema) throws(ModelError) in
            guard !nestedSchema.hooks.mayRun(.didEncode) else { return }
            if filler.isOptional && filler.isNil(address) {
              inPlace = .nil
              return
            }
            context.json.writeKey(utf8: key, needsEscaping: leaf.keyNeedsEscaping)
            inPlace = .written
            // Nothing in it can fail, and no model nests in it: no key on the path, no stack to check.
            guard nestedSchema.writingCanFail else {
              try writeObject(0, schema: nestedSchema, base: address, &context)
              return
            }
            context.path.push(.keyUTF8(key))
            try StackGuard.check(depth: context.path.depth, at: context.path)
            try writeObject(0, schema: nestedSchema, base: address, &context)
            context.path.pop()
          }
        }
        switch inPlace {
        case .written: return true
        case .nil: continue
        case .notInPlace: break
        }
      }
      if let elements = field.elements,
        try writeArrayInPlace(address, of: elements, key: key, needsEscaping: leaf.keyNeedsEscaping, &context)
      {
        return true
      }
      // The converter borrowed, not retained: the schema keeps it alive.
      var wrote = false
      try field.converter.withBorrowed { (converter) throws(ModelError) in
        wrote = try converter.encodeField(
          address, key: key, needsEscaping: leaf.keyNeedsEscaping, takesPath: field.encodingCanFail, &context)
      }
      if wrote { return true }
    }
    guard context.includesNulls, leaf.fields.contains(where: { isNil(hot[plan.fieldList[$0]], base) }) else {
      return false
    }
    context.json.writeKey(utf8: key, needsEscaping: leaf.keyNeedsEscaping)
    context.json.writeNull()
    return true
  }

  /// Writes the `[Model]` at `address` after `key`, each model where the
  /// array holds it, its elements' filler and schema borrowed; false,
  /// writing nothing, when the model has a `didEncode` hook (its converter
  /// writes it). As a converter writes it, but without the key on the path
  /// and a stack check when nothing in a model can fail, so no model nests
  /// in it (as a nested model is written, above).
  private static func writeArrayInPlace(
    _ address: UnsafeRawPointer, of elements: Unmanaged<AnyModelFiller>, key: UnsafeBufferPointer<UInt8>,
    needsEscaping: Bool, _ context: inout WriteContext
  ) throws(ModelError) -> Bool {
    var wrote = false
    try elements.withBorrowed { (filler) throws(ModelError) in
      try filler.reference.withSchema { (schema) throws(ModelError) in
        guard !schema.hooks.mayRun(.didEncode) else { return }
        wrote = true
        context.json.writeKey(utf8: key, needsEscaping: needsEscaping)
        try filler.withElements(ofArrayAt: address) { (first, count, stride) throws(ModelError) in
          context.json.beginArray()
          if schema.writingCanFail {
            context.path.push(.keyUTF8(key))
            try StackGuard.check(depth: context.path.depth, at: context.path)
            try writeModels(at: first, count: count, stride: stride, schema: schema, &context)
            context.path.pop()
          } else {
            try writeModels(at: first, count: count, stride: stride, schema: schema, &context)
          }
          context.json.endArray()
        }
      }
    }
    return wrote
  }

  /// Writes a field on the scalar path (`scalar`, at `address`) after
  /// `key`, unless it is left out (nil, not finite), or an array of
  /// scalars its converter is not needed for (`array`,
  /// `CompiledArray.writesItself`); returns whether it wrote.
  @inline(__always)
  private static func writeScalar(
    _ scalar: ScalarField, _ array: CompiledArray?, at address: UnsafeRawPointer, key: UnsafeBufferPointer<UInt8>,
    needsEscaping: Bool, _ context: inout WriteContext
  ) -> Bool {
    guard scalar != .none else {
      guard let array, array.writesItself(address) else { return false }
      context.json.writeKey(utf8: key, needsEscaping: needsEscaping)
      array.write(address, to: &context.json)
      return true
    }
    guard !scalar.isOmitted(address) else { return false }
    scalar.encodeMember(address, key: key, needsEscaping: needsEscaping, &context.json)
    return true
  }

  /// What became of a nested model field `writeLeaf` offered to write in place.
  private enum InPlaceWrite {
    /// Written where it lies.
    case written
    /// A nil optional: nothing written.
    case `nil`
    /// Its type has a `didEncode` hook: the converter writes it.
    case notInPlace
  }

  private static func isNil(_ field: ModelSchema.HotField, _ base: UnsafeRawPointer) -> Bool {
    let address = base + field.offset
    if field.scalar != .none { return field.scalar.isNil(address) }
    return field.converter.takeUnretainedValue().isFieldNil(address)
  }
}
