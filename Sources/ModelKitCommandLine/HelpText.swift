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
        gen       Generate Swift models from sample JSON.
        help      Show help for a subcommand.

        See 'modelkit help <subcommand>' for detailed help.
      """
    case .bench?:
      """
      OVERVIEW: Measure ModelKit against Foundation and print the ratios.

      USAGE: modelkit bench [json] [models] [codable] [memory] [allocations] [streams] [partial] [--quick]
                            [--chart FILE.svg]

      ARGUMENTS:
        json      Parse and write throughput of JSON documents (twitter, citm_catalog, canada).
        models    YYModel's benchmark: user.json and weibo.json into JSONModel types.
        codable   The Codable bridge: ModelDecoder and ModelEncoder against JSONDecoder and JSONEncoder.
        memory    Peak memory of decoding 100 MiB arrays of objects and of numbers (Linux).
        allocations
                  Heap allocations per decode and encode of user.json and twitter.json (Linux).
        streams   JSON Lines into models against JSONDecoder per line, on one core and on all,
                  and read from a file with its peak memory: a 512 MiB file when streams runs
                  alone, 32 MiB in the full run, 4 MiB with --quick (written to a temporary folder).
        partial   A 1 MiB text fed to a PartialDecoder in 1-byte, 16-byte and 4 KiB chunks, with a
                  snapshot after every chunk and after every 64th, against one init(json:).
                  Every group runs when none is named.

      OPTIONS:
        --quick   Fewer repetitions and tenth-size memory inputs: a smoke run, not a measurement.
        --chart FILE.svg
                  Also write the run's decode and encode times as a bar chart (SVG).
        -h, --help
                  Show help information.

      Reads the benchmark data from $MODELKIT_DATA, else ../shared/data. Measure
      in a release build: swift run -c release modelkit bench
      """
    case .gen?:
      """
      OVERVIEW: Generate Swift models from sample JSON.

      USAGE: modelkit gen [<file> ...] [--name <name>] [--struct | --class] [--codable]
                          [--access public|internal] [-o <file>]

      ARGUMENTS:
        <file>    Sample JSON files (one document each, or JSON lines); standard input
                  when none is given, or for '-'. All samples merge into one model set.

      OPTIONS:
        --name <name>      The root type's name (for a top-level array: its elements'). Default: Root.
        --struct, --class  Structs (the default) or final classes.
        --codable          Plain Codable types with CodingKeys, which JSONDecoder reads,
                           instead of JSONModel types.
        --access <level>   public or internal (the default).
        -o, --output <file>
                           Write the Swift file there instead of to standard output.
        -h, --help         Show help information.
      """
    }
  }
}
