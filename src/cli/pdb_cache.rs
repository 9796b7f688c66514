//! The CLI's disk cache of pattern databases: the core builds and checks them but never
//! touches files or the environment; this is the one place that does.

use crate::board::Goal;
use crate::heuristic::pdb::PatternDatabases;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::{env, fs, io};

/// Where built databases are kept: `$TILESEARCH_CACHE`, else `$XDG_CACHE_HOME/tilesearch`,
/// else `$HOME/.cache/tilesearch`.
pub fn cache_dir() -> Option<PathBuf> {
    let var = |name: &str| {
        env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    var("TILESEARCH_CACHE")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("tilesearch")))
        .or_else(|| var("HOME").map(|d| d.join(".cache").join("tilesearch")))
}

/// The databases for `goal`: read from the disk cache, else built and written to the cache
/// for next time. A cache file that is damaged or from another version is rebuilt; a cache
/// that cannot be written is skipped.
pub fn load_or_build(goal: Goal) -> Arc<PatternDatabases> {
    let file = cache_dir().map(|d| d.join(format!("pdb-663-{}.bin", goal.name())));
    if let Some(bytes) = file.as_ref().and_then(|f| fs::read(f).ok()) {
        if let Ok(databases) = PatternDatabases::from_bytes(goal, &bytes) {
            return Arc::new(databases);
        }
    }
    let databases = PatternDatabases::build(goal);
    if let Some(file) = &file {
        // The cache only saves time: a read-only or missing home, or a directory where the
        // file should be, is fine.
        drop(write_atomically(file, &databases.to_bytes()));
    }
    Arc::new(databases)
}

/// Writes `bytes` to `file` through a temporary file beside it, renamed into place, so that no
/// reader sees a half-written cache. Whatever fails (the directory, the write, the rename), the
/// temporary file does not stay: at 29 MB it would cost more than the cache saves.
fn write_atomically(file: &Path, bytes: &[u8]) -> io::Result<()> {
    let (Some(parent), Some(name)) = (file.parent(), file.file_name()) else {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the cache file has no name",
        ));
    };
    fs::create_dir_all(parent)?;
    // One name per process, so that runs building at once never write (or remove) each
    // other's temporary file.
    let mut temporary = name.to_os_string();
    temporary.push(format!(".{}.tmp", std::process::id()));
    let temporary = parent.join(temporary);
    let written = fs::write(&temporary, bytes).and_then(|()| fs::rename(&temporary, file));
    if written.is_err() {
        // Created, half written or not renamed: gone either way (an error here means there
        // was nothing to remove).
        drop(fs::remove_file(&temporary));
    }
    written
}

#[cfg(test)]
mod tests {
    use super::write_atomically;
    use std::fs;
    use std::path::PathBuf;

    /// A fresh directory of this test's own.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "tilesearch-pdb-cache-{name}-{}",
            std::process::id()
        ));
        drop(fs::remove_dir_all(&dir));
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// The names in `dir`, sorted.
    fn names(dir: &PathBuf) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_write_leaves_the_file_and_nothing_else() {
        let dir = scratch("ok");
        let file = dir.join("sub").join("pdb-663-blank-last.bin");
        write_atomically(&file, b"first").unwrap();
        write_atomically(&file, b"second").unwrap();
        assert_eq!(fs::read(&file).unwrap(), b"second");
        assert_eq!(names(&dir.join("sub")), ["pdb-663-blank-last.bin"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_directory_where_the_file_should_be_leaves_no_temporary_file() {
        let dir = scratch("dir");
        let file = dir.join("pdb-663-blank-last.bin");
        fs::create_dir(&file).unwrap();
        assert!(write_atomically(&file, &[7; 4096]).is_err());
        assert_eq!(names(&dir), ["pdb-663-blank-last.bin"]);
        assert!(file.is_dir());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_where_the_directory_should_be_is_left_alone() {
        let dir = scratch("parent");
        let blocker = dir.join("cache");
        fs::write(&blocker, b"not a directory").unwrap();
        let file = blocker.join("tilesearch").join("pdb-663-blank-first.bin");
        assert!(write_atomically(&file, &[7; 4096]).is_err());
        assert_eq!(names(&dir), ["cache"]);
        assert_eq!(fs::read(&blocker).unwrap(), b"not a directory");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_directory_leaves_no_temporary_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("read-only");
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o555)).unwrap();
        // Root writes anyway: then the write simply succeeds, and the check is the same.
        let written = write_atomically(&dir.join("pdb-663-blank-last.bin"), &[7; 4096]);
        let expected: &[&str] = if written.is_ok() {
            &["pdb-663-blank-last.bin"]
        } else {
            &[]
        };
        assert_eq!(names(&dir), expected);
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
        fs::remove_dir_all(&dir).unwrap();
    }
}
