//! The plotted report: `harness report [RESULTS_DIR]` renders `index.md` with SVG and PNG charts from one run
//! folder: "At a glance" first, then four sections that never mix: counts, timings, instructions, allocations.

pub mod load;
pub mod publish;
pub mod render;

pub use crate::record::schema::ProbeTable;
pub use load::{RunResults, latest_run};
pub use publish::{render_run, replace_folder};
pub use render::{Rendered, render};
