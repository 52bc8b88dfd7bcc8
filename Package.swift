// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "tweetalyze",
  products: [
    .executable(name: "tweetalyze", targets: ["tweetalyze"]),
    .library(name: "SentimentCore", targets: ["SentimentCore"]),
  ],
  targets: [
    .target(name: "SentimentCore", exclude: ["Speed/README.md", "System/README.md"]),
    .executableTarget(
      name: "tweetalyze", dependencies: ["SentimentCore"], exclude: ["System/README.md"]),
    .testTarget(name: "SentimentCoreTests", dependencies: ["SentimentCore"], exclude: ["Golden"]),
    .testTarget(
      name: "tweetalyzeTests", dependencies: ["tweetalyze", "SentimentCore"], exclude: ["Golden"]),
  ]
)
