//! Prints the TOML a structured target's input stands for:
//! `cargo run --example render -- rules|scenario FILE...`.

use libfuzzer_sys::arbitrary::Unstructured;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (kind, files) = args
        .split_first()
        .expect("usage: render rules|scenario FILE...");
    for file in files {
        let data = std::fs::read(file).expect("a readable input");
        let mut u = Unstructured::new(&data);
        let text = match kind.as_str() {
            "rules" => wodds_fuzz::structured::rule_file(&mut u),
            "scenario" => wodds_fuzz::structured::scenario(&mut u),
            _ => panic!("the kind is rules or scenario, not {kind}"),
        };
        match text {
            Ok(text) => println!("# {file}\n{text}"),
            Err(e) => println!("# {file}: {e}"),
        }
    }
}
