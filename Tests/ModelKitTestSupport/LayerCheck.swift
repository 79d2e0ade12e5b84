/// The check that the folders of a module form one direction of flow: a
/// file may use what its own folder and the folders below it declare,
/// never what a folder above declares. "What a folder declares" is every
/// type, at any nesting, and every member of a type's or an extension's
/// body (an extension in a higher folder adding a method to a lower
/// folder's type is the higher folder's). A name some lower place
/// declares in any way (a type, a member, a local, a parameter, a label)
/// belongs to the lowest such place, so that a common word (`value`,
/// `count`) is never taken for a use of a higher folder.
public enum LayerCheck {
  /// Members the standard library's protocols require (collections,
  /// Codable's coders and containers, raw values, descriptions), accessor
  /// words, and two members the standard library's types have: the
  /// package's types declare them too (as witnesses, mostly), and every
  /// layer uses them on the standard library's own types. Never a layer's own.
  public static let standardNames: Set<String> = [
    "count", "isEmpty", "first", "last", "startIndex", "endIndex", "index", "makeIterator", "next", "forEach",
    "contains", "rawValue", "description", "debugDescription", "hash", "hashValue", "errorDescription", "keys",
    "values", "codingPath", "userInfo", "container", "unkeyedContainer", "singleValueContainer", "nestedContainer",
    "nestedUnkeyedContainer", "superDecoder", "superEncoder", "allKeys", "decode", "decodeNil", "decodeIfPresent",
    "encode", "encodeNil", "encodeIfPresent", "isAtEnd", "currentIndex", "stringValue", "intValue",
    "properties", "get", "set", "willSet", "didSet",
  ]

  /// One source file in its layer (0 the lowest).
  public struct File {
    public let layer: Int
    public let path: String
    public let source: SwiftSource

    /// The file at `path` holding `text`, in `layer`.
    public init(layer: Int, path: String, text: String) {
      self.layer = layer
      self.path = path
      source = SwiftSource(text)
    }
  }

  /// Each use, in `files`, of a name only a higher layer declares: `path:line
  /// (layer) uses name (layer)`. `below` holds the sources of the modules
  /// under these layers, whose names belong to none of them.
  public static func violations(_ files: [File], layers: [String], below: [SwiftSource] = []) -> [String] {
    var owner: [String: Int] = [:]
    for source in below {
      for name in source.declared.union(source.types).union(source.members) { owner[name] = -1 }
    }
    // A type alias that names an outside type by its own name
    // (`typealias DateDecodingStrategy = JSONDecoder.DateDecodingStrategy`)
    // declares nothing new: the name is the outside type's.
    for file in files { for name in file.source.outsideAliases { owner[name] = -1 } }
    for file in files {
      for name in file.source.declared.union(file.source.types).union(file.source.members) {
        owner[name] = min(owner[name] ?? .max, file.layer)
      }
    }
    var layered: Set<String> = []
    for file in files { layered.formUnion(file.source.types.union(file.source.members)) }
    var found: [String] = []
    for file in files {
      for (name, offsets) in file.source.identifiers.sorted(by: { $0.key < $1.key }) {
        guard layered.contains(name), !standardNames.contains(name), let layer = owner[name], layer > file.layer, let first = offsets.first else { continue }
        found.append(
          "\(file.path):\(file.source.line(of: first)) (\(layers[file.layer])) uses \(name) (\(layers[layer]))")
      }
    }
    return found
  }
}
