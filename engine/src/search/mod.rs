//! Search contracts (issue 3; to be written).
