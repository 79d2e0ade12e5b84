/// A model type's schema as the converters of fields holding that model
/// know it. A model can contain itself (through an array, an optional or a
/// class), so its converters exist before its schema does: the builder
/// sets `schema` once, when it is built, before anything is published.
final class SchemaReference: @unchecked Sendable {
  // Safe to share: `schema` is set once, under the cache's lock, before
  // the reference is reachable from any published schema.

  /// Whether the model is a class (known before its schema is built).
  let isClass: Bool
  private var target: ModelSchema?
  /// `target`, for `withSchema`.
  private var unretained: Unmanaged<ModelSchema>?

  init(isClass: Bool) { self.isClass = isClass }

  /// The schema; only read once building is over.
  var schema: ModelSchema {
    guard let target else { preconditionFailure("a schema was used before it was built") }
    return target
  }

  /// Calls `body` with the schema borrowed, without a retain
  /// (`Unmanaged.withBorrowed`). (The schema lives as long as this
  /// reference, which holds it.)
  @inline(__always)
  func withSchema(_ body: (ModelSchema) throws(ModelError) -> Void) throws(ModelError) {
    guard let unretained else { preconditionFailure("a schema was used before it was built") }
    try unretained.withBorrowed(body)
  }

  /// Sets the schema, once.
  func resolve(_ schema: ModelSchema) {
    precondition(target == nil, "a schema is built once")
    target = schema
    unretained = Unmanaged.passUnretained(schema)
  }
}
