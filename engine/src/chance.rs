//! Nested chance-node expansion (issue 4; to be written).
