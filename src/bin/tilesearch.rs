//! The `tilesearch` command: see `tilesearch --help` and the README.

#[cfg(not(target_arch = "wasm32"))]
use std::io::{self, BufWriter};

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdin = io::stdin();
    let mut stdout = BufWriter::new(io::stdout().lock());
    let mut stderr = io::stderr().lock();
    let status = tilesearch::cli::run(&args, &mut stdin.lock(), &mut stdout, &mut stderr);
    drop(stdout);
    std::process::exit(status);
}

/// The CLI is native only; a wasm build of the tests compiles this as an empty program.
#[cfg(target_arch = "wasm32")]
fn main() {}
