/// Field-wise copies of models through their schemas, for `modelCopy()`:
/// nested class models are copied too, each instance once, so the copy
/// has the same shape (shared instances and cycles included). Class models
/// nested deeper than the thread's stack allows to walk are shared, not copied.
enum ModelCopy {
  /// A copy of `model` (of its dynamic type, for a class).
  static func copy<Model: JSONModel>(_ model: Model) -> Model {
    guard let schema = try? ModelSchema.of(type(of: model)) else { return model }
    if let memo = CopyMemo.current {
      return copy(model, schema: schema, memo: memo)
    }
    let memo = CopyMemo()
    return CopyMemo.$current.withValue(memo) { copy(model, schema: schema, memo: memo) }
  }

  private static func copy<Model: JSONModel>(_ model: Model, schema: ModelSchema, memo: CopyMemo) -> Model {
    guard schema.isClass else {
      var copy = model
      withUnsafePointer(to: model) { source in
        withUnsafeMutablePointer(to: &copy) { target in
          copyFields(schema, from: UnsafeRawPointer(source), to: UnsafeMutableRawPointer(target))
        }
      }
      return copy
    }
    let object = model as AnyObject
    if let done = memo.copies[ObjectIdentifier(object)] as? Model { return done }
    memo.depth += 1
    defer { memo.depth -= 1 }
    guard StackGuard.hasRoom(depth: memo.depth) else { return model }
    let copy = type(of: model).init()
    let copyObject = copy as AnyObject
    memo.copies[ObjectIdentifier(object)] = copyObject
    withExtendedLifetime((object, copyObject)) {
      copyFields(
        schema, from: UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()),
        to: Unmanaged.passUnretained(copyObject).toOpaque())
    }
    return copy
  }

  private static func copyFields(
    _ schema: ModelSchema, from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer
  ) {
    for field in schema.fields {
      field.converter.copyField(from: source + field.offset, to: target + field.offset)
    }
  }
}

/// Class instances already copied by the `modelCopy()` in progress.
final class CopyMemo: @unchecked Sendable {
  // Only used by the task that runs the copy.
  @TaskLocal static var current: CopyMemo?
  var copies: [ObjectIdentifier: AnyObject] = [:]
  /// How many class models the copy in progress is inside.
  var depth = 0
}
