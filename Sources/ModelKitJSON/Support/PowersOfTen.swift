/// The powers of ten below 2^64, which the number reader and writer share.
enum PowersOfTen {
  /// 10^0 to 10^19. A literal: a table computed by `map` is read through
  /// `swift_once` at every access.
  static let integers: [UInt64] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
    100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
    10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
  ]

  /// ⌊2^shift / 5^k⌋ + 1 for k = 1 to 19 (at k - 1), `shift` making it a
  /// 128-bit number with its top bit set: a reciprocal of 5^k a little
  /// above the exact one, by which `NumberText` divides by 10^k in a
  /// multiplication. Generated exactly (integer arithmetic) and checked
  /// against 5^k by `NumberTests`.
  static let reciprocalsOfFive: [(shift: Int, high: UInt64, low: UInt64)] = [
    (shift: 130, high: 0xCCCCCCCCCCCCCCCC, low: 0xCCCCCCCCCCCCCCCD),  // 5^-1
    (shift: 132, high: 0xA3D70A3D70A3D70A, low: 0x3D70A3D70A3D70A4),  // 5^-2
    (shift: 134, high: 0x83126E978D4FDF3B, low: 0x645A1CAC083126EA),  // 5^-3
    (shift: 137, high: 0xD1B71758E219652B, low: 0xD3C36113404EA4A9),  // 5^-4
    (shift: 139, high: 0xA7C5AC471B478423, low: 0x0FCF80DC33721D54),  // 5^-5
    (shift: 141, high: 0x8637BD05AF6C69B5, low: 0xA63F9A49C2C1B110),  // 5^-6
    (shift: 144, high: 0xD6BF94D5E57A42BC, low: 0x3D32907604691B4D),  // 5^-7
    (shift: 146, high: 0xABCC77118461CEFC, low: 0xFDC20D2B36BA7C3E),  // 5^-8
    (shift: 148, high: 0x89705F4136B4A597, low: 0x31680A88F8953031),  // 5^-9
    (shift: 151, high: 0xDBE6FECEBDEDD5BE, low: 0xB573440E5A884D1C),  // 5^-10
    (shift: 153, high: 0xAFEBFF0BCB24AAFE, low: 0xF78F69A51539D749),  // 5^-11
    (shift: 155, high: 0x8CBCCC096F5088CB, low: 0xF93F87B7442E45D4),  // 5^-12
    (shift: 158, high: 0xE12E13424BB40E13, low: 0x2865A5F206B06FBA),  // 5^-13
    (shift: 160, high: 0xB424DC35095CD80F, low: 0x538484C19EF38C95),  // 5^-14
    (shift: 162, high: 0x901D7CF73AB0ACD9, low: 0x0F9D37014BF60A11),  // 5^-15
    (shift: 165, high: 0xE69594BEC44DE15B, low: 0x4C2EBE687989A9B4),  // 5^-16
    (shift: 167, high: 0xB877AA3236A4B449, low: 0x09BEFEB9FAD487C3),  // 5^-17
    (shift: 169, high: 0x9392EE8E921D5D07, low: 0x3AFF322E62439FD0),  // 5^-18
    (shift: 172, high: 0xEC1E4A7DB69561A5, low: 0x2B31E9E3D06C32E6),  // 5^-19
  ]
}
