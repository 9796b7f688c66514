//! The CLI's disk cache of pattern databases: the core builds and checks them but never
//! touches files or the environment; this is the one place that does.

use crate::board::Goal;
use crate::heuristic::pdb::PatternDatabases;
use std::path::PathBuf;
use std::sync::Arc;
use std::{env, fs};

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
        let temporary = file.with_extension("tmp");
        let written = file
            .parent()
            .map(fs::create_dir_all)
            .transpose()
            .and_then(|_| fs::write(&temporary, databases.to_bytes()))
            .and_then(|()| fs::rename(&temporary, file));
        // The cache only saves time: a read-only or missing home is fine.
        drop(written);
    }
    Arc::new(databases)
}
