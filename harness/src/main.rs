//! `harness`: the command-line entry point. Exit statuses: 0 ok, 1 runtime failure, 2 bad input, 3 verification
//! or parity mismatch (see `harness::Failure`).

use std::process::ExitCode;

fn main() -> ExitCode {
    harness::exit_code(harness::main_with(harness::Registry::new()))
}
