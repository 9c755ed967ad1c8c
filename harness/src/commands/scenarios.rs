//! `harness scenarios` (not implemented yet).

use std::process::ExitCode;

/// Arguments of `harness scenarios`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`harness scenarios` is not implemented yet")
}
