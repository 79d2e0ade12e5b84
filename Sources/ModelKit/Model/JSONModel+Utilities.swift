extension JSONModel {
  /// A copy whose nested class models are copies too (a struct's copy
  /// shares no class instance with the original; shared instances and
  /// cycles are copied once, so the copy has the same shape).
  ///
  /// Only the properties that take part in JSON are copied; the rest keep
  /// the values `init()` gives them.
  ///
  /// - Returns: the copy.
  public func modelCopy() -> Self {
    ModelCopy.copy(self)
  }

  /// Whether `other` has the same type and equal values in every property
  /// that takes part in JSON.
  ///
  /// - Parameter other: the model to compare with.
  /// - Returns: true when the two are one instance, or of one type with equal values.
  public func modelEquals(_ other: Self) -> Bool {
    if Self.self is AnyClass, (self as AnyObject) === (other as AnyObject) { return true }
    guard type(of: self) == type(of: other), let schema = try? ModelSchema.of(type(of: self)) else {
      return false
    }
    return ModelFields.encodedFields(self, schema) == ModelFields.encodedFields(other, schema)
  }

  /// Hashes the properties that take part in JSON, consistently with `modelEquals`.
  ///
  /// - Parameter hasher: the hasher to feed.
  public func modelHash(into hasher: inout Hasher) {
    guard let schema = try? ModelSchema.of(type(of: self)) else { return }
    hasher.combine(ModelFields.encodedFields(self, schema))
  }

  /// A multi-line description: the type name, then every property that
  /// takes part in JSON, sorted by name, one per line, indented per level.
  ///
  /// ```
  /// Book {
  ///     author = Author {
  ///         name = "Ada"
  ///     };
  ///     name = "Notes";
  ///     page = 12
  /// }
  /// ```
  public var modelDescription: String {
    var context = WriteContext(options: [.sortedKeys], capacity: 256)
    return ModelDescription.describe(self, level: 0, &context)
  }
}

/// Field-wise comparison of models through their schemas.
enum ModelFields {
  /// Each field's JSON value (nil when left out), compared and hashed by
  /// value: `1` and `1.0` are the same number.
  static func encodedFields<Model: JSONModel>(_ model: Model, _ schema: ModelSchema) -> [JSONValue?] {
    schema.withFields(of: model) { base in
      schema.fields.map { field -> JSONValue? in
        let address = base + field.offset
        var context = WriteContext(options: [.sortedKeys], buildsValue: true)
        guard (try? field.converter.encodeField(address, key: nil, needsEscaping: false, takesPath: false, &context)) == true else { return nil }
        return try? context.builtValue()
      }
    }
  }
}
