import Foundation

// Plain Codable models of the corpus documents, as Foundation users write them.

/// `canada.json`: GeoJSON features with nested coordinate arrays.
public struct CanadaFile: Codable, Equatable {
  public struct Feature: Codable, Equatable {
    public struct Geometry: Codable, Equatable {
      public var type: String
      public var coordinates: [[[Double]]]
    }
    public var type: String
    public var properties: [String: String]
    public var geometry: Geometry
  }
  public var type: String
  public var features: [Feature]
}

/// `twitter.json`: search results, statuses with their users and entities.
public struct TwitterFile: Codable, Equatable {
  public struct Status: Codable, Equatable {
    public var created_at: String
    public var id: UInt64
    public var id_str: String
    public var text: String
    public var source: String
    public var truncated: Bool
    public var in_reply_to_status_id: UInt64?
    public var in_reply_to_user_id: UInt64?
    public var in_reply_to_screen_name: String?
    public var user: User
    public var retweet_count: Int
    public var favorite_count: Int
    public var favorited: Bool
    public var retweeted: Bool
    public var lang: String
    public var entities: Entities
    public var metadata: [String: String]
  }

  public struct User: Codable, Equatable {
    public var id: UInt64
    public var id_str: String
    public var name: String
    public var screen_name: String
    public var location: String
    public var description: String
    public var url: String?
    public var protected: Bool
    public var followers_count: Int
    public var friends_count: Int
    public var listed_count: Int
    public var created_at: String
    public var favourites_count: Int
    public var utc_offset: Int?
    public var time_zone: String?
    public var geo_enabled: Bool
    public var verified: Bool
    public var statuses_count: Int
    public var lang: String
    public var profile_image_url_https: String
    public var default_profile: Bool
    public var following: Bool
  }

  public struct Entities: Codable, Equatable {
    public struct Hashtag: Codable, Equatable {
      public var text: String
      public var indices: [Int]
    }
    public struct Mention: Codable, Equatable {
      public var screen_name: String
      public var name: String
      public var id: UInt64
      public var indices: [Int]
    }
    public var hashtags: [Hashtag]
    public var user_mentions: [Mention]
  }

  public struct SearchMetadata: Codable, Equatable {
    public var completed_in: Double
    public var max_id: UInt64
    public var max_id_str: String
    public var query: String
    public var count: Int
    public var since_id: Int
  }

  public var statuses: [Status]
  public var search_metadata: SearchMetadata
}

/// `citm_catalog.json`: events and performances of a ticketing catalogue.
public struct CitmFile: Codable, Equatable {
  public struct Event: Codable, Equatable {
    public var description: String?
    public var id: Int
    public var logo: String?
    public var name: String
    public var subTopicIds: [Int]
    public var subjectCode: String?
    public var subtitle: String?
    public var topicIds: [Int]
  }
  public struct Performance: Codable, Equatable {
    public struct Price: Codable, Equatable {
      public var amount: Int
      public var audienceSubCategoryId: Int
      public var seatCategoryId: Int
    }
    public struct SeatCategory: Codable, Equatable {
      public struct Area: Codable, Equatable {
        public var areaId: Int
        public var blockIds: [Int]
      }
      public var areas: [Area]
      public var seatCategoryId: Int
    }
    public var eventId: Int
    public var id: Int
    public var logo: String?
    public var name: String?
    public var prices: [Price]
    public var seatCategories: [SeatCategory]
    public var seatMapImage: String?
    public var start: Int
    public var venueCode: String
  }
  public var areaNames: [String: String]
  public var events: [String: Event]
  public var performances: [Performance]
  public var topicSubTopics: [String: [Int]]
}

/// `user.json` as a plain Codable type (keys as in the JSON).
public struct PlainGithubUser: Codable, Equatable {
  public var login: String
  public var id: UInt64
  public var avatar_url: String
  public var gravatar_id: String
  public var type: String
  public var site_admin: Bool
  public var name: String?
  public var company: String?
  public var email: String?
  public var hireable: Bool?
  public var bio: String?
  public var public_repos: Int
  public var public_gists: Int
  public var followers: Int
  public var following: Int
}

