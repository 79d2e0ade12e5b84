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

  /// Whether the field holds nil (optional fields only).
  func isNil(_ field: UnsafeRawPointer) -> Bool { fatalError("abstract") }

  /// Makes a nil optional field hold `Model()`.
  func makeDefault(_ field: UnsafeMutableRawPointer) { fatalError("abstract") }
}

/// The in-place filler of a struct model `Model` (or `Model?`) field.
final class ModelFiller<Model: JSONModel>: AnyModelFiller {
  override func isNil(_ field: UnsafeRawPointer) -> Bool {
    field.assumingMemoryBound(to: Model?.self).pointee == nil
  }

  override func makeDefault(_ field: UnsafeMutableRawPointer) {
    field.assumingMemoryBound(to: Model?.self).pointee = Model()
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
