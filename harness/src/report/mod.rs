//! The plotted report: `harness report [RESULTS_DIR]` renders `index.md` with SVG charts from one run
//! folder: the run's header and "At a glance" first, then each experiment's section in the main job's order
//! (the sections themselves live with their experiments); the folder is put in place whole.

pub mod load;
pub mod publish;
pub mod render;

pub use load::{RunResults, latest_run};
pub(crate) use publish::{
    COMPARE_SUBFOLDER, DEADLINE_SUBFOLDER, MATCHES_SUBFOLDER, TT_PRESSURE_SUBFOLDER, render_loaded,
};
pub use publish::{render_run, replace_folder};
pub use render::render;

#[cfg(test)]
mod render_tests;
