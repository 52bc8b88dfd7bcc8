import Foundation

exit(await Tweetalyze.run(CommandLine.arguments))
