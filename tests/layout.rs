//! The page reads packed trace records through `www/model/record-layout.js`, which is generated from
//! the layout in src/trace.rs: this test keeps the committed file equal to it
//! (`make golden` rewrites it after a deliberate change of the layout).

use tilesearch::trace::layout_js;

#[test]
fn the_page_reads_records_with_the_cores_layout() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/www/model/record-layout.js");
    let expected = layout_js();
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, &expected).unwrap();
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == expected,
        "www/model/record-layout.js differs from trace::layout_js(); run `make golden` and review the diff"
    );
}
