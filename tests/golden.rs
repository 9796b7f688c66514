//! Golden traces: the event stream of `tilesearch trace` on a few fixed cases, committed in
//! tests/golden. The CLI must reproduce each file byte for byte (and tests/js/golden.test.mjs
//! holds the wasm `Solver` to the same files), so any change to the event contract, the order
//! of the search or the JSON shows here. After a deliberate change, `make golden` rewrites them.

mod common;

use serde_json::Value;
use std::path::PathBuf;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// The cases of tests/golden/cases.json as `(name, CLI arguments)`.
fn cases() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(golden_dir().join("cases.json")).unwrap();
    let cases: Vec<Value> = serde_json::from_str(&text).unwrap();
    cases
        .iter()
        .map(|case| {
            let field = |name: &str| case[name].as_str().unwrap().to_string();
            let mut args: Vec<String> = ["--algorithm", "algorithm", "--heuristic", "heuristic"]
                .chunks(2)
                .chain([["--goal", "goal"].as_slice()])
                .flat_map(|pair| [pair[0].to_string(), field(pair[1])])
                .collect();
            if let Some(n) = case.get("maxNodes").and_then(Value::as_u64) {
                args.extend(["--max-nodes".to_string(), n.to_string()]);
            }
            args.insert(0, "trace".into());
            args.push(field("board"));
            (field("name"), args)
        })
        .collect()
}

#[test]
fn the_cli_reproduces_every_golden_trace() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let cases = cases();
    assert!(cases.len() >= 9);
    for (name, args) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (child, writer) = common::spawn_cli(&args, Vec::new());
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let file = golden_dir().join(format!("{name}.jsonl"));
        if update {
            std::fs::write(&file, &out.stdout).unwrap();
            continue;
        }
        let golden = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        if out.stdout != golden {
            let (got, want) = (
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&golden),
            );
            let line = got.lines().zip(want.lines()).position(|(a, b)| a != b);
            panic!(
                "{name}: the trace differs from {} at line {} ({} lines now, {} in the file)",
                file.display(),
                line.map_or(got.lines().count().min(want.lines().count()), |l| l) + 1,
                got.lines().count(),
                want.lines().count()
            );
        }
    }
}
