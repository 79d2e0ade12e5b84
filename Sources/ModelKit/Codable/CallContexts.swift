import ModelKitJSON

// The composition root: every call's first context, wired here and only
// here to the walkers that converters hand nested values to (the model
// reader and writer for models, the Codable bridge for Codable values).
// It sits in Codable/, the lowest folder that sees all three.

extension ReadContext {
  /// A context for reading `document` with the model reader and the Codable bridge.
  init(
    document: JSONDocument, options: DecodingOptions, path: CodingPath = CodingPath(), rules: ReadRules = .modelKit,
    recorder: ReportRecorder? = nil
  ) {
    self.init(
      document: document, options: options, path: path, rules: rules, models: ModelReader(), codable: CodableBridge(),
      recorder: recorder)
  }
}

extension WriteContext {
  /// A context for writing with the model writer and the Codable bridge.
  init(options: JSONWriteOptions, capacity: Int = 16_384, buildsValue: Bool = false, rules: WriteRules = .modelKit) {
    self.init(
      options: options, capacity: capacity, buildsValue: buildsValue, rules: rules, models: ModelWriter(),
      codable: CodableBridge())
  }
}
