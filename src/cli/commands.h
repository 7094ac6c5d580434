// Command-line subcommands. Each takes the arguments after its name (argv[0] is the subcommand)
// and returns the process exit code: 0 success, 1 a failed check, 2 bad arguments.
#pragma once

namespace sparring::cli {

int perft_command(int argc, char** argv);
int bench_command(int argc, char** argv);
int review_command(int argc, char** argv);
int puzzle_command(int argc, char** argv);
int hint_command(int argc, char** argv);
int datagen_command(int argc, char** argv);

}  // namespace sparring::cli
