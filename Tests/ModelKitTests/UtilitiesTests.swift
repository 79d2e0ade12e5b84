import Foundation
import ModelKit
import Testing

final class Leaf: JSONModel {
  var n = 0
  required init() {}
}

struct Holder: JSONModel {
  var string = ""
  var string2 = ""
  var count = 0
  var leaf = Leaf()
  var leaves: [Leaf] = []
  var optional: Leaf?
}

@Suite("Copy, equality, hash, description")
struct UtilitiesTests {
  @Test func copiesNestedClassModelsDeeply() throws {
    var holder = Holder()
    holder.leaf.n = 1
    holder.leaves = [Leaf(), Leaf()]
    holder.optional = holder.leaf
    let copy = holder.modelCopy()
    #expect(copy.leaf !== holder.leaf)
    #expect(copy.leaf.n == 1)
    #expect(copy.leaves[0] !== holder.leaves[0])
    #expect(copy.optional === copy.leaf)
    holder.leaf.n = 2
    #expect(copy.leaf.n == 1)
  }

  @Test func copiesCyclesOnce() {
    let a = Loop()
    a.name = "a"
    a.next = a
    let copy = a.modelCopy()
    #expect(copy !== a)
    #expect(copy.next === copy)
    #expect(copy.name == "a")
  }

  @Test func equalityAndHashFollowTheProperties() {
    var left = Holder()
    var right = Holder()
    #expect(left.modelEquals(right))
    right.count = 1
    #expect(!left.modelEquals(right))
    left.count = 1
    #expect(left.modelEquals(right))
    right.leaf.n = 3
    #expect(!left.modelEquals(right))
    left.leaf.n = 3
    var leftHasher = Hasher()
    var rightHasher = Hasher()
    left.modelHash(into: &leftHasher)
    right.modelHash(into: &rightHasher)
    #expect(leftHasher.finalize() == rightHasher.finalize())
  }

  @Test func swappedValuesAreNotEqual() {
    var apple = Holder()
    apple.string = "Apple"
    apple.string2 = "Steve"
    var steve = Holder()
    steve.string = "Steve"
    steve.string2 = "Apple"
    #expect(!apple.modelEquals(steve))
  }

  @Test func describesPropertiesSortedAndIndented() {
    var holder = Holder()
    holder.string = "x"
    holder.leaves = [Leaf()]
    let expected = """
      Holder {
          count = 0;
          leaf = Leaf {
              n = 0
          };
          leaves = [
              Leaf {
                  n = 0
              }
          ];
          optional = <nil>;
          string = "x";
          string2 = ""
      }
      """
    #expect(holder.modelDescription == expected)
  }
}
