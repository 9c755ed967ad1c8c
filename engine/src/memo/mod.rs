//! Evaluation memoisation (issue 3; to be written).
