//! The catalogue-eviction experiment (issue 6; to be written).
