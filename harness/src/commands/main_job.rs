//! the main job (not implemented yet).

use std::process::ExitCode;

/// Arguments of the main job.
#[derive(clap::Args, Debug, Default)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("the main job is not implemented yet")
}
