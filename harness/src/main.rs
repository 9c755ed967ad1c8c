//! `harness`: the command-line entry point. Exit statuses: 0 ok, 1 runtime failure, 2 bad input, 3 verification
//! or parity mismatch (see `harness::exit`).

use std::process::ExitCode;

fn main() -> ExitCode {
    harness::exit::exit_code(harness::main_with(harness::registry::Registry::new()))
}
