// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "tweetalyze",
  products: [
    .executable(name: "tweetalyze", targets: ["tweetalyze"]),
    .library(name: "SentimentCore", targets: ["SentimentCore"]),
  ],
  targets: [
    .target(
      name: "SentimentCore",
      exclude: [
        "Generated/README.md", "Speed/README.md", "System/README.md", "Tweets/README.md",
      ]),
    .executableTarget(
      name: "tweetalyze", dependencies: ["SentimentCore"], exclude: ["System/README.md"]),
    // Tests by kind (docs/development.md, "Tests"): the two in-memory targets
    // are the inner loop; the end-to-end and corpus targets run the binary,
    // servers on loopback and the Sanders corpus.
    .target(name: "TestSupport", dependencies: ["SentimentCore"], path: "Tests/TestSupport"),
    .testTarget(
      name: "SentimentCoreTests", dependencies: ["SentimentCore", "TestSupport"],
      exclude: ["Golden"]),
    .testTarget(
      name: "tweetalyzeTests", dependencies: ["tweetalyze", "SentimentCore", "TestSupport"],
      exclude: ["Golden"]),
    .testTarget(
      name: "EndToEndTests", dependencies: ["tweetalyze", "SentimentCore", "TestSupport"]),
    .testTarget(
      name: "CorpusTests", dependencies: ["tweetalyze", "SentimentCore", "TestSupport"]),
  ]
)
