//! The `tilesearch` command: see `tilesearch --help` and the README.

use std::io::{self, BufWriter};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdin = io::stdin();
    let mut stdout = BufWriter::new(io::stdout().lock());
    let mut stderr = io::stderr().lock();
    let status = tilesearch::cli::run(&args, &mut stdin.lock(), &mut stdout, &mut stderr);
    drop(stdout);
    std::process::exit(status);
}
