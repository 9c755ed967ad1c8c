//! `harness score` (not implemented yet).

use std::process::ExitCode;

/// Arguments of `harness score`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`harness score` is not implemented yet")
}
