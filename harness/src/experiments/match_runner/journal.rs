//! `games.jsonl` as a journal: complete pairs appended in pair order, each pair's two lines in one write, flushed;
//! read back by resume and merge, which drop a trailing torn line or a lone first game and say so.

use super::record::GameLine;
use crate::exit::Failure;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The journal's name inside a run folder.
pub(crate) const GAMES_FILE: &str = "games.jsonl";

/// The complete pairs of a journal and how much of the file holds them.
#[derive(Debug)]
pub(crate) struct Journal {
    pub path: PathBuf,
    /// Complete pairs in file order.
    pub pairs: Vec<[GameLine; 2]>,
    /// Bytes of the file up to the end of the last complete pair.
    pub complete_len: u64,
    /// What was dropped after it (a torn line, a pair's lone first game), for the user.
    pub dropped: Vec<String>,
}

impl Journal {
    /// Reads `dir/games.jsonl` without changing it. A complete line that is not a game, or lines that do not
    /// form pairs (game 0 then game 1 of one pair index), are bad input naming the line.
    pub(crate) fn read(dir: &Path) -> anyhow::Result<Journal> {
        let path = dir.join(GAMES_FILE);
        let bytes = std::fs::read(&path).map_err(|e| {
            Failure::BadInput.because(format!("{}: cannot read: {e}", path.display()))
        })?;
        let bad = |line: usize, msg: String| {
            Failure::BadInput.because(format!("{} line {line}: {msg}", path.display()))
        };
        let mut dropped = Vec::new();
        let ends = bytes
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
            .map(|(i, _)| i);
        let mut lines = Vec::new();
        let mut start = 0;
        for end in ends {
            lines.push((start, end + 1));
            start = end + 1;
        }
        if start < bytes.len() {
            dropped.push(format!(
                "line {}: a torn last line of {} bytes without its newline",
                lines.len() + 1,
                bytes.len() - start
            ));
        }
        let mut pairs = Vec::new();
        let mut complete_len = 0u64;
        let mut pending: Option<GameLine> = None;
        for (n, &(from, to)) in lines.iter().enumerate() {
            let text = std::str::from_utf8(&bytes[from..to])
                .map_err(|_| bad(n + 1, "not UTF-8".to_owned()))?;
            let game: GameLine = serde_json::from_str(text.trim_end())
                .map_err(|e| bad(n + 1, format!("not a game record: {e}")))?;
            match pending.take() {
                None if game.game == 0 => pending = Some(game),
                Some(first) if game.game == 1 && game.pair == first.pair => {
                    pairs.push([first, game]);
                    complete_len = to as u64;
                }
                _ => {
                    return Err(bad(
                        n + 1,
                        format!(
                            "pair {} game {} out of place (each pair is game 0 then game 1)",
                            game.pair, game.game
                        ),
                    ));
                }
            }
        }
        if let Some(lone) = pending {
            dropped.push(format!(
                "pair {}: game 0 without game 1 (the pair is replayed)",
                lone.pair
            ));
        }
        Ok(Journal {
            path,
            pairs,
            complete_len,
            dropped,
        })
    }

    /// Cuts the file back to its complete pairs.
    pub(crate) fn truncate(&self) -> anyhow::Result<()> {
        let file = std::fs::OpenOptions::new().write(true).open(&self.path)?;
        file.set_len(self.complete_len)?;
        file.sync_all()?;
        Ok(())
    }
}

/// The journal open for appending.
pub(crate) struct JournalWriter {
    file: std::fs::File,
}

impl JournalWriter {
    /// Opens (creating) `dir/games.jsonl` for appending.
    pub(crate) fn open(dir: &Path) -> anyhow::Result<JournalWriter> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(dir.join(GAMES_FILE))?;
        Ok(JournalWriter { file })
    }

    /// Appends one pair: both lines in one write, then flushed to the disk, so an interrupt leaves whole pairs,
    /// or a torn tail that [`Journal::read`] drops.
    pub(crate) fn append(&mut self, pair: &[GameLine; 2]) -> anyhow::Result<()> {
        let text = pair[0].to_line() + &pair[1].to_line();
        self.file.write_all(text.as_bytes())?;
        self.file.flush()?;
        self.file.sync_data()?;
        Ok(())
    }
}
