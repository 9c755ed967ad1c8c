//! The plotted report: `harness report [RESULTS_DIR]` renders `index.md` with SVG and PNG charts from one run
//! folder, in four sections that never mix: counts, timings, instructions, allocations.

pub mod load;
pub mod render;

pub use load::{ProbeTable, RunResults, TidyTable, latest_run};
pub use render::{Rendered, render};
