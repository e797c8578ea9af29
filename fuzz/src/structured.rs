//! Structure-aware inputs: rule files and scenarios written from the fuzz
//! bytes as well-formed TOML, every key one the parser knows and most
//! values of the right type, so that runs spend their time in validation,
//! `extends` merging and what comes after rather than in TOML syntax
//! errors. Values cluster at the boundaries the validators check, and now
//! and then a value has the wrong type or shape or an unknown name.

use std::fmt::Write;

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use wodds_sim::conflict::{Armor, TRAITS, Weapon};

/// Integers at and either side of every limit the files are checked
/// against, and at the edges of the integer types they are read into.
const EDGES: &[i64] = &[
    i64::MIN,
    -2_147_483_649,
    -2_147_483_648,
    -11,
    -10,
    -2,
    -1,
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
    20,
    30,
    59,
    60,
    61,
    90,
    99,
    100,
    101,
    255,
    256,
    1000,
    1001,
    65_535,
    65_536,
    1_000_000_000,
    1_000_000_001,
    2_147_483_647,
    2_147_483_648,
    4_294_967_295,
    4_294_967_296,
    i64::MAX,
];

/// A value of the wrong type or shape.
const WRONG: &[&str] = &[
    "\"x\"",
    "\"\"",
    "1",
    "-1",
    "1.5",
    "nan",
    "true",
    "[]",
    "[1]",
    "[\"a\", 1]",
    "{}",
    "{ a = 1 }",
    "1979-05-27",
];

/// What a field holds.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// One of these names (quoted).
    Enum(&'static [&'static str]),
    /// An integer, usually within the range.
    Int(i64, i64),
    /// true or false.
    Bool,
    /// An array of this many integers, usually within the range.
    Ints(usize, i64, i64),
    /// A combat pool: 1 to 4 terms, each one to three trait names joined by `|`.
    Terms,
    /// Any short string.
    Text,
}

/// An integer: mostly within `lo..=hi`, else at an edge, else anything.
pub fn int(u: &mut Unstructured, lo: i64, hi: i64) -> Result<i64> {
    Ok(match u.int_in_range(0..=7u8)? {
        0..=4 => u.int_in_range(lo..=hi)?,
        5 | 6 => *u.choose(EDGES)?,
        _ => u.arbitrary()?,
    })
}

/// A one in `n` chance, never once the bytes have run out (when every
/// `Unstructured` choice is its first).
fn rare(u: &mut Unstructured, n: u32) -> Result<bool> {
    Ok(!u.is_empty() && u.ratio(1, n)?)
}

/// `s` as a TOML basic string.
fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => write!(out, "\\u{:04X}", u32::from(c)).unwrap(),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A value of `kind` as TOML.
pub fn value(u: &mut Unstructured, kind: Kind) -> Result<String> {
    if rare(u, 24)? {
        return Ok(u.choose(WRONG)?.to_string());
    }
    Ok(match kind {
        Kind::Enum(names) => {
            if rare(u, 16)? {
                quoted("bogus")
            } else {
                quoted(u.choose(names)?)
            }
        }
        Kind::Int(lo, hi) => int(u, lo, hi)?.to_string(),
        Kind::Bool => u.arbitrary::<bool>()?.to_string(),
        Kind::Ints(n, lo, hi) => {
            let n = if rare(u, 12)? {
                u.int_in_range(0..=n + 1)?
            } else {
                n
            };
            let items = (0..n)
                .map(|_| int(u, lo, hi).map(|i| i.to_string()))
                .collect::<Result<Vec<_>>>()?;
            format!("[{}]", items.join(", "))
        }
        Kind::Terms => {
            let n = u.int_in_range(0..=5u8)?;
            let mut terms = Vec::new();
            for _ in 0..n {
                let k = u.int_in_range(1..=3u8)?;
                let mut names = Vec::new();
                for _ in 0..k {
                    names.push(if rare(u, 20)? {
                        "bogus"
                    } else {
                        u.choose(&wodds_rules::TRAIT_NAMES)?
                    });
                }
                terms.push(quoted(&names.join("|")));
            }
            format!("[{}]", terms.join(", "))
        }
        Kind::Text => quoted(u.arbitrary::<&str>()?),
    })
}

/// Writes `[header]` (when given) and each field with probability `keep`
/// in 8 (a field left out is inherited, or missing).
pub fn table(
    u: &mut Unstructured,
    out: &mut String,
    header: Option<&str>,
    fields: &[(&str, Kind)],
    keep: u8,
) -> Result<()> {
    if let Some(h) = header {
        writeln!(out, "\n[{h}]").unwrap();
    }
    for &(key, kind) in fields {
        // Out of bytes, every choice would be the first: stop instead.
        if u.is_empty() {
            break;
        }
        if u.int_in_range(1..=8u8)? <= keep {
            writeln!(out, "{key} = {}", value(u, kind)?).unwrap();
        }
    }
    Ok(())
}

/// How often a file sets each field: all, most, half, or few of them.
fn density(u: &mut Unstructured) -> Result<u8> {
    Ok(*u.choose(&[8, 8, 6, 4, 1])?)
}

const BOTCH_EFFECT: &[&str] = &["wipe", "fail", "ignore"];
const ENGINES: &[&str] = &["revised", "fta", "uwod", "hubris"];

/// What a rule file may extend: the built-in editions, the fixtures, the
/// input itself, and files that are not there.
const EXTENDS: &[&str] = &[
    "revised",
    "fta",
    "uwod",
    "hubris",
    "base.toml",
    "deep.toml",
    "loop.toml",
    "input.toml",
    "missing.toml",
    "/dev/zero",
    "Revised",
    "",
    ".",
    "/",
];

/// A house-rule file.
pub fn rule_file(u: &mut Unstructured) -> Result<String> {
    let mut out = String::new();
    if !rare(u, 6)? {
        writeln!(out, "extends = {}", quoted(u.choose(EXTENDS)?)).unwrap();
    }
    if rare(u, 3)? {
        writeln!(out, "name = {}", value(u, Kind::Text)?).unwrap();
    }
    let keep = density(u)?;
    use Kind::*;
    table(
        u,
        &mut out,
        Some("dice"),
        &[
            (
                "difficulty",
                Enum(&["target-number", "successes-needed", "dice-removed"]),
            ),
            ("difficulty-range", Ints(2, -1, 11)),
            ("standard-difficulty", Int(-1, 11)),
            ("pool-range", Ints(2, -11, 101)),
            ("threshold", Int(0, 11)),
            ("ones", Enum(&["cancel", "ignore"])),
            (
                "tens",
                Enum(&["single", "double", "10-again", "9-again", "8-again"]),
            ),
            (
                "botch",
                Enum(&["never", "no-success-with-one", "chance-die-one"]),
            ),
            ("rerolled-ones-count", Bool),
            ("chance-die", Bool),
            ("specialty", Enum(&["none", "double", "10-again"])),
            ("automatic", Enum(&["none", "pool-vs-difficulty", "table"])),
            ("automatic-table", Ints(4, -1, 12)),
            ("unskilled", Ints(2, -1, 6)),
        ],
        keep,
    )?;
    table(
        u,
        &mut out,
        Some("dice.willpower"),
        &[
            ("mode", Enum(&["auto-success", "dice-and-rote"])),
            ("bonus-dice", Int(-1, 11)),
            ("cancelled-by-ones", Bool),
            ("prevents-botch", Bool),
        ],
        keep,
    )?;
    table(
        u,
        &mut out,
        Some("actions"),
        &[
            ("extended-botch", Enum(BOTCH_EFFECT)),
            ("resisted", Enum(&["margin", "meet"])),
            ("contest-tally", Enum(&["separate", "difference"])),
            ("contest-botch", Enum(BOTCH_EFFECT)),
            ("contest-tie", Enum(&["nothing", "defender"])),
            ("teamwork-botch-spoils", Bool),
            ("group", Enum(&["sum", "best"])),
            ("retry-penalty", Int(-1, 6)),
            ("multiple-actions", Bool),
        ],
        keep,
    )?;
    table(
        u,
        &mut out,
        Some("combat"),
        &[
            ("engine", Enum(ENGINES)),
            ("wound-penalties", Ints(6, -1, 11)),
            ("onslaught", Int(-1, 6)),
            ("concede", Bool),
            ("range-difficulty", Ints(3, 1, 11)),
        ],
        keep,
    )?;
    let pools: Vec<(&str, Kind)> = wodds_rules::Pools::NAMES
        .iter()
        .map(|&name| (name, Kind::Terms))
        .collect();
    table(u, &mut out, Some("combat.pools"), &pools, keep / 2)?;
    Ok(out)
}

/// What a scenario may name as an edition.
const EDITIONS: &[&str] = &[
    "revised",
    "fta",
    "uwod",
    "hubris",
    "base.toml",
    "deep.toml",
    "loop.toml",
    "missing.toml",
    "/dev/zero",
    "Revised",
];

/// A scenario file.
pub fn scenario(u: &mut Unstructured) -> Result<String> {
    let mut out = String::new();
    if !rare(u, 32)? {
        writeln!(out, "name = {}", value(u, Kind::Text)?).unwrap();
    }
    let kind = if rare(u, 32)? { "brawl" } else { "combat" };
    writeln!(out, "kind = {}", quoted(kind)).unwrap();
    let n = if rare(u, 32)? {
        0
    } else {
        u.int_in_range(1..=3)?
    };
    let editions = (0..n)
        .map(|_| u.choose(EDITIONS).map(|e| quoted(e)))
        .collect::<Result<Vec<_>>>()?;
    writeln!(out, "editions = [{}]", editions.join(", ")).unwrap();
    use Kind::*;
    table(
        u,
        &mut out,
        None,
        &[
            ("trials", Int(0, 1001)),
            ("seed", Int(0, 1 << 40)),
            ("max-rounds", Int(0, 1001)),
        ],
        4,
    )?;
    let sides = *u.choose(&[2, 2, 2, 3, 4, 1, 0])?;
    for s in 0..sides {
        writeln!(out, "\n[[side]]\nname = \"side {s}\"").unwrap();
        let members = *u.choose(&[1, 1, 2, 3, 4, 0])?;
        for m in 0..members {
            member(u, &mut out, s, m)?;
        }
    }
    Ok(out)
}

fn member(u: &mut Unstructured, out: &mut String, s: usize, m: usize) -> Result<()> {
    writeln!(out, "[[side.member]]\nname = \"member {s}.{m}\"").unwrap();
    let kinds: &[&str] = &["mortal", "vampire", "ghoul", "garou"];
    writeln!(out, "kind = {}", value(u, Kind::Enum(kinds))?).unwrap();
    let mut traits = Vec::new();
    for &(name, lo, hi, _) in &TRAITS {
        if rare(u, 2)? {
            let v = int(u, i64::from(lo), i64::from(hi))?;
            traits.push(format!("{name} = {v}"));
        }
    }
    if rare(u, 32)? {
        traits.push("bogus = 1".into());
    }
    writeln!(out, "traits = {{ {} }}", traits.join(", ")).unwrap();
    let weapons = Weapon::names();
    let armors = Armor::names();
    if u.ratio(3, 4)? {
        let w = if rare(u, 32)? {
            "bogus"
        } else {
            u.choose(&weapons)?
        };
        writeln!(out, "weapon = {}", quoted(w)).unwrap();
    }
    if rare(u, 2)? {
        let a = if rare(u, 32)? {
            "bogus"
        } else {
            u.choose(&armors)?
        };
        writeln!(out, "armor = {}", quoted(a)).unwrap();
    }
    use Kind::*;
    let range = Enum(&["melee", "point-blank", "effective", "long"]);
    if rare(u, 2)? {
        writeln!(out, "range = {}", value(u, range)?).unwrap();
    }
    let tactics: [(&str, Kind); 6] = [
        (
            "attack",
            Enum(&["basic", "power", "feint", "committed", "none"]),
        ),
        (
            "defend",
            Enum(&[
                "none", "dodge", "total", "escape", "block", "guard", "abort",
            ]),
        ),
        (
            "willpower",
            Enum(&["never", "when-hurt", "always", "ignore-wounds"]),
        ),
        ("flee-at", Enum(&["never", "wounded", "mauled", "crippled"])),
        ("actions", Int(0, 6)),
        ("rage", Int(0, 6)),
    ];
    if u.ratio(3, 4)? {
        let mut set = Vec::new();
        for (key, kind) in tactics {
            if rare(u, 2)? {
                set.push(format!("{key} = {}", value(u, kind)?));
            }
        }
        writeln!(out, "tactics = {{ {} }}", set.join(", ")).unwrap();
    }
    Ok(())
}
