//! Mean and 95% Student-t interval over seeds: the harness-wide statistics module's [`Estimate`].

pub use crate::statistics::mean::Estimate;
