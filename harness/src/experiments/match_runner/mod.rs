//! `harness match`: two bots play duplicate-dice game pairs from frozen openings; results per pair, pentanomial
//! counts and an SPRT, recorded as `games.jsonl` in a run folder that can be resumed, sharded and merged.

pub mod bot;
