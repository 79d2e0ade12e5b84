import Foundation
import ModelKit
import Testing

struct Owner: JSONModel {
  var uid: UInt64 = 0
  var name = ""
}

final class Repo: JSONModel {
  var repoID: UInt64 = 0
  var name = ""
  var owner = Owner()
  var backup: Owner?
  required init() {}
}

final class TreeNode: JSONModel {
  var value = 0
  var children: [TreeNode] = []
  var parent: TreeNode?
  required init() {}
}

@Suite("Nested models")
struct NestedModelTests {
  @Test func decodesAndEncodesNestedModels() throws {
    let repo = try Repo(json: #"{"repoID": 1, "name": "ModelKit", "owner": {"uid": 2, "name": "ada"}, "backup": {"uid": 3}}"#)
    #expect(repo.owner.uid == 2 && repo.owner.name == "ada")
    #expect(repo.backup?.uid == 3)
    let value = try repo.jsonValue()
    #expect(value["owner"]?["name"] == "ada")
    #expect(value["backup"]?["uid"] == 3)
  }

  @Test func updateKeepsWhatTheJSONDoesNotMention() throws {
    var repo = try Repo(json: #"{"repoID": 1, "name": "a", "owner": {"uid": 2, "name": "x"}}"#)
    try repo.update(json: #"{"name": "b"}"#)
    #expect(repo.repoID == 1 && repo.name == "b" && repo.owner.uid == 2)
  }

  @Test func wrongKindsForNestedModelsAreIgnored() throws {
    let repo = try Repo(json: #"{"owner": "nobody", "backup": 5}"#)
    #expect(repo.owner.uid == 0)
    #expect(repo.backup == nil)
  }

  @Test func recursiveTypesWork() throws {
    let tree = try TreeNode(json: #"{"value": 1, "children": [{"value": 2, "children": [{"value": 3}]}, {"value": 4}]}"#)
    #expect(tree.children.map(\.value) == [2, 4])
    #expect(tree.children[0].children[0].value == 3)
    #expect(try tree.jsonString() == #"{"value":1,"children":[{"value":2,"children":[{"value":3,"children":[]}]},{"value":4,"children":[]}]}"#)
  }
}
