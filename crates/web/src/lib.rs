//! The browser playground's WebAssembly module: [`wodds_api`]'s requests
//! behind `wasm-bindgen`, JSON text in and out (the page parses it), so
//! the page computes exactly what `wodds` does. Every call answers
//! `{"ok": ...}` or `{"error": {"message", "file", "line", "column",
//! "field"}}`; nothing panics across the boundary on bad input.
//!
//! Built by `scripts/build-web.sh` (`cargo build --target
//! wasm32-unknown-unknown`, then `wasm-bindgen --target no-modules`) into
//! `web/`, whose page runs it in Web Workers.

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wodds_api::request::{self, OddsQuery, RunQuery};
use wodds_api::{Edition, Error};

mod shipped {
    include!(concat!(env!("OUT_DIR"), "/shipped.rs"));
}

/// `{"ok": value}` or `{"error": error}`, as JSON text.
fn answer<T: Serialize>(result: Result<T, Error>) -> String {
    let value = match result {
        Ok(v) => serde_json::json!({ "ok": v }),
        Err(e) => serde_json::json!({ "error": e }),
    };
    value.to_string()
}

/// A request's JSON text, or the error that says what is wrong with it.
fn parse<T: serde::de::DeserializeOwned>(what: &str, json: &str) -> Result<T, Error> {
    serde_json::from_str(json).map_err(|e| Error::new(format!("{what}: {e}")))
}

/// A single roll's odds under each edition (`wodds odds`): an
/// [`OddsQuery`] as JSON.
#[wasm_bindgen]
pub fn odds(query: &str) -> String {
    answer(parse::<OddsQuery>("odds", query).and_then(|q| request::odds(&q)))
}

/// A scenario played under each edition (`wodds run`): a [`RunQuery`] as
/// JSON. `building(states, paths)` is called for each state of the round
/// chains built (their states and the paths walked through their dice so
/// far), then `progress(done, total)` after each batch of fights.
#[wasm_bindgen]
pub fn run(query: &str, progress: &js_sys::Function, building: &js_sys::Function) -> String {
    let tell = |done: u64, total: u64| {
        // A page's progress callback cannot fail the run.
        let _ = progress.call2(
            &JsValue::NULL,
            &JsValue::from_f64(done as f64),
            &JsValue::from_f64(total as f64),
        );
    };
    let (states0, paths0) = wodds_sim::conflict::chain_work();
    let building = building.clone();
    let watch = Box::new(move |states: u64, paths: u64| {
        let _ = building.call2(
            &JsValue::NULL,
            &JsValue::from_f64((states - states0) as f64),
            &JsValue::from_f64((paths - paths0) as f64),
        );
    });
    answer(parse::<RunQuery>("run", query).and_then(|q| {
        wodds_sim::conflict::watching_chains(watch, || request::run(&q, &tell, &|| false))?
            .ok_or_else(|| Error::new("stopped"))
    }))
}

/// A rule set's settings (`wodds rules show`): an [`Edition`] as JSON (a
/// built-in id as a string, or `{"id", "file", "text"}`).
#[wasm_bindgen]
pub fn show(edition: &str) -> String {
    answer(parse::<Edition>("edition", edition).and_then(|e| request::show(&e)))
}

/// What two rule sets differ in (`wodds rules diff`).
#[wasm_bindgen]
pub fn diff(a: &str, b: &str) -> String {
    answer(
        parse::<Edition>("first edition", a)
            .and_then(|a| Ok((a, parse::<Edition>("second edition", b)?)))
            .and_then(|(a, b)| request::diff(&a, &b)),
    )
}

/// The shipped scenarios, `[{"file", "text"}]`, the house-rule files they
/// may name (`{"../rules/x.toml": text}`, a [`RunQuery`]'s `rules`) and
/// the built-in editions' ids.
#[wasm_bindgen]
pub fn catalogue() -> String {
    let scenarios: Vec<_> = shipped::SHIPPED
        .iter()
        .map(|(file, text)| serde_json::json!({ "file": file, "text": text }))
        .collect();
    serde_json::json!({
        "scenarios": scenarios,
        "rules": shipped::RULES.iter().copied().collect::<std::collections::BTreeMap<_, _>>(),
        "editions": wodds_api::editions::built_in(),
        "version": wodds_api::VERSION,
    })
    .to_string()
}

/// What a rule changes against a base (`wodds compare`): a
/// [`request::CompareQuery`] as JSON.
#[wasm_bindgen]
pub fn compare(query: &str) -> String {
    answer(parse::<request::CompareQuery>("compare", query).and_then(|q| request::compare(&q, &())))
}

/// An extended action followed to its end (`wodds action extended`): a
/// [`request::ExtendedQuery`] as JSON.
#[wasm_bindgen]
pub fn extended(query: &str) -> String {
    answer(parse::<request::ExtendedQuery>("extended", query).and_then(|q| request::extended(&q)))
}

/// Any action of `wodds action`: `kind` is one of `extended`, `retry`,
/// `teamwork`, `contest`, `prolonged`, `multiple` or `resisted`, `query`
/// its request as JSON ([`request::ExtendedQuery`],
/// [`request::actions::RetryQuery`], ...). The answer carries its rows
/// (or margins) and the CSV the subcommand writes with `--format csv`.
#[wasm_bindgen]
pub fn action(kind: &str, query: &str) -> String {
    answer(request::actions::any(kind, query))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `action` answers `{"ok": ...}` with the request's own answer, or
    /// `{"error": ...}` with the API's message, for every kind.
    #[test]
    fn action_answers_ok_or_error() {
        let query = r#"{"edition": "revised", "a": "1@6", "b": "1@6"}"#;
        let got: serde_json::Value = serde_json::from_str(&action("resisted", query)).unwrap();
        let want = request::actions::any("resisted", query).unwrap();
        assert_eq!(got["ok"]["csv"], want.csv());
        assert_eq!(got["ok"]["p_success"], 0.25);
        let extended = r#"{"edition": "revised", "pool": 1, "target": 1, "max_rolls": 2}"#;
        let got: serde_json::Value = serde_json::from_str(&action("extended", extended)).unwrap();
        let q: request::ExtendedQuery = serde_json::from_str(extended).unwrap();
        assert_eq!(got["ok"]["csv"], request::extended(&q).unwrap().csv);
        let got: serde_json::Value = serde_json::from_str(&action("duel", query)).unwrap();
        let message = got["error"]["message"].as_str().unwrap();
        assert!(
            message.starts_with("action: `duel` is not one of"),
            "{message}"
        );
        let got: serde_json::Value =
            serde_json::from_str(&action("retry", r#"{"edition": "revised"}"#)).unwrap();
        let message = got["error"]["message"].as_str().unwrap();
        assert!(
            message.starts_with("retry: missing field `pool`"),
            "{message}"
        );
    }
}
