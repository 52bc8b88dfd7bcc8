import Foundation

TemporaryFiles.takeSIGQUIT()

exit(await Tweetalyze.run(CommandLine.arguments))
