/// `weibo.json` (YYModel's benchmark status) as a plain Codable type, typed
/// as its JSON is: dates are text, and picture sizes are numbers in some
/// entries and strings ("640") in others.
public struct PlainWeiboStatus: Codable, Equatable {
  /// A size that the data gives either as a number or as a string.
  public enum Measure: Codable, Equatable {
    case number(Int)
    case text(String)

    /// - Throws: the coder's own errors.
    public init(from decoder: any Decoder) throws {
      let single = try decoder.singleValueContainer()
      if let number = try? single.decode(Int.self) {
        self = .number(number)
      } else {
        self = .text(try single.decode(String.self))
      }
    }

    /// - Throws: the coder's own errors.
    public func encode(to encoder: any Encoder) throws {
      var single = encoder.singleValueContainer()
      switch self {
      case .number(let number): try single.encode(number)
      case .text(let text): try single.encode(text)
      }
    }
  }

  public struct PictureSize: Codable, Equatable {
    public var url: String
    public var width: Measure
    public var height: Measure
    public var type: String
    public var cut_type: Int
  }

  public struct Picture: Codable, Equatable {
    public var pic_id: String
    public var object_id: String?
    public var filter_id: String?
    public var photo_tag: Int
    public var thumbnail: PictureSize?
    public var bmiddle: PictureSize?
    public var middleplus: PictureSize?
    public var large: PictureSize?
    public var largest: PictureSize?
    public var original: PictureSize?
  }

  public struct User: Codable, Equatable {
    public struct Icon: Codable, Equatable {
      public var url: String
    }

    public var id: UInt64
    public var idstr: String
    public var gender: String
    public var name: String
    public var screen_name: String
    public var description: String
    public var remark: String
    public var location: String
    public var province: String
    public var city: String
    public var domain: String
    public var weihao: String
    public var url: String
    public var profile_url: String
    public var profile_image_url: String
    public var avatar_large: String
    public var avatar_hd: String
    public var cover_image_phone: String?
    public var created_at: String
    public var followers_count: Int
    public var friends_count: Int
    public var bi_followers_count: Int
    public var statuses_count: Int
    public var favourites_count: Int
    public var pagefriends_count: Int
    public var verified: Bool
    public var verified_type: Int
    public var verified_level: Int
    public var verified_state: Int
    public var verified_reason: String
    public var verified_source: String
    public var geo_enabled: Bool
    public var follow_me: Bool
    public var allow_all_act_msg: Bool
    public var allow_all_comment: Bool
    public var online_status: Int
    public var level: Int
    public var mbrank: Int
    public var mbtype: Int
    public var urank: Int
    public var ulevel: Int
    public var star: Int
    public var credit_score: Int
    public var block_word: Int
    public var block_app: Int
    public var user_ability: Int
    public var badge: [String: Int]
    public var icons: [Icon]
  }

  public struct Visibility: Codable, Equatable {
    public var type: Int
    public var list_id: Int
  }

  public struct Annotation: Codable, Equatable {
    public var client_mblogid: String?
    public var mapi_request: Bool?
  }

  public var id: UInt64
  public var idstr: String
  public var mid: String
  public var mblogid: String
  public var created_at: String
  public var user: User
  public var text: String
  public var thumbnail_pic: String
  public var bmiddle_pic: String
  public var original_pic: String
  public var source: String
  public var source_type: Int
  public var source_allowclick: Int
  public var geo: String
  public var scheme: String
  public var filterID: String
  public var mblogtypename: String
  public var in_reply_to_screen_name: String
  public var in_reply_to_status_id: String
  public var in_reply_to_user_id: String
  public var favorited: Bool
  public var truncated: Bool
  public var reposts_count: Int
  public var comments_count: Int
  public var attitudes_count: Int
  public var attitudes_status: Int
  public var recom_state: Int
  public var biz_feature: Int64
  public var mlevel: Int
  public var userType: Int
  public var visible: Visibility
  public var annotations: [Annotation]
  public var pic_ids: [String]
  public var pic_infos: [String: Picture]
}
