//! `harness`: the command-line entry point. Exit statuses: 0 ok, 1 runtime failure, 2 bad input, 3 verification
//! or parity mismatch (see `harness::exit`).

use harness::console;
use harness::exit::{self, Failure};
use std::io::{ErrorKind, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match harness::cli::parse() {
        Ok(cli) => cli,
        // Usage errors exit with 2; `--help` and `--version` print to stdout and exit with 0, or 1 if lost.
        Err(err) => {
            return match err.print() {
                Ok(()) => ExitCode::from(err.exit_code().clamp(0, 255) as u8),
                Err(_) => Failure::Runtime.exit_code(),
            };
        }
    };
    let code = match harness::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            complain(&exit::message(&err));
            Failure::of(&err).exit_code()
        }
    };
    // A reader that went away (`| head`) wanted no more: the command's own status stands. Any other failure
    // (a full disk, `/dev/full`) lost output someone asked for, so a run that would have succeeded exits with 1.
    match console::failure() {
        Some(kind) if kind != ErrorKind::BrokenPipe => {
            complain(&format!("output lost: standard output failed ({kind})"));
            if code == ExitCode::SUCCESS {
                Failure::Runtime.exit_code()
            } else {
                code
            }
        }
        _ => code,
    }
}

/// `error: …` on stderr; a failing stderr is ignored (there is nowhere left to report it).
fn complain(message: &str) {
    let _ = writeln!(std::io::stderr(), "error: {message}");
}
