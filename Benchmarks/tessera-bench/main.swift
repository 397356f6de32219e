#if canImport(Glibc)
    import Glibc
#endif

// tessera-bench: the figures of BENCHMARKS.md. Build and run in release:
//   swift build -c release --scratch-path .build-bench       (builds tessera and tessera-bench)
//   .build-bench/release/tessera-bench [--quick] [--only NAME[,NAME…]] [--server PATH] [--original LIB]
// The HTTP figures spawn the `tessera` binary that sits beside this one (posix_spawn).

exit(BenchCommand.run(Array(CommandLine.arguments.dropFirst())))
