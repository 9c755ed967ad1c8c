//! `harness bench`: the fixed search suite ([`crate::strength::bench`]); prints `nodes=N nps=R` with
//! the load average and machine, and with `--write` keeps the measurement as the main job reads it.
//! Parsing only.

use crate::outln;
use crate::strength::match_runner::openings;
use crate::strength::{bench, write_json};
use std::path::PathBuf;

/// Arguments of `harness bench`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The openings file (the suite searches its first positions).
    #[arg(long, default_value = openings::DEFAULT_PATH)]
    pub openings: PathBuf,
    /// Also write the measurement to this file (the main job reads scenarios/strength/bench.json).
    #[arg(long, value_name = "FILE")]
    pub write: Option<PathBuf>,
}

/// Runs the command.
pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    if let Some(file) = &args.write {
        crate::record::check_output_file("write", file)?;
    }
    let o = openings::load(&args.openings).map_err(|e| e.context("--openings"))?;
    let record = bench::run(&o)?;
    if let Some(file) = &args.write {
        write_json(&record, file)?;
        crate::status!("bench: written to {}", file.display());
    }
    outln!("{}", record.line());
    Ok(())
}
