//! `harness sprt --penta LL,LD,DD,DW,WW | --tri L,D,W [--elo0 E0] [--elo1 E1] [--alpha A] [--beta B]`: the
//! sequential probability ratio test of match results in normalized Elo (`harness::statistics::sprt`), printed as
//! one line, `llr=… lower=… upper=… verdict=… nelo=… nelo_low=… nelo_high=… games=…`.

use crate::exit::Failure;
use crate::outln;
use crate::statistics::sprt::{
    self, Pentanomial, SprtBounds, Trinomial, sprt_pentanomial, sprt_trinomial,
};

/// Arguments of `harness sprt`.
#[derive(clap::Args, Debug)]
#[group(skip)]
#[command(group(clap::ArgGroup::new("results").required(true).multiple(false)))]
pub(crate) struct Args {
    /// Pair counts from A's side: LL, LD+DL, DD+WL+LW, DW+WD, WW (pair scores 0, 1/4, 1/2, 3/4, 1).
    #[arg(long, group = "results", value_parser = penta, value_name = "LL,LD,DD,DW,WW")]
    pub penta: Option<Pentanomial>,
    /// Game counts from A's side: losses, draws, wins (each game taken as independent).
    #[arg(long, group = "results", value_parser = tri, value_name = "L,D,W")]
    pub tri: Option<Trinomial>,
    /// H0's normalized Elo.
    #[arg(long, value_parser = elo, default_value_t = SprtBounds::default().elo0, allow_negative_numbers = true)]
    pub elo0: f64,
    /// H1's normalized Elo (above --elo0).
    #[arg(long, value_parser = elo, default_value_t = SprtBounds::default().elo1, allow_negative_numbers = true)]
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    #[arg(long, value_parser = rate, default_value_t = SprtBounds::default().alpha, allow_negative_numbers = true)]
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    #[arg(long, value_parser = rate, default_value_t = SprtBounds::default().beta, allow_negative_numbers = true)]
    pub beta: f64,
}

/// Parses exactly `K` comma-separated counts, each a whole number of 0 or more; `names` lists them for messages.
fn counts<const K: usize>(s: &str, names: &str) -> Result<[u64; K], String> {
    let items: Vec<&str> = s.split(',').map(str::trim).collect();
    if items.len() != K {
        return Err(format!(
            "expected {K} comma-separated counts ({names}), found {}",
            items.len()
        ));
    }
    let mut out = [0; K];
    for (i, (slot, text)) in out.iter_mut().zip(&items).enumerate() {
        let position = i + 1;
        *slot = match text.parse::<u64>() {
            Ok(v) => v,
            Err(_) if text.is_empty() => return Err(format!("item {position} is empty")),
            Err(_) if text.starts_with('-') => {
                return Err(format!(
                    "item {position} '{text}': a count cannot be negative"
                ));
            }
            Err(_) if !text.bytes().all(|c| c.is_ascii_digit()) && text.parse::<f64>().is_ok() => {
                return Err(format!(
                    "item {position} '{text}': a count is a whole number"
                ));
            }
            Err(e) => return Err(format!("item {position} '{text}': {e}")),
        };
    }
    // The statistics run in f64 and a pentanomial count is two games: a total above 2^52 would no longer be
    // counted exactly (and the games would overflow), so it is refused rather than saturated.
    const LIMIT: u64 = 1 << 52;
    let total = out.iter().try_fold(0u64, |t, &c| t.checked_add(c));
    if total.is_none_or(|t| t > LIMIT) {
        return Err(format!(
            "the counts add up to more than {LIMIT} (2^52), the most counted exactly"
        ));
    }
    Ok(out)
}

/// Parses `--penta`.
fn penta(s: &str) -> Result<Pentanomial, String> {
    counts(s, "LL,LD,DD,DW,WW").map(|counts| Pentanomial { counts })
}

/// Parses `--tri`.
fn tri(s: &str) -> Result<Trinomial, String> {
    counts(s, "L,D,W").map(|counts| Trinomial { counts })
}

/// Parses a number, then lets `check` judge it (its message names the option; the option is dropped here, as
/// clap's own message names it).
fn number(s: &str, check: fn(&str, f64) -> Result<(), String>) -> Result<f64, String> {
    let v: f64 = s.trim().parse().map_err(|e| format!("{e}"))?;
    check("", v).map_err(|e| e.trim_start().to_owned())?;
    Ok(v)
}

/// Parses `--elo0` and `--elo1`.
fn elo(s: &str) -> Result<f64, String> {
    number(s, sprt::check_elo)
}

/// Parses `--alpha` and `--beta`.
fn rate(s: &str) -> Result<f64, String> {
    number(s, sprt::check_rate)
}

/// Runs the command: checks the bounds together (`--elo0` below `--elo1`, status 2 otherwise) and prints the line.
pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    let bounds = SprtBounds {
        elo0: args.elo0,
        elo1: args.elo1,
        alpha: args.alpha,
        beta: args.beta,
    };
    bounds.check().map_err(|e| Failure::BadInput.because(e))?;
    let status = match (args.penta, args.tri) {
        (Some(p), _) => sprt_pentanomial(&p, &bounds),
        (None, Some(t)) => sprt_trinomial(&t, &bounds),
        (None, None) => return Err(Failure::BadInput.because("give --penta or --tri")),
    };
    outln!("{}", status.line());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_parse_and_reject() {
        assert_eq!(penta("1, 2,3,4,5").unwrap().counts, [1, 2, 3, 4, 5]);
        assert_eq!(tri("0,0,0").unwrap().counts, [0, 0, 0]);
        for (s, start) in [
            ("1,2", "expected 3 comma-separated counts (L,D,W), found 2"),
            ("1,-2,3", "item 2 '-2': a count cannot be negative"),
            ("1,2,3.5", "item 3 '3.5': a count is a whole number"),
            ("1,,3", "item 2 is empty"),
            ("1,x,3", "item 2 'x': invalid digit"),
        ] {
            let e = tri(s).unwrap_err();
            assert!(e.starts_with(start), "{s}: {e}");
        }
    }

    #[test]
    fn numbers_are_checked() {
        assert_eq!(elo("-1.5"), Ok(-1.5));
        for (e, want) in [
            (elo("inf"), "inf must be a number from"),
            (rate("0.5"), "must be above 0 and below 0.5"),
            (rate("x"), ""),
        ] {
            let e = e.unwrap_err();
            assert!(e.contains(want), "{e}");
        }
    }
}
