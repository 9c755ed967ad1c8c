//! Writing and reading one CSV of typed records: the header comes from the record type, reading checks it and
//! names the file, line and field of every problem.

use super::SchemaError;
use crate::record::RecordError;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::Path;

/// A row type of a results CSV: a flat struct whose serde fields, in order, are its columns ([`columns`]).
pub(crate) trait CsvRecord: Serialize + DeserializeOwned + Default {
    /// Columns added after files of this kind were first written: a file without them still reads (their
    /// fields take their serde default), so older run folders stay readable.
    const ADDED_LATER: &'static [&'static str] = &[];

    /// Checks a value the type system cannot (non-negative, finite, non-empty); `Err((column, message))`.
    fn check(&self) -> Result<(), (&'static str, String)>;

    /// A row of an older file in today's shape, before it is checked (the columns it lacks filled from those it
    /// has, where they determine them).
    fn upgraded(self) -> Self {
        self
    }
}

/// The header of `R`: its serde field names in order, as the csv writer derives them from a row.
pub(crate) fn columns<R: CsvRecord>() -> Vec<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    // A row type is a flat struct of plain fields (a test writes every one), so this cannot fail.
    w.serialize(R::default())
        .expect("a row type serializes to one CSV record");
    let text = w.into_inner().expect("writes to memory");
    let header = text.split(|&b| b == b'\n').next().unwrap_or_default();
    String::from_utf8_lossy(header)
        .split(',')
        .map(str::to_owned)
        .collect()
}

/// A name column must not be empty (a [`CsvRecord::check`] step).
pub(crate) fn named(column: &'static str, text: &str) -> Result<(), (&'static str, String)> {
    if text.trim().is_empty() {
        Err((column, "empty".into()))
    } else {
        Ok(())
    }
}

/// A record and the line it was read from.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Located<R> {
    /// 1-based line of the record (the header is line 1).
    pub line: u64,
    pub record: R,
}

/// CSV text of `records`, header first (also when there are none); `path` names the target in errors.
pub(crate) fn write_records<R: CsvRecord>(
    records: impl IntoIterator<Item = R>,
    path: &Path,
) -> Result<Vec<u8>, RecordError> {
    let err = |source| RecordError::Csv {
        path: path.to_path_buf(),
        source,
    };
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    w.write_record(columns::<R>()).map_err(err)?;
    for r in records {
        w.serialize(r).map_err(err)?;
    }
    w.into_inner().map_err(|e| RecordError::Write {
        path: path.to_path_buf(),
        source: e.into_error(),
    })
}

/// Reads every record of the CSV at `path`: the header must hold [`columns`] (in any order, more
/// allowed; [`CsvRecord::ADDED_LATER`] may be missing) and at least one data row must follow.
pub(crate) fn read_records<R: CsvRecord>(path: &Path) -> Result<Vec<Located<R>>, SchemaError> {
    let unreadable = |reason: String| SchemaError::Unreadable {
        path: path.to_path_buf(),
        reason,
    };
    if path.is_dir() {
        return Err(unreadable("is a directory, not a CSV file".into()));
    }
    if !path.exists() {
        return Err(unreadable("missing".into()));
    }
    let bytes = std::fs::read(path).map_err(|e| unreadable(e.to_string()))?;
    parse_records(&bytes, path)
}

/// [`read_records`], rejecting a second row with the same `key` (`describe` names it in the error).
pub(crate) fn read_unique<R: CsvRecord, K: Ord>(
    path: &Path,
    key: impl Fn(&R) -> K,
    describe: impl Fn(&R) -> String,
) -> Result<Vec<R>, SchemaError> {
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for Located { line, record } in read_records::<R>(path)? {
        if !seen.insert(key(&record)) {
            return Err(SchemaError::Row {
                path: path.to_path_buf(),
                line,
                message: format!("duplicate row for {}", describe(&record)),
            });
        }
        out.push(record);
    }
    Ok(out)
}

/// [`read_records`] on CSV text already in memory; `path` only names the source in errors.
pub(crate) fn parse_records<R: CsvRecord>(
    bytes: &[u8],
    path: &Path,
) -> Result<Vec<Located<R>>, SchemaError> {
    let p = || path.to_path_buf();
    let mut reader = csv::ReaderBuilder::new().from_reader(bytes);
    let headers = reader
        .headers()
        .map_err(|e| SchemaError::Row {
            path: p(),
            line: 1,
            message: format!("unreadable header: {e}"),
        })?
        .clone();
    if let Some(missing) = columns::<R>()
        .into_iter()
        .filter(|c| !R::ADDED_LATER.contains(&c.as_str()))
        .find(|c| !headers.iter().any(|h| h == c))
    {
        return Err(SchemaError::MissingColumn {
            path: p(),
            column: missing,
        });
    }
    let mut out = Vec::new();
    let mut record = csv::StringRecord::new();
    loop {
        let line = reader.position().line();
        match reader.read_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                return Err(SchemaError::Row {
                    path: p(),
                    line,
                    message: format!("malformed CSV: {e}"),
                });
            }
        }
        let line = record.position().map_or(line, |pos| pos.line());
        let field_name = |i: Option<u64>| {
            i.and_then(|i| headers.get(i as usize))
                .unwrap_or("?")
                .to_owned()
        };
        let r = record
            .deserialize::<R>(Some(&headers))
            .map_err(|e| match e.kind() {
                csv::ErrorKind::Deserialize { err, .. } => SchemaError::Field {
                    path: p(),
                    line,
                    field: field_name(err.field()),
                    message: format!(
                        "`{}`: {}",
                        err.field()
                            .and_then(|i| record.get(i as usize))
                            .unwrap_or(""),
                        err.kind()
                    ),
                },
                other => SchemaError::Row {
                    path: p(),
                    line,
                    message: format!("{other:?}"),
                },
            })?
            .upgraded();
        if let Err((field, message)) = r.check() {
            return Err(SchemaError::Field {
                path: p(),
                line,
                field: field.to_owned(),
                message,
            });
        }
        out.push(Located { line, record: r });
    }
    if out.is_empty() {
        return Err(SchemaError::HeaderOnly { path: p() });
    }
    Ok(out)
}

/// `text` (CSV with a header) without the columns `drop`: a file as written before they were added.
#[cfg(test)]
pub(crate) fn without_columns(text: &str, drop: &[&str]) -> String {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers = reader.headers().unwrap().clone();
    let keep: Vec<usize> = (0..headers.len())
        .filter(|&i| !drop.contains(&&headers[i]))
        .collect();
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(keep.iter().map(|&i| &headers[i])).unwrap();
    for r in reader.records() {
        let r = r.unwrap();
        w.write_record(keep.iter().map(|&i| &r[i])).unwrap();
    }
    String::from_utf8(w.into_inner().unwrap()).unwrap()
}
