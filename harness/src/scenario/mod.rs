//! Frozen scenario files: the format, loading with precise errors, generation and independent verification.

pub mod error;
pub mod family;
pub mod filter;
pub mod format;
pub mod load;

pub use error::{ScenarioError, classified};
pub use family::{Family, FamilyName};
pub use filter::families;
pub use format::{FORMAT_VERSION, Header, Root, ScenarioFile, Successor};
pub use load::{
    FROZEN_EVALUATORS, LoadedScenario, LoadedSuccessor, load, load_dir, load_family, parse,
    scenario_path, select,
};
pub mod generate;
pub mod oracle;
pub mod played;
pub mod positions;
pub mod unique_map;
pub mod verify;

#[cfg(test)]
mod file_tests;

#[cfg(test)]
mod strict_tests;
