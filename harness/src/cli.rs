//! Command-line interface of the `harness` binary.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Benchmark and experiment harness for the caches that game search uses.
#[derive(Parser, Debug)]
#[command(name = "harness", version, about)]
pub struct Cli {
    /// What to do; without a command, the main job runs.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        None => {
            println!("harness: the main job is not implemented yet");
            Ok(ExitCode::SUCCESS)
        }
        Some(c) => match c {},
    }
}
