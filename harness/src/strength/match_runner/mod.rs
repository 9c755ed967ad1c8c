//! `harness match`: two bots play duplicate-dice game pairs from frozen openings; results per pair, pentanomial
//! counts and an SPRT, recorded as `games.jsonl` in a run folder that can be resumed, sharded and merged.

pub(crate) mod bot;
pub(crate) mod folder;
pub(crate) mod journal;
pub(crate) mod lock;
pub(crate) mod luck;
pub(crate) mod merge;
pub(crate) mod openings;
pub(crate) mod pair;
pub(crate) mod record;
pub(crate) mod run;
pub(crate) mod section;
pub(crate) mod settings;
pub(crate) mod submit;
pub(crate) mod summary;
pub(crate) mod tally;
pub(crate) mod work_odds;
