//! `harness`: the command-line entry point.

use clap::Parser;

fn main() -> std::process::ExitCode {
    let cli = harness::cli::Cli::parse();
    match harness::cli::run(cli) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            std::process::ExitCode::from(1)
        }
    }
}
