import ModelKit

/// A model from a module built without reflection names.
public struct NamelessUser: JSONModel, Codable, Equatable {
  public var id = 0
  public var name = ""
  public init() {}
}

/// A class model from the same module.
public final class NamelessBook: JSONModel {
  public var title = ""
  public required init() {}
}
