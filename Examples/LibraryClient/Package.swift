// swift-tools-version:6.0
import PackageDescription

// A library user's package: it sees only what SentimentCore makes `public`
// (a separate package cannot see `package` symbols), so building it proves
// that the "As a library" code of docs/development.md and the flows below
// compile against the public API. `.ci/run` builds and runs it.
let package = Package(
  name: "LibraryClient",
  dependencies: [.package(name: "tweetalyze", path: "../..")],
  targets: [
    .executableTarget(
      name: "LibraryClient",
      dependencies: [.product(name: "SentimentCore", package: "tweetalyze")])
  ]
)
