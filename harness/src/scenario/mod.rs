//! Frozen scenario files: the format, loading with precise errors, generation and independent verification.

pub(crate) mod error;
pub(crate) mod family;
pub(crate) mod filter;
pub(crate) mod format;
pub(crate) mod load;

pub(crate) use error::{ScenarioError, classified};
pub(crate) use family::{Family, FamilyName};
pub(crate) use filter::families;
pub(crate) use format::{FORMAT_VERSION, Header, Root, ScenarioFile, Successor};
pub(crate) use load::{
    FROZEN_EVALUATORS, LoadedScenario, LoadedSuccessor, load_dir, load_family, parse,
    scenario_path, select,
};
pub(crate) mod generate;
pub(crate) mod oracle;
pub(crate) mod played;
pub(crate) mod positions;
pub(crate) mod unique_map;
pub(crate) mod verify;

#[cfg(test)]
mod file_tests;

#[cfg(test)]
mod strict_tests;
