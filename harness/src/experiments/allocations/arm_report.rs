//! One arm's allocation figures, as the child prints them and the parent parses them.

use anyhow::{Context, Result, bail};

/// Heap figures of one operation pass (every successor of a family expanded once with fresh caches).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ArmAllocation {
    /// Successors expanded (operations).
    pub successors: u64,
    /// Blocks allocated during the pass.
    pub total_blocks: u64,
    /// Bytes allocated during the pass.
    pub total_bytes: u64,
    /// Largest live heap during the pass, above what was live before it (from dhat's t-gmax).
    pub peak_live_bytes: u64,
}

impl ArmAllocation {
    /// The child's single output line.
    pub fn to_line(self) -> String {
        format!(
            "alloc successors={} total_blocks={} total_bytes={} peak_live_bytes={}",
            self.successors, self.total_blocks, self.total_bytes, self.peak_live_bytes
        )
    }

    /// Blocks per operation (per successor).
    pub fn blocks_per_op(&self) -> f64 {
        self.total_blocks as f64 / self.successors.max(1) as f64
    }

    /// Bytes per operation (per successor).
    pub fn bytes_per_op(&self) -> f64 {
        self.total_bytes as f64 / self.successors.max(1) as f64
    }
}

/// Parses the line [`ArmAllocation::to_line`] writes; the error quotes the line.
pub(crate) fn parse_child_line(line: &str) -> Result<ArmAllocation> {
    let rest = line
        .trim()
        .strip_prefix("alloc ")
        .with_context(|| format!("child output `{line}` does not start with `alloc `"))?;
    let mut a = ArmAllocation::default();
    let mut seen = 0;
    for part in rest.split_whitespace() {
        let (k, v) = part
            .split_once('=')
            .with_context(|| format!("child output `{line}`: `{part}` is not key=value"))?;
        let v: u64 = v
            .parse()
            .with_context(|| format!("child output `{line}`: `{k}` is not a number"))?;
        match k {
            "successors" => a.successors = v,
            "total_blocks" => a.total_blocks = v,
            "total_bytes" => a.total_bytes = v,
            "peak_live_bytes" => a.peak_live_bytes = v,
            _ => bail!("child output `{line}`: unknown key `{k}`"),
        }
        seen += 1;
    }
    if seen != 4 {
        bail!("child output `{line}`: expected 4 fields, found {seen}");
    }
    Ok(a)
}

#[cfg(test)]
mod tests {
    #[test]
    fn to_line_examples() {
        use crate::experiments::allocations::{ArmAllocation, parse_child_line};
        let a = ArmAllocation {
            successors: 3,
            total_blocks: 12,
            total_bytes: 4096,
            peak_live_bytes: 2048,
        };
        assert_eq!(parse_child_line(&a.to_line()).unwrap(), a);
    }
}
