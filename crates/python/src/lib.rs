//! `wodds._wodds`: the native half of the Python module `wodds`
//! (crates/python/wodds/). Each function takes a request as JSON text (the
//! shapes of [`wodds_api::request`]), does the work with the GIL released,
//! and hands back CSV text (the CLI's, byte for byte) and JSON; the Python
//! half builds its keyword arguments into the request and the CSV into a
//! polars DataFrame. Every failure is a `wodds.WoddsError` carrying the
//! file, line, column and field of a mistake in a file.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use wodds_api::Edition;
use wodds_api::request::{self, OddsQuery, RunQuery};

pyo3::create_exception!(
    wodds,
    WoddsError,
    PyException,
    "A wodds call failed: str() is the message `wodds` prints after `error: `; \
     `.file`, `.line`, `.column` and `.field` say where, for a mistake in a \
     rule or scenario file (None otherwise)."
);

/// How often a running conflict looks up from its work: to run Python's
/// signal handlers (Ctrl-C) and to report progress.
const WATCH: Duration = Duration::from_millis(100);

/// The API's error as a `WoddsError`, its place set as attributes.
fn py_error(py: Python<'_>, e: wodds_api::Error) -> PyErr {
    let err = WoddsError::new_err(e.message.clone());
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("file", e.file.clone())?;
        value.setattr("line", e.line)?;
        value.setattr("column", e.column)?;
        value.setattr("field", e.field.clone())?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(other) => other,
    }
}

/// A request's JSON that does not parse: a `WoddsError` with no place.
fn bad_request(py: Python<'_>, what: &str, e: &serde_json::Error) -> PyErr {
    py_error(py, wodds_api::Error::new(format!("{what}: {e}")))
}

/// `wodds compare`: a comparison request (JSON) to its CSV.
#[pyfunction]
fn compare(py: Python<'_>, query: &str) -> PyResult<String> {
    let q: request::CompareQuery =
        serde_json::from_str(query).map_err(|e| bad_request(py, "compare", &e))?;
    let answer = py.detach(|| request::compare(&q, &()));
    answer.map(|a| a.csv).map_err(|e| py_error(py, e))
}

/// `wodds action KIND`: an action's request (JSON; `kind` one of
/// extended, retry, teamwork, contest, prolonged, multiple, resisted) to
/// its CSV and the rest of its answer (JSON, as `--format json` writes it).
#[pyfunction]
fn action(py: Python<'_>, kind: &str, query: &str) -> PyResult<(String, String)> {
    let answer = py.detach(|| request::actions::any(kind, query));
    let mut a = answer.map_err(|e| py_error(py, e))?;
    let csv = a.take_csv();
    let mut rest = serde_json::to_value(&a).map_err(|e| bad_request(py, kind, &e))?;
    if let Some(object) = rest.as_object_mut() {
        object.remove("csv");
    }
    Ok((csv, rest.to_string()))
}

/// `wodds odds`: an odds request (JSON) to its CSV. `progress`, if given,
/// is called with (rows done, rows in all) about ten times a second.
/// Ctrl-C (or an exception from `progress`) stops the rolls between two
/// batches and raises.
#[pyfunction]
#[pyo3(signature = (query, progress=None))]
fn odds(py: Python<'_>, query: &str, progress: Option<Py<PyAny>>) -> PyResult<String> {
    let q: OddsQuery = serde_json::from_str(query).map_err(|e| bad_request(py, "odds", &e))?;
    let answer = watched(py, progress.as_ref(), |tell, stop| {
        request::odds_until(&q, tell, stop)
    })?;
    Ok(answer.csv)
}

/// `wodds run`: a run request (JSON) to its CSV and its results (JSON, as
/// `wodds run --format json` writes them). `progress`, if given, is
/// called with (fights done, fights in all) from the calling thread about
/// ten times a second. Ctrl-C (or an exception from `progress`) stops the
/// work, while the round chains are built or between two batches of
/// fights, and raises.
#[pyfunction]
#[pyo3(signature = (query, progress=None))]
fn run(py: Python<'_>, query: &str, progress: Option<Py<PyAny>>) -> PyResult<(String, String)> {
    let q: RunQuery = serde_json::from_str(query).map_err(|e| bad_request(py, "run", &e))?;
    let answer = watched(py, progress.as_ref(), |tell, stop| {
        request::run(&q, tell, stop)
    })?;
    if let Some(f) = &progress {
        let all = answer.results.iter().map(|r| r.fights).sum::<u64>();
        f.call1(py, (all, all))?;
    }
    let results = serde_json::to_string(&answer.results)
        .map_err(|e| py_error(py, wodds_api::Error::new(e.to_string())))?;
    Ok((answer.csv, results))
}

/// Runs `work` (told how far it has got, asked whether to stop) on a
/// thread of its own (and rayon's) while this thread, the caller's
/// (Python's main thread, where signal handlers run), wakes every WATCH to
/// run Python's signal handlers and call `progress(done, all)`, the GIL
/// held only for that. Ctrl-C or an exception from `progress` stops the
/// work and is raised.
fn watched<T: Send>(
    py: Python<'_>,
    progress: Option<&Py<PyAny>>,
    work: impl FnOnce(
        &(dyn Fn(u64, u64) + Sync),
        &(dyn Fn() -> bool + Sync),
    ) -> wodds_api::Result<Option<T>>
    + Send,
) -> PyResult<T> {
    let done = AtomicU64::new(0);
    let total = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let outcome = py.detach(|| {
        std::thread::scope(|scope| {
            let (tx, rx) = mpsc::channel();
            let (done, total, stop) = (&done, &total, &stop);
            scope.spawn(move || {
                let answer = work(
                    &|n, all| {
                        // Batches end out of order on rayon's threads.
                        done.fetch_max(n, Ordering::Relaxed);
                        total.store(all, Ordering::Relaxed);
                    },
                    &|| stop.load(Ordering::Relaxed),
                );
                // The receiver lives until this thread is joined.
                let _ = tx.send(answer);
            });
            let mut interrupted: Option<PyErr> = None;
            loop {
                match rx.recv_timeout(WATCH) {
                    Ok(answer) => return (answer, interrupted),
                    Err(mpsc::RecvTimeoutError::Timeout) if interrupted.is_none() => {
                        let watched = Python::attach(|py| -> PyResult<()> {
                            py.check_signals()?;
                            if let Some(f) = progress {
                                let all = total.load(Ordering::Relaxed);
                                if all > 0 {
                                    f.call1(py, (done.load(Ordering::Relaxed), all))?;
                                }
                            }
                            Ok(())
                        });
                        if let Err(e) = watched {
                            stop.store(true, Ordering::Relaxed);
                            interrupted = Some(e);
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        // The thread panicked: its scope re-raises it.
                        return (
                            Err(wodds_api::Error::new("the work's thread failed")),
                            interrupted,
                        );
                    }
                }
            }
        })
    });
    match outcome {
        (_, Some(interrupted)) => Err(interrupted),
        (Err(e), None) => Err(py_error(py, e)),
        (Ok(None), None) => Err(py_error(py, wodds_api::Error::new("the work was stopped"))),
        (Ok(Some(answer)), None) => Ok(answer),
    }
}

fn edition(py: Python<'_>, json: &str) -> PyResult<Edition> {
    serde_json::from_str(json).map_err(|e| bad_request(py, "edition", &e))
}

/// `wodds rules show`: an edition (JSON) to its settings' CSV.
#[pyfunction]
fn rules_show(py: Python<'_>, edition_json: &str) -> PyResult<String> {
    let e = edition(py, edition_json)?;
    let answer = request::show(&e).map_err(|e| py_error(py, e))?;
    Ok(wodds_api::rules::show_csv(&answer.settings))
}

/// `wodds rules diff`: two editions (JSON) to the CSV of the settings
/// they differ in.
#[pyfunction]
fn rules_diff(py: Python<'_>, a_json: &str, b_json: &str) -> PyResult<String> {
    let (a, b) = (edition(py, a_json)?, edition(py, b_json)?);
    let changes = request::diff(&a, &b).map_err(|e| py_error(py, e))?;
    Ok(wodds_api::rules::diff_csv(&changes))
}

/// The built-in editions' ids, in order.
#[pyfunction]
fn built_in() -> Vec<&'static str> {
    wodds_api::editions::built_in()
}

/// The module: its functions, `WoddsError` and `__version__`.
#[pymodule]
fn _wodds(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(odds, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(action, m)?)?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(rules_show, m)?)?;
    m.add_function(wrap_pyfunction!(rules_diff, m)?)?;
    m.add_function(wrap_pyfunction!(built_in, m)?)?;
    m.add("WoddsError", m.py().get_type::<WoddsError>())?;
    m.add("__version__", wodds_api::VERSION)?;
    Ok(())
}
