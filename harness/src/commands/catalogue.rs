//! `harness catalogue`: the Domineering component catalogue (1,042 shapes) as TSV.

use anyhow::Context;
use engine::domineering::Catalogue;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `harness catalogue`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Write the TSV to this file (atomically) instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let catalogue = Catalogue::build();
    let tsv = to_tsv(&catalogue);
    match args.out {
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(tsv.as_bytes())
                .and_then(|()| stdout.flush())
                .context("writing the catalogue to standard output")?;
        }
        Some(path) => {
            write_atomically(&path, tsv.as_bytes())?;
            eprintln!(
                "wrote {} catalogue entries to {}",
                catalogue.len(),
                path.display()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The TSV text: header `cells shape canonical ls rs`, then one row per entry in catalogue order.
pub fn to_tsv(catalogue: &Catalogue) -> String {
    let mut out = String::from("cells\tshape\tcanonical\tls\trs\n");
    for e in catalogue {
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\n",
            e.cells, e.key, e.canonical, e.ls, e.rs
        ));
    }
    out
}

/// Writes to a temporary file beside `path`, then renames it over `path`, so readers never see half a file.
fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    Ok(crate::record::write_atomic(path, bytes)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_the_whole_catalogue_atomically() {
        let dir =
            std::env::temp_dir().join(format!("harness-catalogue-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("catalogue.tsv");
        run(Args {
            out: Some(path.clone()),
        })
        .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "cells\tshape\tcanonical\tls\trs");
        assert_eq!(lines.len(), 1 + 1042);
        assert_eq!(lines[1], "1\t.\t0\t0\t0");
        assert!(
            lines.contains(&"4\t..|.#|.#\t1/2\t1/2\t1/2"),
            "L-tetromino row"
        );
        assert!(lines.iter().all(|l| l.split('\t').count() == 5));
        let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file left behind");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_unwritable_destination_is_a_clear_error() {
        let err = run(Args {
            out: Some(PathBuf::from(
                "/nonexistent-dir-for-harness-test/catalogue.tsv",
            )),
        })
        .unwrap_err();
        assert!(
            format!("{err:#}").contains("/nonexistent-dir-for-harness-test"),
            "{err:#}"
        );
    }
}
