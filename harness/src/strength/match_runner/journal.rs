//! `games.jsonl` as a journal: complete pairs appended in pair order, each pair's two lines in one write, flushed;
//! read back pair by pair (resume, merge, reports), a trailing torn line or a lone first game reported apart so
//! that resume can drop and replay it and merge can refuse it.

use super::record::GameLine;
use crate::exit::Failure;
use std::io::{BufRead, BufReader, Write};
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
        let mut reader = PairReader::open(dir)?;
        let mut pairs = Vec::new();
        while let Some(pair) = reader.next_pair()? {
            pairs.push(pair.games);
        }
        Ok(Journal {
            path: reader.path,
            pairs,
            complete_len: reader.complete_len,
            dropped: reader.dropped,
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

/// One complete pair as read: both games, and both lines exactly as written (so a merge copies them verbatim).
pub(crate) struct ReadPair {
    pub games: [GameLine; 2],
    pub text: String,
}

/// A journal read one pair at a time, in constant memory.
pub(crate) struct PairReader {
    pub path: PathBuf,
    reader: BufReader<std::fs::File>,
    /// Lines read so far.
    line: usize,
    /// Bytes up to the end of the last complete pair.
    pub complete_len: u64,
    /// What follows the last complete pair, once [`PairReader::next_pair`] has returned `None`: a torn last line
    /// and a lone first game, described for the user.
    pub dropped: Vec<String>,
}

impl PairReader {
    /// Opens `dir/games.jsonl`; a missing or unreadable file is bad input naming it.
    pub(crate) fn open(dir: &Path) -> anyhow::Result<PairReader> {
        let path = dir.join(GAMES_FILE);
        let file = std::fs::File::open(&path).map_err(|e| {
            Failure::BadInput.because(format!("{}: cannot read: {e}", path.display()))
        })?;
        Ok(PairReader {
            path,
            reader: BufReader::new(file),
            line: 0,
            complete_len: 0,
            dropped: Vec::new(),
        })
    }

    /// The next whole line and its game, or `None` at the end (a torn last line is noted in `dropped`).
    fn next_line(&mut self) -> anyhow::Result<Option<(String, GameLine)>> {
        let mut bytes = Vec::new();
        self.reader.read_until(b'\n', &mut bytes)?;
        if bytes.is_empty() {
            return Ok(None);
        }
        self.line += 1;
        if bytes.last() != Some(&b'\n') {
            self.dropped.push(format!(
                "line {}: a torn last line of {} bytes without its newline",
                self.line,
                bytes.len()
            ));
            return Ok(None);
        }
        let bad = |msg: String| {
            Failure::BadInput.because(format!("{} line {}: {msg}", self.path.display(), self.line))
        };
        let text = String::from_utf8(bytes).map_err(|_| bad("not UTF-8".to_owned()))?;
        let game: GameLine = serde_json::from_str(text.trim_end())
            .map_err(|e| bad(format!("not a game record: {e}")))?;
        Ok(Some((text, game)))
    }

    /// The next complete pair, or `None` after the last one.
    pub(crate) fn next_pair(&mut self) -> anyhow::Result<Option<ReadPair>> {
        let Some((first_text, first)) = self.next_line()? else {
            return Ok(None);
        };
        let out_of_place = |path: &Path, line: usize, g: &GameLine| {
            Failure::BadInput.because(format!(
                "{} line {line}: pair {} game {} out of place (each pair is game 0 then game 1)",
                path.display(),
                g.pair,
                g.game
            ))
        };
        if first.game != 0 {
            return Err(out_of_place(&self.path, self.line, &first));
        }
        let Some((second_text, second)) = self.next_line()? else {
            self.dropped
                .push(format!("pair {}: game 0 without game 1", first.pair));
            return Ok(None);
        };
        if second.game != 1 || second.pair != first.pair {
            return Err(out_of_place(&self.path, self.line, &second));
        }
        self.complete_len += (first_text.len() + second_text.len()) as u64;
        Ok(Some(ReadPair {
            games: [first, second],
            text: first_text + &second_text,
        }))
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
