//! Reading a libCacheSim CSV trace (`time,obj_id,...` or any columns with an `obj_id` header; a header is optional)
//! into dense object ids in first-arrival order, so that any trace replays through every rule.

use anyhow::{anyhow, bail};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// A trace read from a file.
#[derive(Debug, Clone)]
pub(crate) struct Trace {
    /// Where it was read from.
    pub source: PathBuf,
    /// Dense id of every lookup, in order (ids in first-arrival order, so `id < N` are the first N keys).
    pub keys: Vec<u32>,
    /// Number of distinct objects.
    pub universe: usize,
}

impl Trace {
    /// Reads `path`. Without a header the object id is the only column, or the second (`time,obj_id`). An error
    /// names the file as `--trace-in` and, for bad content, the line.
    pub(crate) fn read(path: &Path) -> anyhow::Result<Trace> {
        let text = std::fs::read_to_string(path)
            .map_err(|error| anyhow!("--trace-in {}: {error}", path.display()))?;
        let bad = |line: usize, message: String| {
            anyhow!("--trace-in {}: line {line}: {message}", path.display())
        };
        let mut lines = text.lines().enumerate().peekable();
        let first_fields: Vec<&str> = match lines.peek() {
            Some((_, l)) => l.split(',').map(str::trim).collect(),
            None => Vec::new(),
        };
        let has_header = first_fields.iter().any(|f| f.parse::<u64>().is_err());
        let column = if has_header {
            let c = first_fields
                .iter()
                .position(|f| f.eq_ignore_ascii_case("obj_id"))
                .ok_or_else(|| bad(1, "the header has no `obj_id` column".into()))?;
            lines.next();
            c
        } else if first_fields.len() == 1 {
            0
        } else {
            1
        };
        let mut ids: HashMap<u64, u32> = HashMap::new();
        let mut keys = Vec::new();
        for (i, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            let field = line.split(',').nth(column).map(str::trim).ok_or_else(|| {
                bad(
                    i + 1,
                    format!("no column {} (obj_id) in `{line}`", column + 1),
                )
            })?;
            let obj: u64 = field.parse().map_err(|_| {
                bad(
                    i + 1,
                    format!("obj_id `{field}` is not a non-negative integer"),
                )
            })?;
            let next = ids.len();
            if next >= u32::MAX as usize {
                return Err(bad(
                    i + 1,
                    "more than 4,294,967,294 distinct objects".into(),
                ));
            }
            keys.push(*ids.entry(obj).or_insert(next as u32));
        }
        if keys.is_empty() {
            bail!("--trace-in {}: no lookups in the trace", path.display());
        }
        if keys.len() >= u32::MAX as usize {
            return Err(bad(keys.len(), "too many lookups for u32 positions".into()));
        }
        Ok(Trace {
            source: path.to_path_buf(),
            universe: ids.len(),
            keys,
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn read_examples() {
        let dir = crate::test_support::temp_dir("trace");
        let p = dir.path().join("t.csv");
        std::fs::write(&p, "time,obj_id,board\n1,70,4x5\n2,9,4x5\n3,70,4x5\n").unwrap();
        let t = crate::experiments::catalogue_eviction::trace::Trace::read(&p).unwrap();
        assert_eq!((t.keys, t.universe), (vec![0, 1, 0], 2));
        std::fs::write(&p, "1,70\n2,x\n").unwrap();
        let e = crate::experiments::catalogue_eviction::trace::Trace::read(&p)
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2"), "{e}");
    }
}
