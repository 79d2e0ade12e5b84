import ModelKitJSON

/// Walks a parsed document with a model's schema and writes fields in
/// place (design section 1): the member pass over the object's keys, then
/// key paths and fallback lists, with the hooks around them. Every value it
/// does not read itself goes through the field's converter.
struct ModelReader: ModelReading {
  /// Called by the converter of a nested model (a `ModelConverter`). (Its
  /// schema is retained here: borrowing it, as `fillModel` does, would
  /// carry the model out of a closure through generic code looked up at
  /// run time, which costs more than the count.)
  func decodeModel<Model: JSONModel>(
    _ converter: ValueConverter<Model>, at node: JSONDocument.Node, into target: UnsafeMutablePointer<Model>,
    in context: inout ReadContext
  ) throws(ModelError) {
    let schema = ModelConverter.of(converter).schema
    guard !schema.hooks.mayRun(.modelType), context.document.partial == nil else {
      return target.initialize(to: try Self.decodeModel(Model.self, schema: schema, node: node, &context))
    }
    // Filled in place: read into a value and moved here, a model was
    // copied once more.
    try Self.fill(target, schema: schema, node: node, &context)
  }

  /// Makes a new model in `slot` (uninitialised) and fills it from the
  /// object at `node`, as `decodeModelOnce` fills its own; when reading
  /// throws, the model is released and `slot` left uninitialised.
  @inline(__always)
  private static func fill<Model: JSONModel>(
    _ slot: UnsafeMutablePointer<Model>, schema: ModelSchema, node: JSONDocument.Node, _ context: inout ReadContext
  ) throws(ModelError) {
    slot.initialize(to: Model())
    do throws(ModelError) {
      try populate(slot, schema: schema, node: node, &context)
    } catch {
      slot.deinitialize(count: 1)
      throw error
    }
  }

  /// Called by the converter of an array's struct models: each object is
  /// read into a new model, appended as it is read; any other element (and
  /// every element of a type `modelType(for:)` may choose) as
  /// `ReadContext.element` reads it.
  func decodeModels<Model: JSONModel, Target: AppendableCollection<Model>>(
    _ converter: ValueConverter<Model>, elementsOf node: JSONDocument.Node, from firstIndex: Int,
    to result: inout Target, in context: inout ReadContext
  ) throws(ModelError) {
    let converter = ModelConverter.of(converter)
    let schema = converter.schema
    // (An empty array, common in feeds, takes none of what follows.)
    guard context.document.count(of: node) > 0 else { return }
    var index = firstIndex
    // One step for the elements' index, moved on in place for each.
    context.path.push(.index(index))
    defer { context.path.pop() }
    try StackGuard.check(depth: context.depth, at: context.path)
    // Each model is read in one place, then moved into the collection.
    try withUnsafeTemporaryAllocation(of: Model.self, capacity: 1) { (slot) throws(ModelError) in
      let model = slot.baseAddress!
      for item in context.document.elements(of: node) {
        defer { index += 1 }
        if try Self.readElement(item, at: index, with: converter, schema, into: model, &context) {
          result.add(model.move())
        }
      }
    }
  }

  /// Called by the converter of a collection's struct models, for the
  /// whole collection: each element is read as
  /// `decodeModels(_:elementsOf:from:to:in:)` reads it, into the
  /// collection's own storage (`AppendableCollection.made`): an array's
  /// models are made where they stay, not moved in.
  func decodeModels<Model: JSONModel, Target: AppendableCollection<Model>>(
    _ converter: ValueConverter<Model>, elementsOf node: JSONDocument.Node, as type: Target.Type,
    in context: inout ReadContext
  ) throws(ModelError) -> Target {
    let converter = ModelConverter.of(converter)
    let schema = converter.schema
    let count = context.document.count(of: node)
    guard count > 0 else { return Target() }
    context.path.push(.index(0))
    defer { context.path.pop() }
    try StackGuard.check(depth: context.depth, at: context.path)
    return try Target.made(capacity: count) { (room, made) throws(ModelError) in
      var index = 0
      for item in context.document.elements(of: node) {
        defer { index += 1 }
        if try Self.readElement(item, at: index, with: converter, schema, into: room + made, &context) { made += 1 }
      }
    }
  }

  /// Reads `item`, element `index` of an array of `converter`'s models
  /// (whose schema is `schema`), into `slot`: an object in place, unless
  /// `modelType(for:)` may choose its type; anything else as
  /// `ReadContext.element` reads it. Whether `slot` holds a model (false:
  /// the element was dropped, and `slot` is uninitialised). The context's
  /// path ends with an index step, which it moves on to `index`.
  @inline(__always)
  private static func readElement<Model: JSONModel>(
    _ item: JSONDocument.Node, at index: Int, with converter: ModelConverter<Model>, _ schema: ModelSchema,
    into slot: UnsafeMutablePointer<Model>, _ context: inout ReadContext
  ) throws(ModelError) -> Bool {
    guard !schema.hooks.mayRun(.modelType), context.document.kind(of: item) == .object else {
      // `readOther` takes a step of its own; the loop's is back for the
      // next element to move on.
      context.path.pop()
      defer { context.path.push(.index(index)) }
      return try readOther(item, at: index, with: converter, into: slot, &context)
    }
    context.path.moveIndex(to: index)
    do throws(ModelError) {
      try fill(slot, schema: schema, node: item, &context)
      return true
    } catch {
      if converter.dropsRejection(error, at: item, &context) { return false }
      throw error
    }
  }

  /// Reads `item` into `slot` as `ReadContext.element` reads an element;
  /// whether it did. Apart, so that `readElement` names no `Model?`,
  /// whose metadata code not compiled for `Model` looks up on entry.
  @inline(never)
  private static func readOther<Model: JSONModel>(
    _ item: JSONDocument.Node, at index: Int, with converter: ValueConverter<Model>,
    into slot: UnsafeMutablePointer<Model>, _ context: inout ReadContext
  ) throws(ModelError) -> Bool {
    guard let value = try context.element(item, at: .index(index), with: converter) else { return false }
    slot.initialize(to: value)
    return true
  }

  // MARK: - Models

  /// Decodes the object at `node` as `Model` (or, through `modelType(for:)`,
  /// as the type it picks when that is a `Model`).
  static func decodeModel<Model: JSONModel>(
    _ type: Model.Type, schema: ModelSchema, node: JSONDocument.Node, _ context: inout ReadContext,
    choosingType: Bool = true
  ) throws(ModelError) -> Model {
    if choosingType, context.document.partial != nil {
      return try decodeInSnapshot(Model.self, schema: schema, node: node, &context)
    }
    return try decodeModelOnce(Model.self, schema: schema, node: node, &context, choosingType: choosingType)
  }

  /// `decodeModel` in a snapshot of a text still arriving: a complete
  /// object whose hooks may run is decoded once for all snapshots, so that
  /// its hooks run once. Apart, so that the frames of a deep decode do not grow.
  @inline(never)
  private static func decodeInSnapshot<Model: JSONModel>(
    _ type: Model.Type, schema: ModelSchema, node: JSONDocument.Node, _ context: inout ReadContext
  ) throws(ModelError) -> Model {
    guard let partial = context.partial, schema.hooks.anyMayRun(.decoding),
      !partial.isIncomplete(node)
    else { return try decodeModelOnce(Model.self, schema: schema, node: node, &context) }
    return try partial.completedModel(Model.self, at: context.document.offset(of: node)) { () throws(ModelError) in
      try decodeModelOnce(Model.self, schema: schema, node: node, &context)
    }
  }

  private static func decodeModelOnce<Model: JSONModel>(
    _ type: Model.Type, schema: ModelSchema, node: JSONDocument.Node, _ context: inout ReadContext,
    choosingType: Bool = true
  ) throws(ModelError) -> Model {
    if choosingType, schema.hooks.mayRun(.modelType),
      context.document.partial == nil || !ReadContext.isIncomplete(node, of: context.document)
    {
      return try decodeChoosingType(Model.self, schema: schema, node: node, &context)
    }
    var model = Model()
    try populate(&model, schema: schema, node: node, &context)
    return model
  }

  /// The model of the type `modelType(for:)` chooses, or of `Model` when
  /// it chooses none or the same. Apart, so that every other model's
  /// decode names no `Model?` (the compiler looks up the metadata of a
  /// value a function names on entry, whichever branch it then takes:
  /// about 300 instructions a model).
  @inline(never)
  private static func decodeChoosingType<Model: JSONModel>(
    _ type: Model.Type, schema: ModelSchema, node: JSONDocument.Node, _ context: inout ReadContext
  ) throws(ModelError) -> Model {
    if let chosen = try chosenModel(Model.self, schema, node, &context) { return chosen }
    return try decodeModel(Model.self, schema: schema, node: node, &context, choosingType: false)
  }

  private static func chosenModel<Model: JSONModel>(
    _ type: Model.Type, _ schema: ModelSchema, _ node: JSONDocument.Node, _ context: inout ReadContext
  ) throws(ModelError) -> Model? {
    guard let view = JSONObject(viewing: node, in: context.document),
      let chosen = schema.hooks.run(.modelType, { Model.modelType(for: view) }) ?? nil,
      ObjectIdentifier(chosen) != ObjectIdentifier(Model.self)
    else { return nil }
    let schema = try SchemaCache.shared.schema(for: chosen)
    return try decodeAnyModel(chosen, schema: schema, node: node, &context) as? Model
  }

  private static func decodeAnyModel<Chosen: JSONModel>(
    _ type: Chosen.Type, schema: ModelSchema, node: JSONDocument.Node, _ context: inout ReadContext
  ) throws(ModelError) -> any JSONModel {
    try decodeModel(Chosen.self, schema: schema, node: node, &context, choosingType: false)
  }

  /// Runs the hooks and fills `model`'s fields from the object at `node`.
  static func populate<Model: JSONModel>(
    _ model: inout Model, schema: ModelSchema, node: JSONDocument.Node, _ context: inout ReadContext
  ) throws(ModelError) {
    try withUnsafeMutablePointer(to: &model) { (model) throws(ModelError) in
      try populate(model, schema: schema, node: node, &context)
    }
  }

  /// `populate` for the model at `model` (an array's decode reads each of
  /// its models in one place).
  private static func populate<Model: JSONModel>(
    _ model: UnsafeMutablePointer<Model>, schema: ModelSchema, node: JSONDocument.Node, _ context: inout ReadContext
  ) throws(ModelError) {
    // A model without hooks is filled by its fields alone; so is one still
    // arriving (the hooks see whole objects only).
    guard schema.hooks.mayRun(.willDecode) || schema.hooks.mayRun(.didDecode),
      context.document.partial == nil || !ReadContext.isIncomplete(node, of: context.document)
    else {
      return try decodeFields(schema, node, fieldsOf(model, schema), &context)
    }
    try populateRunningHooks(model, schema: schema, node: node, &context)
  }

  /// `populate` for a model with a `willDecode` or `didDecode` hook. Apart:
  /// the view of the object it names was destroyed (a call to the runtime,
  /// nil as it nearly always was) for every model.
  @inline(never)
  private static func populateRunningHooks<Model: JSONModel>(
    _ model: UnsafeMutablePointer<Model>, schema: ModelSchema, node: JSONDocument.Node, _ context: inout ReadContext
  ) throws(ModelError) {
    // One view of the object serves both hooks.
    var view: JSONObject?
    if schema.hooks.mayRun(.willDecode), let input = JSONObject(viewing: node, in: context.document) {
      view = input
      let replacement: JSONObject?
      do {
        replacement = try schema.hooks.run(.willDecode) { try model.pointee.willDecode(from: input) } ?? nil
      } catch {
        throw .rejected(by: "willDecode", error, at: context.path)
      }
      if let replacement, !replacement.sharesStorage(with: input) {
        try populateFromReplacement(model, schema: schema, replacement: replacement, &context)
        try finish(model, schema: schema, input: replacement, context)
        return
      }
    }
    try decodeFields(schema, node, fieldsOf(model, schema), &context)
    guard schema.hooks.mayRun(.didDecode) else { return }
    try finish(model, schema: schema, input: view ?? JSONObject(viewing: node, in: context.document), context)
  }

  /// Called by the converter of a nested model for a field that holds one
  /// already: decodes into it, as YYModel did (a nested class keeps its
  /// defaults and identity, `update(json:)` merges). A struct is filled as
  /// a copy, so a rejection leaves it as it was.
  func fillModel<Model: JSONModel>(
    _ converter: ValueConverter<Model>, _ model: inout Model, at node: JSONDocument.Node,
    in context: inout ReadContext
  ) throws(ModelError) {
    try ModelConverter.of(converter).reference.withSchema { schema throws(ModelError) in
      guard schema.isClass else {
        var copy = model
        try Self.populate(&copy, schema: schema, node: node, &context)
        model = copy
        return
      }
      let dynamicType = type(of: model) as any JSONModel.Type
      if ObjectIdentifier(dynamicType) == ObjectIdentifier(Model.self) {
        try Self.populate(&model, schema: schema, node: node, &context)
      } else {
        try Self.populate(&model, schema: SchemaCache.shared.schema(for: dynamicType), node: node, &context)
      }
    }
  }

  private static func populateFromReplacement<Model: JSONModel>(
    _ model: UnsafeMutablePointer<Model>, schema: ModelSchema, replacement: JSONObject, _ context: inout ReadContext
  ) throws(ModelError) {
    let replaced = try InputDocument(replacement, context.options)
    var inner = context.reading(replaced.document)
    try decodeFields(schema, replaced.node, fieldsOf(model, schema), &inner)
  }

  /// Runs `didDecode` with the object that was decoded.
  private static func finish<Model: JSONModel>(
    _ model: UnsafeMutablePointer<Model>, schema: ModelSchema, input: JSONObject?, _ context: ReadContext
  ) throws(ModelError) {
    guard let input else { return }
    do {
      _ = try schema.hooks.run(.didDecode) { try model.pointee.didDecode(from: input) }
    } catch {
      throw .rejected(by: "didDecode", error, at: context.path)
    }
  }

  /// The address of the fields of the model at `model`: the value itself
  /// for a struct, the instance for a class (which the model keeps alive).
  @inline(__always)
  private static func fieldsOf<Model: JSONModel>(
    _ model: UnsafeMutablePointer<Model>, _ schema: ModelSchema
  ) -> UnsafeMutableRawPointer {
    guard schema.isClass else { return UnsafeMutableRawPointer(model) }
    return Unmanaged.passUnretained(model.pointee as AnyObject).toOpaque()
  }

  /// Calls `body` with the address of the fields of a new model of
  /// `schema`'s type, as `init()` makes it.
  private static func withDefaultFields(of schema: ModelSchema, _ body: (UnsafeMutableRawPointer) -> Void) {
    func fields<Model: JSONModel>(of _: Model.Type) {
      var model = Model()
      withUnsafeMutablePointer(to: &model) { model in body(fieldsOf(model, schema)) }
    }
    fields(of: schema.type)
  }

  // MARK: - Fields

  /// The member pass (plain keys), then key paths and fallback lists.
  static func decodeFields(
    _ schema: ModelSchema, _ node: JSONDocument.Node, _ base: UnsafeMutableRawPointer, _ context: inout ReadContext
  ) throws(ModelError) {
    // The key table is handed down borrowed from the schema; a local
    // would be retained and released for every object, on a count that
    // every thread reading the type shares.
    if context.options.keyDecoding == .convertFromSnakeCase {
      try decodeMembers(schema, schema.snakeCaseKeys, node, base, &context)
    } else {
      try decodeMembers(schema, schema.defaultKeys, node, base, &context)
    }
    // (Most types map no key path or fallback list: no call for them.)
    if !schema.mappedFields.isEmpty { try decodeMappedFields(schema, node, base, &context) }
  }

  /// The member pass: each member of `node` whose key `keys` knows, into its fields.
  private static func decodeMembers(
    _ schema: ModelSchema, _ keys: KeyTable, _ node: JSONDocument.Node, _ base: UnsafeMutableRawPointer,
    _ context: inout ReadContext
  ) throws(ModelError) {
    // The document borrowed from the context, which holds it for the whole
    // decode (a copy of it cost a retain and a release per object).
    try context.document.unretained.borrowing { (document) throws(ModelError) in
      try decodeMembers(schema, keys, node, base, document, &context)
    }
  }

  /// The member pass over the borrowed `document`. Apart: inlined into
  /// the borrow, it took `decodeField` in, and its frame, one per level of
  /// a nested decode, grew by more than half.
  @inline(never)
  private static func decodeMembers(
    _ schema: ModelSchema, _ keys: KeyTable, _ node: JSONDocument.Node, _ base: UnsafeMutableRawPointer,
    _ document: JSONDocument, _ context: inout ReadContext
  ) throws(ModelError) {
    let hot = schema.hotFields
    var hint = 0
    // The keys read so far, by index modulo 64: a key named again is found here.
    var seen: UInt64 = 0
    var members = document.memberWalk(of: node)
    while let (key, value) = members.nextMember(in: document) {
      guard let entry = keys.lookup(document, key, hint: &hint) else {
        if context.recorder != nil { noteUnknown(key, value, schema, context) }
        continue
      }
      let bit = UInt64(1) &<< UInt64(truncatingIfNeeded: entry & 63)
      if seen & bit != 0 { forgetEarlierValue(of: entry, before: key, in: node, keys, schema, base, document) }
      seen |= bit
      for index in keys.fields(of: entry) {
        // The scalar's two words read where the field lies: taken whole
        // first, the field was copied to the stack across the call.
        if hot[index].scalar.decode(document, value, into: base + hot[index].offset) { continue }
        let field = hot[index]
        if decodesArrayNaturally(field, value, base, document) { continue }
        do {
          if let nested = field.nested,
            try fillInPlace(nested, value, base + field.offset, step: .keyNode(document.unretained, key), &context)
          {
            continue
          }
          if document.partial != nil, ReadContext.holdsBack(value, of: document, from: field.converter.takeUnretainedValue()) {
            continue
          }
          try decodeField(field, of: schema, index, value, base, step: .keyNode(document.unretained, key), &context)
        } catch {
          // A value a later duplicate of its key replaces is not the object's: its error is not either.
          if let name = document.string(key), document.member(name, of: node) != value { continue }
          throw error
        }
      }
    }
  }

  /// The fields found by key path or fallback list, after the member pass.
  private static func decodeMappedFields(
    _ schema: ModelSchema, _ node: JSONDocument.Node, _ base: UnsafeMutableRawPointer, _ context: inout ReadContext
  ) throws(ModelError) {
    let document = context.document
    for index in schema.mappedFields {
      let field = schema.fields[index]
      let found = KeyPathLookup.value(of: field.candidates(context.options.keyDecoding), in: node, of: document) {
        document.member($0, of: node)
      }
      if let (value, candidate) = found {
        // Noted once the object is whole: until then a preferred key may still come.
        if context.recorder != nil, let first = field.mapped?.first, candidate != first,
          document.partial == nil || !ReadContext.isIncomplete(node, of: document)
        {
          context.note(
            .fallbackKey, value, target: "'\(field.name)'", step: .keyPath(candidate),
            note: candidate.joined(separator: "."))
        }
        if field.scalar.decode(document, value, into: base + field.offset) { continue }
        if decodesArrayNaturally(schema.hotFields[index], value, base, document) { continue }
        if document.partial != nil, ReadContext.holdsBack(value, of: document, from: field.converter) { continue }
        try decodeField(schema.hotFields[index], of: schema, index, value, base, step: .keyPath(candidate), &context)
      }
    }
  }

  /// When the object named key `entry` before `key` (a duplicate: the
  /// last value wins, as in the text's `JSONValue`), puts the fields it
  /// feeds back to their defaults, so that the last value is read as if it
  /// were alone: one that does not convert leaves the default, not the
  /// earlier value; a nested model is not merged into the earlier one.
  /// Rare, so apart: the member pass only tests a bit.
  @inline(never)
  private static func forgetEarlierValue(
    of entry: Int, before key: JSONDocument.Node, in node: JSONDocument.Node, _ keys: KeyTable,
    _ schema: ModelSchema, _ base: UnsafeMutableRawPointer, _ document: JSONDocument
  ) {
    var hint = 0
    for (earlier, _) in document.members(of: node) {
      if earlier == key { return }  // another key with the same bit: not a duplicate
      if keys.lookup(document, earlier, hint: &hint) == entry { break }
    }
    withDefaultFields(of: schema) { defaults in
      for index in keys.fields(of: entry) {
        let field = schema.fields[index]
        field.converter.copyField(from: defaults + field.offset, to: base + field.offset)
      }
    }
  }

  /// Notes a member no property reads (unless a key path starts with it).
  private static func noteUnknown(
    _ key: JSONDocument.Node, _ value: JSONDocument.Node, _ schema: ModelSchema, _ context: ReadContext
  ) {
    let document = context.document
    if !schema.keyPathHeads.isEmpty, let name = document.string(key), schema.keyPathHeads.contains(name) { return }
    // A value still arriving is noted once it is whole (its excerpt would change).
    if let partial = context.partial, partial.isIncomplete(value) { return }
    context.note(.unknownKey, value, target: TypeNames.name(of: schema.type), step: .keyNode(document.unretained, key))
  }

  /// Fills a struct model field in place from an object, when the model
  /// has no decoding hooks (a hook could reject it, and a half-filled value
  /// cannot be taken back); false to take the converter. Keys the object omits keep
  /// the values the field already had, as `update(json:)` does.
  @inline(__always)
  private static func fillInPlace(
    _ filler: Unmanaged<AnyModelFiller>, _ node: JSONDocument.Node, _ field: UnsafeMutableRawPointer,
    step: CodingPath.Step, _ context: inout ReadContext
  ) throws(ModelError) -> Bool {
    // The filler and its schema borrowed, not retained (`Unmanaged.withBorrowed`).
    var filled = false
    try filler.withBorrowed { filler throws(ModelError) in
      try filler.reference.withSchema { schema throws(ModelError) in
        // A nil optional gets a new model, which `modelType(for:)` may choose.
        let isNew = filler.isOptional && filler.isNil(field)
        guard !schema.hooks.anyMayRun(isNew ? .decoding : .filling), context.document.kind(of: node) == .object
        else { return }
        if isNew { filler.makeDefault(field) }
        context.path.push(step)
        defer { context.path.pop() }
        try StackGuard.check(depth: context.depth, at: context.path)
        try decodeFields(schema, node, field, &context)
        filled = true
      }
    }
    return filled
  }

  /// Reads an array of scalars (`CompiledArray`) each of its natural
  /// kind as its converter would, without it, after the field's scalar
  /// path (`ScalarField.decode`); false, writing nothing, for any other
  /// value or field. (Not in a text still arriving: there an array may be cut short.)
  @inline(__always)
  private static func decodesArrayNaturally(
    _ field: ModelSchema.HotField, _ value: JSONDocument.Node, _ base: UnsafeMutableRawPointer,
    _ document: JSONDocument
  ) -> Bool {
    guard let array = field.array, document.partial == nil else { return false }
    return array.decodeNatural(document, value, into: base + field.offset)
  }

  /// Decodes field `index` of `schema` through its converter. The field
  /// comes as its hot form, which holds no reference to retain: the full
  /// `Field` (its name) is read only for a strict error.
  private static func decodeField(
    _ field: ModelSchema.HotField, of schema: ModelSchema, _ index: Int, _ node: JSONDocument.Node,
    _ base: UnsafeMutableRawPointer, step: consuming CodingPath.Step, _ context: inout ReadContext
  ) throws(ModelError) {
    context.path.push(step)
    defer { context.path.pop() }
    try StackGuard.check(depth: context.depth, at: context.path)
    // The converter borrowed, not retained: the schema keeps it alive.
    var outcome = Converted<Void>.natural(())
    try field.converter.withBorrowed { (converter) throws(ModelError) in
      outcome = try converter.decodeField(base + field.offset, node, &context)
    }
    let failure: ConversionFailure
    switch outcome {
    case .natural: return
    case .converted: return context.noteConversion(node, target: field.converter.takeUnretainedValue().typeName)
    case .failed(let reason): failure = reason
    }
    let converter = field.converter.takeUnretainedValue()
    if context.options.strict {
      throw context.failure(failure, node, target: "property '\(schema.fields[index].name)' of type \(converter.typeName)")
    }
    context.noteFailure(failure, node, target: converter.typeName)
  }
}
