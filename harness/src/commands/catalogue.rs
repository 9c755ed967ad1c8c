//! `harness catalogue` (not implemented yet).

use std::process::ExitCode;

/// Arguments of `harness catalogue`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`harness catalogue` is not implemented yet")
}
