/// What the model reader needs to fill a nested struct model in place,
/// without generic code: its schema, and how to make an optional one non-nil.
class AnyModelFiller {
  let reference: SchemaReference
  /// Whether the field is `Model?` rather than `Model`.
  let isOptional: Bool

  required init(reference: SchemaReference, isOptional: Bool) {
    self.reference = reference
    self.isOptional = isOptional
  }

  /// The model's schema.
  var schema: ModelSchema { reference.schema }

  /// The in-place filler for a field converted by `converter`, if it is a
  /// struct model or an optional one.
  static func inPlace(_ converter: AnyConverter) -> AnyModelFiller? {
    (converter as? any ModelFieldFiller)?.filler
  }

  /// The filler of the struct models a `[Model]` field holds, for the
  /// writer to write them where the array holds them; nil for any other
  /// field, and for an array of `CodableModel`s, whose converter writes
  /// each by the model's rules.
  static func arrayElements(_ converter: AnyConverter) -> AnyModelFiller? {
    guard let element = converter.arrayElement, let filler = inPlace(element), !filler.isOptional,
      !filler.isCodableModel
    else { return nil }
    return filler
  }

  /// Whether the model is a `CodableModel`.
  var isCodableModel: Bool { fatalError("abstract") }

  /// Calls `body` with the elements of the `[Model]` at `field`: where the
  /// first lies (nil when there is none), how many there are, and the
  /// distance from one to the next.
  func withElements(
    ofArrayAt field: UnsafeRawPointer,
    _ body: (_ first: UnsafeRawPointer?, _ count: Int, _ stride: Int) throws(ModelError) -> Void
  ) throws(ModelError) {
    fatalError("abstract")
  }

  /// Whether the field holds nil (optional fields only).
  func isNil(_ field: UnsafeRawPointer) -> Bool { fatalError("abstract") }

  /// Makes a nil optional field hold `Model()`.
  func makeDefault(_ field: UnsafeMutableRawPointer) { fatalError("abstract") }
}

/// The in-place filler of a struct model `Model` (or `Model?`) field.
final class ModelFiller<Model: JSONModel>: AnyModelFiller {
  /// `Model?`, looked up once: code not compiled for `Model` that names
  /// `Model?` looks up its metadata on every call (~330 instructions).
  private let optional: any OptionalModel.Type = Model?.self

  override func isNil(_ field: UnsafeRawPointer) -> Bool { optional.isNil(at: field) }

  override func makeDefault(_ field: UnsafeMutableRawPointer) { optional.makeDefault(at: field) }

  override var isCodableModel: Bool { Model.self is any CodableModel.Type }

  override func withElements(
    ofArrayAt field: UnsafeRawPointer,
    _ body: (_ first: UnsafeRawPointer?, _ count: Int, _ stride: Int) throws(ModelError) -> Void
  ) throws(ModelError) {
    try field.assumingMemoryBound(to: [Model].self).pointee.withUnsafeBufferPointer { (models) throws(ModelError) in
      try body(UnsafeRawPointer(models.baseAddress), models.count, MemoryLayout<Model>.stride)
    }
  }
}

/// `Optional` of a model, reached through its metatype
/// (`ModelFiller.optional`): the methods below are handed `Self`, where
/// a method of `Optional` itself would look up `Wrapped?` again.
protocol OptionalModel: OptionalConvertible {
  /// An optional holding a new model.
  static func newModel() -> Self
}

extension Optional: OptionalModel where Wrapped: JSONModel {
  static func newModel() -> Self { .some(Wrapped()) }
}

extension OptionalModel {
  /// Makes the optional at `pointer` hold a new model.
  @inline(__always)
  static func makeDefault(at pointer: UnsafeMutableRawPointer) {
    pointer.assumingMemoryBound(to: Self.self).pointee = newModel()
  }
}

/// A converter that knows an in-place filler for its field.
protocol ModelFieldFiller {
  var filler: AnyModelFiller? { get }
}

extension OptionalConverter: ModelFieldFiller {
  /// An optional struct model fills in place too: the payload of a non-nil
  /// optional sits at its start.
  var filler: AnyModelFiller? {
    guard let inner = (wrapped as? any ModelFieldFiller)?.filler else { return nil }
    return type(of: inner).init(reference: inner.reference, isOptional: true)
  }
}
