//! `harness eviction` (not implemented yet).

use std::process::ExitCode;

/// Arguments of `harness eviction`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`harness eviction` is not implemented yet")
}
