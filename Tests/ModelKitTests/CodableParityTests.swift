import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Plain Codable models of the corpus documents, as Foundation users write them.

struct CanadaFile: Codable, Equatable {
  struct Feature: Codable, Equatable {
    struct Geometry: Codable, Equatable {
      var type: String
      var coordinates: [[[Double]]]
    }
    var type: String
    var properties: [String: String]
    var geometry: Geometry
  }
  var type: String
  var features: [Feature]
}

struct TwitterFile: Codable, Equatable {
  struct Status: Codable, Equatable {
    var created_at: String
    var id: UInt64
    var id_str: String
    var text: String
    var source: String
    var truncated: Bool
    var in_reply_to_status_id: UInt64?
    var in_reply_to_user_id: UInt64?
    var in_reply_to_screen_name: String?
    var user: User
    var retweet_count: Int
    var favorite_count: Int
    var favorited: Bool
    var retweeted: Bool
    var lang: String
    var entities: Entities
    var metadata: [String: String]
  }

  struct User: Codable, Equatable {
    var id: UInt64
    var id_str: String
    var name: String
    var screen_name: String
    var location: String
    var description: String
    var url: String?
    var protected: Bool
    var followers_count: Int
    var friends_count: Int
    var listed_count: Int
    var created_at: String
    var favourites_count: Int
    var utc_offset: Int?
    var time_zone: String?
    var geo_enabled: Bool
    var verified: Bool
    var statuses_count: Int
    var lang: String
    var profile_image_url_https: String
    var default_profile: Bool
    var following: Bool
  }

  struct Entities: Codable, Equatable {
    struct Hashtag: Codable, Equatable {
      var text: String
      var indices: [Int]
    }
    struct Mention: Codable, Equatable {
      var screen_name: String
      var name: String
      var id: UInt64
      var indices: [Int]
    }
    var hashtags: [Hashtag]
    var user_mentions: [Mention]
  }

  struct SearchMetadata: Codable, Equatable {
    var completed_in: Double
    var max_id: UInt64
    var max_id_str: String
    var query: String
    var count: Int
    var since_id: Int
  }

  var statuses: [Status]
  var search_metadata: SearchMetadata
}

struct CitmFile: Codable, Equatable {
  struct Event: Codable, Equatable {
    var description: String?
    var id: Int
    var logo: String?
    var name: String
    var subTopicIds: [Int]
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int]
  }
  struct Performance: Codable, Equatable {
    struct Price: Codable, Equatable {
      var amount: Int
      var audienceSubCategoryId: Int
      var seatCategoryId: Int
    }
    struct SeatCategory: Codable, Equatable {
      struct Area: Codable, Equatable {
        var areaId: Int
        var blockIds: [Int]
      }
      var areas: [Area]
      var seatCategoryId: Int
    }
    var eventId: Int
    var id: Int
    var logo: String?
    var name: String?
    var prices: [Price]
    var seatCategories: [SeatCategory]
    var seatMapImage: String?
    var start: Int
    var venueCode: String
  }
  var areaNames: [String: String]
  var events: [String: Event]
  var performances: [Performance]
  var topicSubTopics: [String: [Int]]
}

struct PlainGithubUser: Codable, Equatable {
  var login: String
  var id: UInt64
  var avatar_url: String
  var gravatar_id: String
  var type: String
  var site_admin: Bool
  var name: String?
  var company: String?
  var email: String?
  var hireable: Bool?
  var bio: String?
  var public_repos: Int
  var public_gists: Int
  var followers: Int
  var following: Int
}

/// Strict ModelDecoder and Foundation's JSONDecoder agree on well-typed input,
/// and what ModelEncoder writes reads back equal in both.
@Suite("Codable parity with Foundation", .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.missingReason)))
struct CodableParityTests {
  func expectParity<T: Codable & Equatable>(_ type: T.Type, _ folder: String, _ file: String) throws {
    let data = Data(try TestData.bytes(folder, file))
    let foundation = try JSONDecoder().decode(T.self, from: data)
    let strict = try ModelDecoder(options: DecodingOptions(strict: true)).decode(T.self, from: data)
    let lenient = try ModelDecoder().decode(T.self, from: data)
    #expect(strict == foundation)
    #expect(lenient == foundation)
    let encoded = try ModelEncoder().encode(strict)
    #expect(try JSONDecoder().decode(T.self, from: encoded) == foundation)
    #expect(try ModelDecoder(options: DecodingOptions(strict: true)).decode(T.self, from: encoded) == foundation)
    let foundationEncoded = try JSONEncoder().encode(foundation)
    #expect(try ModelDecoder().decode(T.self, from: foundationEncoded) == foundation)
  }

  @Test func canada() throws { try expectParity(CanadaFile.self, "json-corpus", "canada.json") }
  @Test func twitter() throws { try expectParity(TwitterFile.self, "json-corpus", "twitter.json") }
  @Test func citm() throws { try expectParity(CitmFile.self, "json-corpus", "citm_catalog.json") }
  @Test func githubUser() throws { try expectParity(PlainGithubUser.self, "yymodel-benchmark", "user.json") }
}
