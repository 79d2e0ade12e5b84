/// `modelkit`'s help, for the overview and each subcommand.
public enum HelpText {
  /// The help for `subcommand`, or the overview (nil).
  ///
  /// - Parameter subcommand: the subcommand, or nil for the overview.
  /// - Returns: the text to print on standard output.
  public static func text(for subcommand: Invocation.Subcommand?) -> String {
    switch subcommand {
    case nil, .help?:
      """
      OVERVIEW: ModelKit's command-line tool

      USAGE: modelkit <subcommand>

      SUBCOMMANDS:
        bench     Measure ModelKit against Foundation (decoding, encoding, the Codable bridge).
        help      Show help for a subcommand.

        See 'modelkit help <subcommand>' for detailed help.
      """
    case .bench?:
      """
      OVERVIEW: Measure ModelKit against Foundation and print the ratios.

      USAGE: modelkit bench [json] [models] [codable] [--quick]

      ARGUMENTS:
        json      Parse and write throughput of JSON documents (twitter, citm_catalog, canada).
        models    YYModel's benchmark: user.json and weibo.json into JSONModel types.
        codable   The Codable bridge: ModelDecoder and ModelEncoder against JSONDecoder and JSONEncoder.
                  Every group runs when none is named.

      OPTIONS:
        --quick   Fewer repetitions: a smoke run, not a measurement.
        -h, --help
                  Show help information.

      Reads the benchmark data from $MODELKIT_DATA, else ../shared/data. Measure
      in a release build: swift run -c release modelkit bench
      """
    }
  }
}
