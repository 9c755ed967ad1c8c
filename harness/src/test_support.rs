//! What the unit tests share: scratch folders that clean up after themselves.

/// A fresh empty folder under the system temp folder, removed when the guard drops. `name` shows in the folder's
/// name so a leftover (after a crash) says which test made it.
pub(crate) fn temp_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("harness-{name}-"))
        .tempdir()
        .expect("a temporary folder")
}
