//! The plotted report: `harness report [RESULTS_DIR]` renders `index.md` with SVG charts from one run
//! folder: the run's header and "At a glance" first, then each experiment's section in the main job's order
//! (the sections themselves live with their experiments); the folder is put in place whole.

pub(crate) mod load;
pub(crate) mod publish;
pub(crate) mod render;

pub(crate) use load::{RunResults, latest_run};
pub(crate) use publish::{
    COMPARE_SUBFOLDER, DEADLINE_SUBFOLDER, MATCHES_SUBFOLDER, TT_PRESSURE_SUBFOLDER, render_loaded,
};
pub(crate) use publish::{render_run, replace_folder};
pub(crate) use render::render;

#[cfg(test)]
mod render_tests;
