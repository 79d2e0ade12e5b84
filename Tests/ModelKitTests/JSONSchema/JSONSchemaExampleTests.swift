import Foundation
import ModelKit
import Testing

/// The README's and the DocC article's example: a `Recipe` asked of a
/// language model with the OpenAI profile, and a recorded answer decoded
/// with a report.
struct Recipe: JSONModel, JSONSchemaDescribing {
  var title = ""
  var servings = 0
  var minutes: Int?
  var ingredients: [Ingredient] = []
  var steps: [String] = []
  var difficulty: Difficulty = .easy

  static var schemaDescription: String? { "A recipe, as a cook reads it." }
  static var propertyDescriptions: [String: String] { ["minutes": "Total time, preparation included."] }
}

struct Ingredient: JSONModel {
  var name = ""
  var quantity = 0.0
  var unit: String?
}

enum Difficulty: String, Codable { case easy, medium, hard }

@Suite struct JSONSchemaExampleTests {
  /// An answer as a model returned it: every key present, `null` for what
  /// it does not know, and (as a model without strict mode may write) a
  /// number as text, which the lenient decode reads and reports.
  static let recordedAnswer = #"""
    {"title": "Pancakes", "servings": "4", "minutes": null,
     "ingredients": [{"name": "flour", "quantity": 200, "unit": "g"},
                     {"name": "eggs", "quantity": 2, "unit": null}],
     "steps": ["Whisk.", "Fry."], "difficulty": "easy"}
    """#

  @Test func aRecipeAskedOfAModelDecodesWithAReport() throws {
    let schema = try JSONSchema.of(Recipe.self, options: JSONSchemaOptions(profile: .openAIStrict))
    #expect(schema["required"] == ["title", "servings", "minutes", "ingredients", "steps", "difficulty"])
    #expect(schema["properties"]?["minutes"]?["type"] == ["integer", "null"])
    #expect(schema["properties"]?["difficulty"] == ["enum": ["easy", "medium", "hard"]])
    #expect(schema["$defs"]?["Ingredient"]?["additionalProperties"] == false)

    let report = DecodeReport()
    let recipe = try Recipe(json: Self.recordedAnswer, options: DecodingOptions(report: report))
    #expect(recipe.servings == 4 && recipe.minutes == nil && recipe.ingredients.count == 2)
    #expect(report.entries.map(\.kind) == [.converted])
    #expect(report.entries.first?.path == "$.servings")
  }

  @Test func openAPIComponentsForAnAPI() throws {
    let components = try JSONSchema.components(for: [Recipe.self], options: JSONSchemaOptions(dialect: .openAPI3_1, contract: .output))
    #expect(components["schemas"]?.object?.keys == ["Recipe", "Ingredient"])
    #expect(components["schemas"]?["Recipe"]?["properties"]?["ingredients"]?["items"] == ["$ref": "#/components/schemas/Ingredient"])
  }
}
