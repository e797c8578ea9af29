//! A grapple scenario's `[grapple]` table: who grapples and how it starts
//! ([`GrappleSetup`]).

use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;
use wodds_rules::RulesError;

use super::kind::ConflictKind;
use super::member::Side;

/// How a grapple starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GrappleStart {
    /// The grappler makes a grapple attack; the other defends as its
    /// `tactics.defend` says (dodge or block; none: no defence).
    Attack,
    /// The other attacks (its weapon, its attack pool) and the grappler
    /// answers with a grapple defence (fta; the other editions have none
    /// and start as `attack`).
    Defence,
    /// The grapple is under way: the grappler holds the other with the
    /// scenario's `control`.
    Held,
}

/// `[grapple]` of a scenario file.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RawGrapple {
    /// The member who grapples (attacks, or defends with a grapple, or
    /// holds the other).
    #[schemars(with = "String")]
    grappler: Spanned<String>,
    /// How it starts.
    start: GrappleStart,
    /// With `start = "held"`: the Grappler's Control (fta), 1..=30.
    #[serde(default)]
    #[schemars(with = "Option<i64>", range(min = 1, max = 30))]
    control: Option<Spanned<i64>>,
}

/// A grapple scenario's start, validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GrappleSetup {
    /// The grappler's member index.
    pub grappler: usize,
    /// How it starts.
    pub start: GrappleStart,
    /// The Control it starts with (`start = "held"`; else 0).
    pub control: i32,
}

/// Checks a scenario's `[grapple]` against its kind and sides.
pub(super) fn setup(
    kind: ConflictKind,
    raw: Option<&Spanned<RawGrapple>>,
    sides: &[Side],
    at: &impl Fn(usize, &str, String) -> RulesError,
) -> Result<Option<GrappleSetup>, RulesError> {
    let raw = match (kind, raw) {
        (ConflictKind::Combat | ConflictKind::Chase, None) => return Ok(None),
        (ConflictKind::Combat | ConflictKind::Chase, Some(g)) => {
            return Err(at(
                g.span().start,
                "grapple",
                "[grapple] is only for `kind = \"grapple\"`".into(),
            ));
        }
        (ConflictKind::Grapple, None) => {
            return Err(at(
                0,
                "grapple",
                "a grapple needs a [grapple] table: who grapples (`grappler`) and how it starts (`start`)".into(),
            ));
        }
        (ConflictKind::Grapple, Some(g)) => g,
    };
    if sides.len() != 2 {
        return Err(at(
            0,
            "side",
            format!("a grapple has two sides, not {}", sides.len()),
        ));
    }
    let g = raw.get_ref();
    let name = g.grappler.get_ref();
    let Some(grappler) = sides.iter().position(|s| &s.members[0].name == name) else {
        let third = sides
            .iter()
            .any(|s| s.members.iter().skip(1).any(|m| &m.name == name));
        let why = if third {
            format!("`{name}` is a third party: the grapple is between each side's first member, ")
        } else {
            format!("no side's first member is named `{name}`: ")
        };
        return Err(at(
            g.grappler.span().start,
            "grapple.grappler",
            format!(
                "{why}name {} or {}",
                sides[0].members[0].name, sides[1].members[0].name
            ),
        ));
    };

    let control = match (&g.control, g.start) {
        (None, GrappleStart::Held) => {
            return Err(at(
                raw.span().start,
                "grapple.control",
                "`start = \"held\"` needs the Control it starts with (`control`, 1..=30)".into(),
            ));
        }
        (Some(c), GrappleStart::Held) if !(1..=30).contains(c.get_ref()) => {
            return Err(at(
                c.span().start,
                "grapple.control",
                format!("{} is outside 1..=30", c.get_ref()),
            ));
        }
        (Some(c), GrappleStart::Held) => *c.get_ref() as i32,
        (Some(c), _) => {
            return Err(at(
                c.span().start,
                "grapple.control",
                "only `start = \"held\"` is given a Control (an attack or defence rolls for it)"
                    .into(),
            ));
        }
        (None, _) => 0,
    };
    Ok(Some(GrappleSetup {
        grappler,
        start: g.start,
        control,
    }))
}
