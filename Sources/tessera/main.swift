#if canImport(Glibc)
import Glibc
#endif

exit(TesseraCommand.run(Array(CommandLine.arguments.dropFirst())))
