/// `modelDescription`: a model's type, then its properties sorted by name,
/// one per line, nested models named and indented, nil shown as `<nil>` at
/// every level, a class instance met again inside itself as `<Type: cycle>`,
/// and one nested deeper than the thread's stack allows as `<Type: …>`.
enum ModelDescription {
  static func describe<Model: JSONModel>(_ model: Model, level: Int, _ context: inout WriteContext) -> String {
    let name = "\(type(of: model))"
    guard StackGuard.hasRoom(depth: level) else { return "<\(name): …>" }
    guard let schema = try? SchemaCache.shared.schema(for: type(of: model)) else { return name }
    guard schema.isClass else { return describe(model, name, schema, level, &context) }
    do {
      return try context.writing(model as AnyObject) { (context) throws(ModelError) in
        describe(model, name, schema, level, &context)
      }
    } catch {
      return "<\(name): cycle>"
    }
  }

  private static func describe<Model: JSONModel>(
    _ model: Model, _ name: String, _ schema: ModelSchema, _ level: Int, _ context: inout WriteContext
  ) -> String {
    let entries = schema.withFields(of: model) { base in
      schema.fields.map { field in
        (field.name, field.converter.describeField(base + field.offset, level: level + 1, &context))
      }
    }
    let lines = entries.sorted { $0.0 < $1.0 }.map { "\($0.0) = \($0.1)" }
    return name + " " + ValueDescription.block("{", "}", lines, level: level)
  }
}
