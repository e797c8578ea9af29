//! Parts read back and checked before a merge: each whole, all of one
//! run, every shard once; and their tallies added up.

use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use polars::prelude::*;
use wodds_sim::conflict::{Cell, End, Field, Shard, Tally};

use super::format::{FORMAT, FORMAT_VERSION, PartManifest, PartScenario, TALLIES, TALLIES_FILE};
use crate::compute::fights::Tallies;
use crate::error::ReportError;
use crate::files;
use crate::manifest::{self, EditionEntry, VERSION};
use crate::tables;

/// Parts read and checked: they go together, and every shard is there
/// once.
#[derive(Debug, Clone)]
pub struct Parts {
    /// The manifest they share (the first part given's; the shard and the
    /// files are each part's own).
    pub manifest: PartManifest,
    /// Each part's directory, by shard.
    pub dirs: Vec<PathBuf>,
    /// Each scenario-edition's cells, with the shard they came from.
    cells: BTreeMap<(String, String), Vec<(usize, Cell)>>,
}

/// An error about `path`.
fn bad(path: impl Into<PathBuf>, message: impl Into<String>) -> ReportError {
    ReportError::Part {
        path: path.into(),
        message: message.into(),
    }
}

/// Reads one part's manifest.
fn read_manifest(dir: &Path) -> Result<PartManifest, ReportError> {
    let path = dir.join("manifest.json");
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => {
            return Err(bad(
                dir,
                "is a file, not a part directory (wodds report --shard or wodds run --shard writes one)",
            ));
        }
        Err(e) => return Err(bad(dir, format!("cannot read it: {e}"))),
    }
    let text = files::read_text(&path, files::MAX_MANIFEST_BYTES).map_err(|e| {
        bad(
            &path,
            format!("cannot read it ({e}): not a shard's part (wodds report --shard or wodds run --shard writes one)"),
        )
    })?;
    let value: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| bad(&path, format!("not a part's manifest: {e}")))?;
    match value.get("format").and_then(|f| f.as_str()) {
        Some(FORMAT) => {}
        Some(manifest::FORMAT) => {
            return Err(bad(
                dir,
                "is a whole report, not a shard's part: only parts (wodds report --shard i/n) are merged",
            ));
        }
        _ => {
            return Err(bad(
                &path,
                format!("not a part's manifest (its format is not \"{FORMAT}\")"),
            ));
        }
    }
    match value.get("format_version").and_then(|v| v.as_u64()) {
        Some(v) if v == u64::from(FORMAT_VERSION) => {}
        v => {
            return Err(bad(
                &path,
                format!(
                    "part format version {}, this wodds reads version {FORMAT_VERSION}",
                    v.map_or("missing".to_string(), |v| v.to_string())
                ),
            ));
        }
    }
    serde_json::from_value(value).map_err(|e| bad(&path, format!("not a part's manifest: {e}")))
}

/// Whether `part` goes with `first`: the same wodds, command, inputs,
/// scenarios, seeds, trials, editions and rules, and split the same way.
fn agree(first: (&Path, &PartManifest), part: (&Path, &PartManifest)) -> Result<(), ReportError> {
    let (d0, m0) = first;
    let (d, m) = part;
    let path = d.join("manifest.json");
    let d0 = d0.display().to_string();
    let differ = |what: String| {
        bad(
            &path,
            format!(
                "{what}: it is not a part of the same run, and parts of different runs cannot be merged"
            ),
        )
    };
    if m.wodds_version != m0.wodds_version {
        return Err(differ(format!(
            "made by wodds {}, but {d0} by wodds {}",
            m.wodds_version, m0.wodds_version
        )));
    }
    if m.of != m0.of {
        return Err(differ(format!(
            "a part of `{}`, but {d0} of `{}`",
            m.of.command(),
            m0.of.command()
        )));
    }
    if m.shard.count != m0.shard.count {
        return Err(bad(
            &path,
            format!(
                "shard {}/{}, but {d0} is shard {}/{}: every part must split the run the same way",
                m.shard.index, m.shard.count, m0.shard.index, m0.shard.count
            ),
        ));
    }
    let files =
        |m: &PartManifest| -> Vec<String> { m.scenarios.iter().map(|s| s.file.clone()).collect() };
    if files(m) != files(m0) {
        return Err(differ(format!(
            "scenarios {}, but {d0} has {}",
            files(m).join(", "),
            files(m0).join(", ")
        )));
    }
    for (s, s0) in m.scenarios.iter().zip(&m0.scenarios) {
        if let Some(what) = scenario_differs(s, s0, &d0) {
            return Err(differ(what));
        }
    }
    for e in &m.editions {
        if let Some(e0) = m0.editions.iter().find(|e0| e0.id == e.id)
            && e0 != e
        {
            return Err(differ(format!(
                "edition {} had rules hash {}, but in {d0} {}",
                e.id, e.rules_hash, e0.rules_hash
            )));
        }
    }
    if m.command != m0.command || m.inputs != m0.inputs || m.editions != m0.editions {
        return Err(differ(format!(
            "made by `{}`, but {d0} by `{}`",
            m.command, m0.command
        )));
    }
    Ok(())
}

/// How scenario `s` of a part differs from `s0`, the same scenario of
/// the first part (in `d0`), if it does: its file's sha256, its seed, its
/// trials, its editions or their rules.
fn scenario_differs(s: &PartScenario, s0: &PartScenario, d0: &str) -> Option<String> {
    let f = &s.file;
    if s.sha256 != s0.sha256 {
        return Some(format!(
            "{f} had sha256 {}, but in {d0} {}",
            short(&s.sha256),
            short(&s0.sha256)
        ));
    }
    if s.seed != s0.seed {
        return Some(format!(
            "{f} ran with seed {}, but in {d0} with seed {}",
            s.seed, s0.seed
        ));
    }
    if s.trials != s0.trials {
        return Some(format!(
            "{f} ran {} trials an edition, but in {d0} {}",
            s.trials, s0.trials
        ));
    }
    let ids =
        |s: &PartScenario| -> Vec<String> { s.editions.iter().map(|e| e.id.clone()).collect() };
    if ids(s) != ids(s0) {
        return Some(format!(
            "{f} ran under {}, but in {d0} under {}",
            ids(s).join(", "),
            ids(s0).join(", ")
        ));
    }
    for (e, e0) in s.editions.iter().zip(&s0.editions) {
        if e.rules_hash != e0.rules_hash {
            return Some(format!(
                "edition {} had rules hash {}, but in {d0} {}",
                e.id, e.rules_hash, e0.rules_hash
            ));
        }
    }
    None
}

/// The first 12 hex digits of a sha256.
fn short(sha: &str) -> &str {
    &sha[..sha.len().min(12)]
}

/// Reads `dirs`, parts of one run given in any order, and checks them:
/// each part whole (its table's sha256 is its manifest's), all of the same
/// run, every shard `0..n` given exactly once, and made by this wodds.
/// Every error names the file at fault.
pub fn read_parts(dirs: &[PathBuf]) -> Result<Parts, ReportError> {
    if dirs.is_empty() {
        return Err(ReportError::Flag {
            flag: "PARTS",
            message: "no parts given".to_string(),
        });
    }
    let manifests = dirs
        .iter()
        .map(|d| read_manifest(d))
        .collect::<Result<Vec<_>, _>>()?;
    let first = (dirs[0].as_path(), &manifests[0]);
    for (d, m) in dirs.iter().zip(&manifests).skip(1) {
        agree(first, (d, m))?;
    }
    let m0 = &manifests[0];
    if m0.wodds_version != VERSION {
        return Err(bad(
            dirs[0].join("manifest.json"),
            format!(
                "made by wodds {}, and this is wodds {}: merge the parts with the wodds that made them",
                m0.wodds_version, VERSION
            ),
        ));
    }
    // Every shard once.
    let n = m0.shard.count;
    if n == 0 || n > wodds_sim::conflict::MAX_SHARDS {
        return Err(bad(
            dirs[0].join("manifest.json"),
            format!(
                "shard count {n} is outside 1..={}",
                wodds_sim::conflict::MAX_SHARDS
            ),
        ));
    }
    let mut by_shard: Vec<Option<usize>> = vec![None; n as usize];
    for (k, (d, m)) in dirs.iter().zip(&manifests).enumerate() {
        let i = m.shard.index;
        if i >= n {
            return Err(bad(
                d.join("manifest.json"),
                format!("shard {i}/{n}: shards of {n} are numbered 0..={}", n - 1),
            ));
        }
        if let Some(j) = by_shard[i as usize] {
            return Err(bad(
                d,
                format!(
                    "shard {i}/{n} given twice (also as {}): each shard must be given once",
                    dirs[j].display()
                ),
            ));
        }
        by_shard[i as usize] = Some(k);
    }
    if let Some(missing) = by_shard.iter().position(Option::is_none) {
        let absent: Vec<String> = (by_shard.iter().enumerate())
            .filter(|(_, k)| k.is_none())
            .map(|(i, _)| i.to_string())
            .collect();
        let given: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
        return Err(bad(
            &dirs[by_shard.iter().flatten().next().copied().unwrap_or(0)],
            format!(
                "shard {missing}/{n} is missing: the parts given ({}) lack shard{} {} of {n}",
                given.join(", "),
                if absent.len() == 1 { "" } else { "s" },
                absent.join(", ")
            ),
        ));
    }
    // Every part whole, its tallies read.
    let mut cells: BTreeMap<(String, String), Vec<(usize, Cell)>> = BTreeMap::new();
    for s in &m0.scenarios {
        for e in &s.editions {
            cells.insert((s.name.clone(), e.id.clone()), Vec::new());
        }
    }
    let ordered: Vec<usize> = by_shard.iter().map(|k| k.expect("checked")).collect();
    for &k in &ordered {
        let (d, m) = (&dirs[k], &manifests[k]);
        read_tallies(d, m, &mut cells)?;
    }
    Ok(Parts {
        manifest: m0.clone(),
        dirs: ordered.iter().map(|&k| dirs[k].clone()).collect(),
        cells,
    })
}

/// Checks `dir`'s files against its manifest and adds its cells.
fn read_tallies(
    dir: &Path,
    m: &PartManifest,
    cells: &mut BTreeMap<(String, String), Vec<(usize, Cell)>>,
) -> Result<(), ReportError> {
    let manifest_path = dir.join("manifest.json");
    let (path, df) = read_table(dir, m)?;
    let table = |message: String| bad(&path, message);
    let col = |name: &str| df.column(name).map_err(|e| table(e.to_string()));
    let (scenario, edition, field) = (col("scenario")?, col("edition")?, col("field")?);
    let (index, value, count) = (col("index")?, col("value")?, col("count")?);
    let (shard_col, seed_col, trials_col) = (col("shard")?, col("seed")?, col("trials")?);
    let typed = |e: PolarsError| table(e.to_string());
    let (scenario, edition, field) = (
        scenario.str().map_err(typed)?,
        edition.str().map_err(typed)?,
        field.str().map_err(typed)?,
    );
    let (index, value, count) = (
        index.u32().map_err(typed)?,
        value.i32().map_err(typed)?,
        count.u64().map_err(typed)?,
    );
    let (shard_col, seed_col, trials_col) = (
        shard_col.u64().map_err(typed)?,
        seed_col.u64().map_err(typed)?,
        trials_col.u64().map_err(typed)?,
    );
    let shard = m.shard.index as usize;
    let mut sums: BTreeMap<(String, String), Sums> = BTreeMap::new();
    for i in 0..df.height() {
        let get = || {
            Some((
                (scenario.get(i)?, edition.get(i)?, field.get(i)?),
                (index.get(i)?, value.get(i)?, count.get(i)?),
                (shard_col.get(i)?, seed_col.get(i)?, trials_col.get(i)?),
            ))
        };
        let Some(((s, e, f), (index, value, count), (sh, seed, trials))) = get() else {
            return Err(table(format!("row {i} has a null")));
        };
        let Some(field) = Field::from_name(f) else {
            return Err(table(format!("row {i}: no tally field is called {f:?}")));
        };
        let Some(list) = cells.get_mut(&(s.to_string(), e.to_string())) else {
            return Err(table(format!(
                "row {i}: scenario {s:?} under edition {e:?} is not in the part's manifest"
            )));
        };
        let of = m.scenarios.iter().find(|x| x.name == s);
        if sh != m.shard.index || of.is_some_and(|x| x.seed != seed || x.trials != trials) {
            return Err(bad(
                &manifest_path,
                format!(
                    "says shard {}, seed {} and {} trials for {s}, but its {TALLIES_FILE} was played as shard {sh} with seed {seed} and {trials} trials: the manifest was changed since the shard wrote it",
                    m.shard.index,
                    of.map_or(0, |x| x.seed),
                    of.map_or(0, |x| x.trials),
                ),
            ));
        }
        sums.entry((s.to_string(), e.to_string()))
            .or_default()
            .add(field, index, count);
        list.push((
            shard,
            Cell {
                field,
                index,
                value,
                count,
            },
        ));
    }
    check_sums(m, &manifest_path, &path, &sums)
}

/// Reads `dir`'s tallies table, held to its manifest `m` (the only file
/// listed, its sha256 and its rows) and to its schema: its path and its
/// rows.
fn read_table(dir: &Path, m: &PartManifest) -> Result<(PathBuf, DataFrame), ReportError> {
    let manifest_path = dir.join("manifest.json");
    let listed: Vec<&str> = m.files.iter().map(|f| f.path.as_str()).collect();
    if listed != [TALLIES_FILE] {
        return Err(bad(
            &manifest_path,
            format!("lists the files {listed:?}, a part has only {TALLIES_FILE}"),
        ));
    }
    let entry = &m.files[0];
    let path = dir.join(TALLIES_FILE);
    let bytes = files::read(&path, files::MAX_DATA_BYTES)
        .map_err(|e| bad(&path, format!("cannot read it: {e}")))?;
    if manifest::sha256(&bytes) != entry.sha256 {
        return Err(bad(
            &path,
            "its sha256 is not the one in the part's manifest.json: the file was changed or damaged since the shard wrote it",
        ));
    }
    let table = |message: String| bad(&path, message);
    let df = ParquetReader::new(Cursor::new(bytes))
        .finish()
        .map_err(|e| table(e.to_string()))?;
    tables::check_schema(&df, TALLIES).map_err(table)?;
    if entry.rows != Some(df.height() as u64) {
        return Err(table(format!(
            "{} rows, but its manifest says {:?}",
            df.height(),
            entry.rows
        )));
    }
    Ok((path, df))
}

/// Checks the counts of every scenario-edition of the part (`sums`, read
/// from its table at `path`) against what the shard of its manifest `m`
/// (at `manifest_path`) plays.
fn check_sums(
    m: &PartManifest,
    manifest_path: &Path,
    path: &Path,
    sums: &BTreeMap<(String, String), Sums>,
) -> Result<(), ReportError> {
    let table = |message: String| bad(path, message);
    let Some(split) = Shard::new(m.shard.index, m.shard.count) else {
        return Err(bad(manifest_path, "its shard is not i/n with i below n"));
    };
    for sc in &m.scenarios {
        for ed in &sc.editions {
            let sum = sums
                .get(&(sc.name.clone(), ed.id.clone()))
                .cloned()
                .unwrap_or_default();
            sum.check(split.fights(sc.trials)).map_err(|what| {
                table(format!(
                    "{} under {}: {what}, which no shard's tallies do: the file was changed since the shard wrote it",
                    sc.name, ed.id
                ))
            })?;
        }
    }
    Ok(())
}

/// A scenario-edition's counts in one part, summed by what must agree.
#[derive(Debug, Clone, Default)]
struct Sums {
    fights: u128,
    wins: u128,
    /// Conflicts that ended with nobody winning (a draw, a grapple
    /// released or never begun).
    nobody: u128,
    ends: u128,
    rounds: u128,
    damage: u128,
}

impl Sums {
    fn add(&mut self, field: Field, index: u32, count: u64) {
        let c = u128::from(count);
        match field {
            Field::Fights => self.fights += c,
            Field::Wins => self.wins += c,
            Field::Ends => {
                self.ends += c;
                if End::ALL
                    .get(index as usize)
                    .is_some_and(|e| *e == End::Draw || e.undecided())
                {
                    self.nobody += c;
                }
            }
            Field::Rounds => self.rounds += c,
            Field::Damage => self.damage += c,
            _ => {}
        }
    }

    /// What every honest part's counts satisfy, for a shard that played
    /// `fights` conflicts.
    fn check(&self, fights: u64) -> Result<(), String> {
        let n = self.fights;
        if n != u128::from(fights) {
            return Err(format!(
                "{n} conflicts played where its shard plays {fights}"
            ));
        }
        if self.wins + self.nobody != n {
            return Err(format!(
                "{} won and {} with no winner in {n} conflicts",
                self.wins, self.nobody
            ));
        }
        if self.ends != n {
            return Err(format!("{} endings in {n} conflicts", self.ends));
        }
        if self.rounds != n {
            return Err(format!("{} lengths in {n} conflicts", self.rounds));
        }
        if self.damage != self.wins {
            return Err(format!(
                "{} winners' damage counted for {} wins",
                self.damage, self.wins
            ));
        }
        Ok(())
    }
}

impl Parts {
    /// The merged tally of `scenario` (its [`PartScenario::name`]) under
    /// `edition`, for a conflict of `sides` sides and at most `max_rounds`
    /// rounds: every shard's counts added up.
    pub fn tally(
        &self,
        scenario: &str,
        edition: &str,
        sides: usize,
        max_rounds: u32,
    ) -> Result<Tally, ReportError> {
        let mut t = Tally::new(sides, max_rounds);
        let cells = self
            .cells
            .get(&(scenario.to_string(), edition.to_string()))
            .ok_or_else(|| {
                bad(
                    self.dirs[0].join("manifest.json"),
                    format!("has no tallies of scenario {scenario} under edition {edition}"),
                )
            })?;
        for (shard, c) in cells {
            t.add_cell(c).map_err(|e| {
                bad(
                    self.dirs[*shard].join(TALLIES_FILE),
                    format!("{scenario} under {edition}: {e}"),
                )
            })?;
        }
        Ok(t)
    }

    /// Checks the inputs read again for the merge (`scenarios` and
    /// `editions`, as a part of them would list them) against the parts':
    /// a scenario file or an edition changed since the shards ran is
    /// refused, naming it.
    pub fn check_inputs(
        &self,
        scenarios: &[PartScenario],
        editions: &[EditionEntry],
    ) -> Result<(), ReportError> {
        let m = &self.manifest;
        let from = self.dirs[0].join("manifest.json");
        let from = from.display();
        for s in scenarios {
            let Some(p) = m.scenarios.iter().find(|p| p.file == s.file) else {
                return Err(bad(
                    &s.file,
                    format!("is not among the parts' scenarios (in {from})"),
                ));
            };
            if p.sha256 != s.sha256 {
                return Err(bad(
                    &s.file,
                    format!(
                        "has changed since the shards ran (sha256 {}, the parts' {} in {from}): run the shards again, or merge with the file they read",
                        short(&s.sha256),
                        short(&p.sha256)
                    ),
                ));
            }
            for e in &s.editions {
                if let Some(pe) = p.editions.iter().find(|pe| pe.id == e.id)
                    && pe.rules_hash != e.rules_hash
                {
                    return Err(bad(
                        &e.id,
                        format!(
                            "its rules have changed since the shards ran (rules hash {}, the parts' {} in {from})",
                            e.rules_hash, pe.rules_hash
                        ),
                    ));
                }
            }
            if p != s {
                return Err(bad(
                    &s.file,
                    format!("reads differently than when the shards ran (see {from})"),
                ));
            }
        }
        if scenarios.len() != m.scenarios.len() || editions != m.editions.as_slice() {
            return Err(bad(
                from.to_string(),
                "its scenarios and editions are not the ones read again for the merge",
            ));
        }
        Ok(())
    }
}

impl Tallies for Parts {
    fn tally(
        &self,
        scenario: &str,
        edition: &str,
        sides: usize,
        max_rounds: u32,
    ) -> Result<Tally, ReportError> {
        Parts::tally(self, scenario, edition, sides, max_rounds)
    }
}
