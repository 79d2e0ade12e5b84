import Foundation
import ModelKit

// The floor for the Weibo models: hand-written decoding over ModelKit's
// document and encoding with its writer, as a person would write it.

extension JSONDocument {
  /// A number, or a string holding one (Weibo writes some widths as "640"); else 0.
  fileprivate func lenientInt(_ node: Node) -> Int {
    if let number = int(node) { return number }
    return Int(string(node) ?? "") ?? 0
  }
}

extension WeiboPictureMetadata {
  init(floor d: JSONDocument, _ node: JSONDocument.Node) {
    self.init()
    for (key, value) in d.members(of: node) {
      if d.stringEquals(key, "url") { url = d.string(value) }
      else if d.stringEquals(key, "width") { width = d.lenientInt(value) }
      else if d.stringEquals(key, "height") { height = d.lenientInt(value) }
      else if d.stringEquals(key, "type") { type = d.string(value) }
      else if d.stringEquals(key, "cut_type") { cutType = d.lenientInt(value) }
    }
  }

  func writeFloor(_ w: inout JSONWriter) {
    w.beginObject()
    if let url { w.writeKey("url"); w.write(url) }
    w.writeKey("width"); w.write(width)
    w.writeKey("height"); w.write(height)
    if let type { w.writeKey("type"); w.write(type) }
    w.writeKey("cut_type"); w.write(cutType)
    w.endObject()
  }
}

extension WeiboPicture {
  init(floor d: JSONDocument, _ node: JSONDocument.Node) {
    self.init()
    for (key, value) in d.members(of: node) {
      if d.stringEquals(key, "pic_id") { picID = d.string(value) }
      else if d.stringEquals(key, "object_id") { objectID = d.string(value) }
      else if d.stringEquals(key, "filter_id") { filterID = d.string(value) }
      else if d.stringEquals(key, "photo_tag") { photoTag = d.lenientInt(value) }
      else if d.stringEquals(key, "thumbnail") { thumbnail = WeiboPictureMetadata(floor: d, value) }
      else if d.stringEquals(key, "bmiddle") { bmiddle = WeiboPictureMetadata(floor: d, value) }
      else if d.stringEquals(key, "middleplus") { middlePlus = WeiboPictureMetadata(floor: d, value) }
      else if d.stringEquals(key, "large") { large = WeiboPictureMetadata(floor: d, value) }
      else if d.stringEquals(key, "largest") { largest = WeiboPictureMetadata(floor: d, value) }
      else if d.stringEquals(key, "original") { original = WeiboPictureMetadata(floor: d, value) }
    }
  }

  func writeFloor(_ w: inout JSONWriter) {
    w.beginObject()
    if let picID { w.writeKey("pic_id"); w.write(picID) }
    if let objectID { w.writeKey("object_id"); w.write(objectID) }
    if let filterID { w.writeKey("filter_id"); w.write(filterID) }
    w.writeKey("photo_tag"); w.write(photoTag)
    let sizes = [("thumbnail", thumbnail), ("bmiddle", bmiddle), ("middleplus", middlePlus), ("large", large), ("largest", largest), ("original", original)]
    for (key, size) in sizes {
      if let size { w.writeKey(key); size.writeFloor(&w) }
    }
    w.endObject()
  }
}

extension WeiboUser {
  init(floor d: JSONDocument, _ node: JSONDocument.Node) {
    self.init()
    for (key, value) in d.members(of: node) {
      if d.stringEquals(key, "id") { userID = d.uint64(value) ?? 0 }
      else if d.stringEquals(key, "idstr") { idString = d.string(value) }
      else if d.stringEquals(key, "gender") { gender = d.string(value) }
      else if d.stringEquals(key, "name") { name = d.string(value) }
      else if d.stringEquals(key, "screen_name") { screenName = d.string(value) }
      else if d.stringEquals(key, "description") { desc = d.string(value) }
      else if d.stringEquals(key, "remark") { remark = d.string(value) }
      else if d.stringEquals(key, "location") { location = d.string(value) }
      else if d.stringEquals(key, "province") { province = d.string(value) }
      else if d.stringEquals(key, "city") { city = d.string(value) }
      else if d.stringEquals(key, "domain") { domain = d.string(value) }
      else if d.stringEquals(key, "weihao") { weihao = d.string(value) }
      else if d.stringEquals(key, "url") { url = d.string(value) }
      else if d.stringEquals(key, "profile_url") { profileURL = d.string(value) }
      else if d.stringEquals(key, "profile_image_url") { profileImageURL = d.string(value) }
      else if d.stringEquals(key, "avatar_large") { avatarLarge = d.string(value) }
      else if d.stringEquals(key, "avatar_hd") { avatarHD = d.string(value) }
      else if d.stringEquals(key, "cover_image_phone") { coverImagePhone = d.string(value) }
      else if d.stringEquals(key, "lang") { lang = d.string(value) }
      else if d.stringEquals(key, "created_at") { createdAt = WeiboFloorDates.parse(d.string(value)) }
      else if d.stringEquals(key, "followers_count") { followersCount = d.lenientInt(value) }
      else if d.stringEquals(key, "friends_count") { friendsCount = d.lenientInt(value) }
      else if d.stringEquals(key, "bi_followers_count") { biFollowersCount = d.lenientInt(value) }
      else if d.stringEquals(key, "statuses_count") { statusesCount = d.lenientInt(value) }
      else if d.stringEquals(key, "favourites_count") { favouritesCount = d.lenientInt(value) }
      else if d.stringEquals(key, "pagefriends_count") { pagefriendsCount = d.lenientInt(value) }
      else if d.stringEquals(key, "verified") { verified = d.bool(value) ?? false }
      else if d.stringEquals(key, "verified_type") { verifiedType = d.lenientInt(value) }
      else if d.stringEquals(key, "verified_level") { verifiedLevel = d.lenientInt(value) }
      else if d.stringEquals(key, "verified_state") { verifiedState = d.lenientInt(value) }
      else if d.stringEquals(key, "verified_reason") { verifiedReason = d.string(value) }
      else if d.stringEquals(key, "verified_source") { verifiedSource = d.string(value) }
      else if d.stringEquals(key, "geo_enabled") { geoEnabled = d.bool(value) ?? false }
      else if d.stringEquals(key, "follow_me") { followMe = d.bool(value) ?? false }
      else if d.stringEquals(key, "following") { following = d.bool(value) ?? false }
      else if d.stringEquals(key, "allow_all_act_msg") { allowAllActMsg = d.bool(value) ?? false }
      else if d.stringEquals(key, "allow_all_comment") { allowAllComment = d.bool(value) ?? false }
      else if d.stringEquals(key, "online_status") { onlineStatus = d.lenientInt(value) }
      else if d.stringEquals(key, "level") { level = d.lenientInt(value) }
      else if d.stringEquals(key, "mbrank") { mbrank = d.lenientInt(value) }
      else if d.stringEquals(key, "mbtype") { mbtype = d.lenientInt(value) }
      else if d.stringEquals(key, "urank") { urank = d.lenientInt(value) }
      else if d.stringEquals(key, "ulevel") { ulevel = d.lenientInt(value) }
      else if d.stringEquals(key, "star") { star = d.lenientInt(value) }
      else if d.stringEquals(key, "credit_score") { creditScore = d.lenientInt(value) }
      else if d.stringEquals(key, "block_word") { blockWord = d.lenientInt(value) }
      else if d.stringEquals(key, "block_app") { blockApp = d.lenientInt(value) }
      else if d.stringEquals(key, "user_ability") { userAbility = d.lenientInt(value) }
      else if d.stringEquals(key, "ptype") { ptype = d.lenientInt(value) }
      else if d.stringEquals(key, "class") { userClass = d.lenientInt(value) }
      else if d.stringEquals(key, "badge") {
        for (name, count) in d.members(of: value) {
          if let count = d.int(count), let name = d.string(name) { badge[name] = count }
        }
      } else if d.stringEquals(key, "icons") {
        for icon in d.elements(of: value) where d.kind(of: icon) == .object {
          var item = WeiboIcon()
          item.url = d.member("url", of: icon).flatMap(d.string)
          icons.append(item)
        }
      }
    }
  }

  func writeFloor(_ w: inout JSONWriter) {
    w.beginObject()
    w.writeKey("id"); w.write(userID)
    let strings: [(String, String?)] = [
      ("idstr", idString), ("gender", gender), ("name", name), ("screen_name", screenName), ("description", desc),
      ("remark", remark), ("location", location), ("province", province), ("city", city), ("domain", domain),
      ("weihao", weihao), ("url", url), ("profile_url", profileURL), ("profile_image_url", profileImageURL),
      ("avatar_large", avatarLarge), ("avatar_hd", avatarHD), ("cover_image_phone", coverImagePhone), ("lang", lang),
      ("created_at", createdAt.map(WeiboFloorDates.format)), ("verified_reason", verifiedReason),
      ("verified_source", verifiedSource),
    ]
    for (key, value) in strings {
      if let value { w.writeKey(key); w.write(value) }
    }
    let numbers: [(String, Int)] = [
      ("followers_count", followersCount), ("friends_count", friendsCount), ("bi_followers_count", biFollowersCount),
      ("statuses_count", statusesCount), ("favourites_count", favouritesCount), ("pagefriends_count", pagefriendsCount),
      ("verified_type", verifiedType), ("verified_level", verifiedLevel), ("verified_state", verifiedState),
      ("online_status", onlineStatus), ("level", level), ("mbrank", mbrank), ("mbtype", mbtype), ("urank", urank),
      ("ulevel", ulevel), ("star", star), ("credit_score", creditScore), ("block_word", blockWord),
      ("block_app", blockApp), ("user_ability", userAbility), ("ptype", ptype), ("class", userClass),
    ]
    for (key, value) in numbers { w.writeKey(key); w.write(value) }
    let flags: [(String, Bool)] = [
      ("verified", verified), ("geo_enabled", geoEnabled), ("follow_me", followMe), ("following", following),
      ("allow_all_act_msg", allowAllActMsg), ("allow_all_comment", allowAllComment),
    ]
    for (key, value) in flags { w.writeKey(key); w.write(value) }
    w.writeKey("badge")
    w.beginObject()
    for key in badge.keys.sorted() { w.writeKey(key); w.write(badge[key] ?? 0) }
    w.endObject()
    w.writeKey("icons")
    w.beginArray()
    for icon in icons {
      w.beginObject()
      if let url = icon.url { w.writeKey("url"); w.write(url) }
      w.endObject()
    }
    w.endArray()
    w.endObject()
  }
}

extension WeiboStatus {
  init(floor d: JSONDocument, _ node: JSONDocument.Node) {
    self.init()
    for (key, value) in d.members(of: node) {
      if d.stringEquals(key, "id") { statusID = d.uint64(value) ?? 0 }
      else if d.stringEquals(key, "idstr") { idString = d.string(value) }
      else if d.stringEquals(key, "mid") { mid = d.string(value) }
      else if d.stringEquals(key, "mblogid") { mblogID = d.string(value) }
      else if d.stringEquals(key, "created_at") { createdAt = WeiboFloorDates.parse(d.string(value)) }
      else if d.stringEquals(key, "user") { user = WeiboUser(floor: d, value) }
      else if d.stringEquals(key, "text") { text = d.string(value) }
      else if d.stringEquals(key, "thumbnail_pic") { thumbnailPic = d.string(value) }
      else if d.stringEquals(key, "bmiddle_pic") { bmiddlePic = d.string(value) }
      else if d.stringEquals(key, "original_pic") { originalPic = d.string(value) }
      else if d.stringEquals(key, "source") { source = d.string(value) }
      else if d.stringEquals(key, "source_type") { sourceType = d.lenientInt(value) }
      else if d.stringEquals(key, "source_allowclick") { sourceAllowClick = d.lenientInt(value) }
      else if d.stringEquals(key, "geo") { geo = d.string(value) }
      else if d.stringEquals(key, "scheme") { scheme = d.string(value) }
      else if d.stringEquals(key, "filterID") { filterID = d.string(value) }
      else if d.stringEquals(key, "mblogtypename") { mblogTypeName = d.string(value) }
      else if d.stringEquals(key, "in_reply_to_screen_name") { inReplyToScreenName = d.string(value) }
      else if d.stringEquals(key, "in_reply_to_status_id") { inReplyToStatusID = d.string(value) }
      else if d.stringEquals(key, "in_reply_to_user_id") { inReplyToUserID = d.string(value) }
      else if d.stringEquals(key, "favorited") { favorited = d.bool(value) ?? false }
      else if d.stringEquals(key, "truncated") { truncated = d.bool(value) ?? false }
      else if d.stringEquals(key, "reposts_count") { repostsCount = d.lenientInt(value) }
      else if d.stringEquals(key, "comments_count") { commentsCount = d.lenientInt(value) }
      else if d.stringEquals(key, "attitudes_count") { attitudesCount = d.lenientInt(value) }
      else if d.stringEquals(key, "attitudes_status") { attitudesStatus = d.lenientInt(value) }
      else if d.stringEquals(key, "recom_state") { recomState = d.lenientInt(value) }
      else if d.stringEquals(key, "biz_feature") { bizFeature = d.int64(value) ?? 0 }
      else if d.stringEquals(key, "mlevel") { mlevel = d.lenientInt(value) }
      else if d.stringEquals(key, "userType") { userType = d.lenientInt(value) }
      else if d.stringEquals(key, "pic_ids") { picIDs = d.elements(of: value).compactMap(d.string) }
      else if d.stringEquals(key, "pic_infos") {
        for (name, picture) in d.members(of: value) where d.kind(of: picture) == .object {
          picInfos[d.string(name) ?? ""] = WeiboPicture(floor: d, picture)
        }
      } else if d.stringEquals(key, "visible") {
        for (name, number) in d.members(of: value) {
          if let number = d.int(number), let name = d.string(name) { visible[name] = number }
        }
      }
    }
  }

  func writeFloor(_ w: inout JSONWriter) {
    w.beginObject()
    w.writeKey("id"); w.write(statusID)
    let strings: [(String, String?)] = [
      ("idstr", idString), ("mid", mid), ("mblogid", mblogID), ("created_at", createdAt.map(WeiboFloorDates.format)),
      ("text", text), ("thumbnail_pic", thumbnailPic), ("bmiddle_pic", bmiddlePic), ("original_pic", originalPic),
      ("source", source), ("geo", geo), ("scheme", scheme), ("filterID", filterID), ("mblogtypename", mblogTypeName),
      ("in_reply_to_screen_name", inReplyToScreenName), ("in_reply_to_status_id", inReplyToStatusID),
      ("in_reply_to_user_id", inReplyToUserID),
    ]
    for (key, value) in strings {
      if let value { w.writeKey(key); w.write(value) }
    }
    if let user { w.writeKey("user"); user.writeFloor(&w) }
    let numbers: [(String, Int)] = [
      ("source_type", sourceType), ("source_allowclick", sourceAllowClick), ("reposts_count", repostsCount),
      ("comments_count", commentsCount), ("attitudes_count", attitudesCount), ("attitudes_status", attitudesStatus),
      ("recom_state", recomState), ("mlevel", mlevel), ("userType", userType),
    ]
    for (key, value) in numbers { w.writeKey(key); w.write(value) }
    w.writeKey("biz_feature"); w.write(bizFeature)
    w.writeKey("favorited"); w.write(favorited)
    w.writeKey("truncated"); w.write(truncated)
    w.writeKey("pic_ids")
    w.beginArray()
    for id in picIDs { w.write(id) }
    w.endArray()
    w.writeKey("pic_infos")
    w.beginObject()
    for key in picInfos.keys.sorted() { w.writeKey(key); picInfos[key]?.writeFloor(&w) }
    w.endObject()
    w.writeKey("url_struct")
    w.beginArray()
    w.endArray()
    w.writeKey("visible")
    w.beginObject()
    for key in visible.keys.sorted() { w.writeKey(key); w.write(visible[key] ?? 0) }
    w.endObject()
    w.endObject()
  }
}

/// The floor's dates: hand-written code calls ModelKit's date parser and formatter directly.
enum WeiboFloorDates {
  static func parse(_ text: String?) -> Date? { text.flatMap(DateText.parse) }
  static func format(_ date: Date) -> String { DateText.iso8601(date) }
}
