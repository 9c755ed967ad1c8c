//! The plotted report: `harness report [RESULTS_DIR]` renders `index.md` with SVG and PNG charts from one run
//! folder: a header and "At a glance" first, then each experiment's section; the folder is put in place whole.

pub mod load;
pub mod publish;
pub mod render;

pub use load::{ProbeTable, RunResults, latest_run};
pub use publish::{render_run, replace_folder};
pub use render::{Rendered, render};
