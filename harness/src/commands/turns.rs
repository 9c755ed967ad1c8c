//! `harness turns` (not implemented yet).

use std::process::ExitCode;

/// Arguments of `harness turns`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`harness turns` is not implemented yet")
}
