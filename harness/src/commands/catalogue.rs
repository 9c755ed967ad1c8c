//! `harness catalogue`: the Domineering component catalogue (1,042 shapes) as TSV.

use crate::console::Batch;
use crate::record::write_atomic;
use crate::values::output_file;
use engine::domineering::Catalogue;
use std::path::PathBuf;

/// Arguments of `harness catalogue`.
#[derive(clap::Args, Debug, Default)]
pub(crate) struct Args {
    /// Write the TSV to this file (atomically) instead of standard output. Checked before any work: its folder
    /// must exist and accept files, and the path must not be a folder.
    #[arg(long, value_name = "FILE", value_parser = output_file)]
    pub out: Option<PathBuf>,
}

/// Runs the command; on standard output, rows stop at the first failed write.
pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    let catalogue = Catalogue::build();
    let tsv = to_tsv(&catalogue);
    match args.out {
        None => {
            let mut out = Batch::new();
            for line in tsv.lines() {
                if !out.line(format_args!("{line}")) {
                    break;
                }
            }
        }
        Some(path) => {
            write_atomic(&path, tsv.as_bytes())?;
            eprintln!(
                "wrote {} catalogue entries to {}",
                catalogue.len(),
                path.display()
            );
        }
    }
    Ok(())
}

/// The TSV text: header `cells shape canonical ls rs`, then one row per entry in catalogue order.
pub(crate) fn to_tsv(catalogue: &Catalogue) -> String {
    let mut out = String::from("cells\tshape\tcanonical\tls\trs\n");
    for e in catalogue {
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\n",
            e.cells, e.key, e.canonical, e.ls, e.rs
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_the_whole_catalogue_atomically() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("catalogue.tsv");
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
        let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file left behind");
    }
}
