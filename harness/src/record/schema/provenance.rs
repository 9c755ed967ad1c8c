//! The provenance columns every results CSV repeats on every row, so a row stands on its own.

use crate::record::RunMetadata;
use serde::{Deserialize, Serialize};

/// Machine, compiler, source revision and seed of the run that produced a row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Provenance {
    /// `host (cpu, N cores)`.
    pub machine: String,
    /// `rustc -V`.
    pub rustc: String,
    /// Commit, with `-dirty` when tracked files were modified.
    pub git_revision: String,
    /// The run's master seed.
    pub seed: u64,
}

impl Provenance {
    /// The provenance of a run.
    pub(crate) fn of(meta: &RunMetadata) -> Provenance {
        Provenance {
            machine: meta.machine(),
            rustc: meta.rustc.clone(),
            git_revision: meta.git_revision.clone(),
            seed: meta.seed,
        }
    }

    /// The provenance recorded in a run folder's `metadata.txt` (`key=value` lines), so that a child process
    /// writing into the folder repeats the run's facts instead of collecting its own (the work tree may have
    /// changed since the run started). `None` names the first missing or unreadable key.
    pub(crate) fn from_metadata(text: &str) -> Result<Provenance, &'static str> {
        let get = |key: &'static str| {
            text.lines()
                .filter_map(|l| l.split_once('='))
                .find(|(k, _)| k.trim() == key)
                .map(|(_, v)| v.trim().to_owned())
                .ok_or(key)
        };
        let (host, cpu, cores) = (get("hostname")?, get("cpu_model")?, get("cores")?);
        let cores: usize = cores.parse().map_err(|_| "cores")?;
        let seed: u64 = get("seed")?.parse().map_err(|_| "seed")?;
        Ok(Provenance {
            machine: RunMetadata::machine_of(&host, &cpu, cores),
            rustc: get("rustc")?,
            git_revision: get("git_revision")?,
            seed,
        })
    }
}

/// Gives a row type with `machine`, `rustc`, `git_revision` and `seed` fields a `with_provenance(prov)` method that
/// stamps those four columns from one [`Provenance`] (every results row carries them the same way). With
/// `without seed`, the row has only the first three: its seed, if any, is a data column of its own (the eviction
/// rows, one per stream seed).
macro_rules! provenance_columns {
    ($row:ty, without seed) => {
        impl $row {
            /// The same record with `prov`'s machine, compiler and revision in its provenance columns.
            pub(crate) fn with_provenance(mut self, prov: &$crate::record::Provenance) -> $row {
                self.machine = prov.machine.clone();
                self.rustc = prov.rustc.clone();
                self.git_revision = prov.git_revision.clone();
                self
            }
        }
    };
    ($row:ty) => {
        impl $row {
            /// The same record with `prov` in its provenance columns.
            pub(crate) fn with_provenance(mut self, prov: &$crate::record::Provenance) -> $row {
                self.machine = prov.machine.clone();
                self.rustc = prov.rustc.clone();
                self.git_revision = prov.git_revision.clone();
                self.seed = prov.seed;
                self
            }
        }
    };
}
pub(crate) use provenance_columns;
