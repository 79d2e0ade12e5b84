import Foundation
import ModelKit
import Testing

class BaseUser: JSONModel {
  var uid: UInt64 = 0
  var name = ""
  required init() {}

  class func modelType(for json: JSONObject) -> (any JSONModel.Type)? {
    if json["localName"] != nil { return LocalUser.self }
    if json["remoteName"] != nil { return RemoteUser.self }
    return nil
  }
}

final class LocalUser: BaseUser {
  var localName = ""
}

final class RemoteUser: BaseUser {
  var remoteName = ""
}

struct Directory: JSONModel {
  var users: [BaseUser] = []
  var byID: [String: BaseUser] = [:]
  var owner: BaseUser?
}

@Suite("Polymorphism")
struct PolymorphismTests {
  @Test func topLevelDecodingReturnsTheChosenSubclass() throws {
    #expect(type(of: try BaseUser(json: #"{"uid": 1}"#)) == BaseUser.self)
    let local = try BaseUser(json: #"{"uid": 2, "localName": "here"}"#)
    #expect((local as? LocalUser)?.localName == "here")
    #expect(local.uid == 2)
    #expect(type(of: try BaseUser(json: #"{"remoteName": "there"}"#)) == RemoteUser.self)
  }

  @Test func propertiesAndContainersUseTheChosenType() throws {
    let directory = try Directory(json: #"{"users": [{"uid": 1}, {"localName": "l"}, {"remoteName": "r"}], "byID": {"a": {"localName": "x"}}, "owner": {"remoteName": "o"}}"#)
    #expect(directory.users.map { String(describing: type(of: $0)) } == ["BaseUser", "LocalUser", "RemoteUser"])
    #expect(directory.byID["a"] is LocalUser)
    #expect((directory.owner as? RemoteUser)?.remoteName == "o")
  }

  @Test func encodingUsesTheDynamicType() throws {
    let user = try BaseUser(json: #"{"uid": 3, "localName": "here"}"#)
    #expect(try user.jsonValue() == ["uid": 3, "name": "", "localName": "here"])
  }
}

@Suite("Inheritance")
struct InheritanceTests {
  @Test func subclassesMapInheritedFieldsFirst() throws {
    let info = TypeInfo(of: LocalUser.self)
    #expect(info.fields.map(\.name) == ["uid", "name", "localName"])
    #expect(info.superclasses.first.map { ObjectIdentifier($0) } == ObjectIdentifier(BaseUser.self))
    let user = try LocalUser(json: #"{"uid": 5, "name": "n", "localName": "l"}"#)
    #expect(user.uid == 5 && user.name == "n" && user.localName == "l")
  }
}
