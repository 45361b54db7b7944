//! Writes docs/fort-oswego.svg: the Fort Oswego set-up as `fiw_d3::svg::svg` draws it, with
//! the fort's gun selected to show a field of fire. `crates/d3/tests/svg.rs` compares the
//! checked-in file with a fresh drawing, so run this after changing the drawing or the
//! scenario:
//!
//! ```sh
//! cargo run -p fiw-d3 --example fort_oswego_svg
//! ```

fn main() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/fort-oswego.svg");
    let drawing = fiw_d3::svg::fort_oswego_setup();
    if let Err(e) = std::fs::write(&path, drawing) {
        eprintln!("cannot write {}: {e}", path.display());
        std::process::exit(1);
    }
    println!("wrote {}", path.display());
}
