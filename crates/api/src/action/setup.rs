//! Actions set up from their numbers under an edition, each with the
//! action in words: what `wodds action extended`, `retry`, `teamwork`,
//! `contest` and `prolonged` follow. `names` are the values' names in
//! errors (the command line's flags, or a request's fields).

use wodds_rules::{BotchEffect, RollOptions, RuleSet, TallyRule, TeamworkRule, TieRule};
use wodds_sim::{Contest, Extended, Prolonged, Retry, Schedule, Throw};

use super::side::{SideSpec, throw_of, two_sides};
use crate::error::{Error, Result};

/// The most successes an action may need.
pub const MAX_TARGET: u32 = 200;

/// A count (a target, successes needed) checked against 1..=[`MAX_TARGET`];
/// `name` says which in the error.
pub fn check_count(name: &str, n: u32) -> Result<u32> {
    if (1..=MAX_TARGET).contains(&n) {
        Ok(n)
    } else {
        Err(Error::new(format!(
            "{name} {n} is outside the allowed range 1..={MAX_TARGET}"
        )))
    }
}

/// What a botch does, in words.
pub fn botch_words(b: BotchEffect) -> &'static str {
    match b {
        BotchEffect::Wipe => "wipes the total",
        BotchEffect::Fail => "fails the action",
        BotchEffect::Ignore => "counts as no successes",
    }
}

/// ", with specialty+willpower" for the options given, or nothing.
pub fn with(options: &RollOptions) -> String {
    match crate::odds::label(options).as_str() {
        "none" => String::new(),
        label => format!(", with {label}"),
    }
}

/// An extended action: `pool` dice at `difficulty` (default: the
/// edition's standard) again and again until `target` successes, a botch
/// doing what `botch` says (default: the edition's rule), the first botch
/// free when `free_botch`. `names`: the pool's and the target's.
#[allow(clippy::too_many_arguments)]
pub fn extended(
    rules: &RuleSet,
    pool: i32,
    difficulty: Option<i32>,
    target: u32,
    botch: Option<BotchEffect>,
    free_botch: bool,
    options: &RollOptions,
    names: [&str; 2],
) -> Result<(Extended, String)> {
    let d = difficulty.unwrap_or(rules.dice.standard_difficulty);
    let spec = rules
        .roll(pool, d, options)
        .map_err(|e| Error::from(e).context(names[0]))?
        .spec;
    let botch = botch.unwrap_or(rules.actions.extended_botch);
    let action = Extended {
        schedule: Schedule::new(vec![vec![Throw::single(spec)]]),
        target: check_count(names[1], target)?,
        botch,
        free_botches: u32::from(free_botch),
    };
    let what = format!(
        "extended: {pool} dice at difficulty {d}{}, target {target}, a botch {}{}",
        with(options),
        botch_words(botch),
        if free_botch {
            " (the first is free)"
        } else {
            ""
        }
    );
    Ok((action, what))
}

/// Trying again after failing: `pool` dice from `difficulty` (default:
/// the edition's standard), each failure raising it by `penalty` (default:
/// the edition's) up to the edition's top; a botch ends the attempts if
/// `botch_ends`, else it is a failed try. `names`: the penalty's, the
/// difficulty's and the pool's.
pub fn retry(
    rules: &RuleSet,
    pool: i32,
    difficulty: Option<i32>,
    penalty: Option<i32>,
    botch_ends: bool,
    options: &RollOptions,
    names: [&str; 3],
) -> Result<(Retry, String)> {
    let penalty = penalty.unwrap_or(rules.actions.retry_penalty);
    if !(0..=5).contains(&penalty) {
        return Err(Error::new(format!(
            "{} {penalty} is outside the allowed range 0..=5",
            names[0]
        )));
    }
    let first = difficulty.unwrap_or(rules.dice.standard_difficulty);
    rules
        .check_difficulty(first)
        .map_err(|e| Error::from(e).context(names[1]))?;
    let top = rules.dice.difficulty_range[1];
    // Difficulties of the tries until the cap, which then repeats.
    let mut difficulties = vec![first];
    while penalty > 0 && *difficulties.last().expect("one") < top {
        difficulties.push((difficulties.last().expect("one") + penalty).min(top));
    }
    let mut schedule = Vec::new();
    let mut needed = Vec::new();
    for &d in &difficulties {
        let roll = rules
            .roll(pool, d, options)
            .map_err(|e| Error::from(e).context(names[2]))?;
        schedule.push(vec![Throw::single(roll.spec)]);
        needed.push(roll.needed);
    }
    let action = Retry {
        schedule: Schedule::new(schedule),
        needed,
        botch: if botch_ends {
            BotchEffect::Fail
        } else {
            BotchEffect::Ignore
        },
    };
    let what = format!(
        "retry: {pool} dice at difficulty {first}{}, +{penalty} a failure (up to {top}); a botch {}",
        with(options),
        if botch_ends {
            "ends the attempts"
        } else {
            "is a failed try"
        }
    );
    Ok((action, what))
}

/// Several characters working together until `target` successes: the
/// edition's teamwork rule (each rolls and the successes add up, or the
/// first rolls with the others' help as an Edge), a botched team roll
/// doing what `botch` says (default: the edition's extended rule).
/// `names`: the pools' and difficulty's, and the target's.
pub fn teamwork(
    rules: &RuleSet,
    pools: &[i32],
    difficulty: Option<i32>,
    target: u32,
    botch: Option<BotchEffect>,
    options: &RollOptions,
    names: [&str; 2],
) -> Result<(Extended, String)> {
    let (throw, how) = team_roll(rules, pools, difficulty, options, names[0])?;
    let botch = botch.unwrap_or(rules.actions.extended_botch);
    let action = Extended {
        schedule: Schedule::new(vec![vec![throw]]),
        target: check_count(names[1], target)?,
        botch,
        free_botches: 0,
    };
    let what = format!(
        "teamwork: pools {} at difficulty {}{}, target {target}; {how}, a botched team roll {}",
        pools
            .iter()
            .map(i32::to_string)
            .collect::<Vec<_>>()
            .join("+"),
        difficulty.unwrap_or(rules.dice.standard_difficulty),
        with(options),
        botch_words(botch)
    );
    Ok((action, what))
}

/// A team's roll under the edition's teamwork rule, and how it is made in
/// words: the first pool's roll with the others' pools as an Edge (at
/// most the edition's cap), or every pool rolled and the successes added.
fn team_roll(
    rules: &RuleSet,
    pools: &[i32],
    difficulty: Option<i32>,
    options: &RollOptions,
    name: &str,
) -> Result<(Throw, String)> {
    let (lead, helpers) = pools
        .split_first()
        .ok_or_else(|| Error::new(format!("{name}: name at least one pool")))?;
    if let (TeamworkRule::Edge, Some(cap)) =
        (rules.actions.teamwork, rules.actions.teamwork_edge_cap)
    {
        for &p in helpers {
            rules
                .check_pool(p)
                .map_err(|e| Error::from(e).context(name))?;
        }
        let help: i32 = helpers.iter().sum::<i32>().min(cap);
        rules
            .check_pool(*lead)
            .map_err(|e| Error::from(e).context(name))?;
        let d = difficulty.unwrap_or(rules.dice.standard_difficulty);
        let spec = rules
            .roll(lead + help, d, options)
            .map_err(|e| Error::from(e).context(name))?
            .spec;
        let how =
            format!("the helpers add {help} dice to the first pool (an Edge of at most {cap})");
        return Ok((Throw::single(spec), how));
    }
    let members: Vec<_> = pools.iter().map(|&p| (p, difficulty)).collect();
    let throw = throw_of(rules, &members, options, name, true)?;
    let spoil = if rules.actions.teamwork_botch_spoils {
        "spoils the team's roll"
    } else {
        "adds nothing"
    };
    Ok((
        throw,
        format!("each rolls and the successes add up; one botch {spoil}"),
    ))
}

/// A contest: each round's winner scores the margin (or the sides keep
/// separate tallies, as `tally` or the edition says), first to `target`
/// wins, a botch doing what `botch` or the edition says. `names`: the two
/// sides' and the target's.
pub fn contest(
    rules: &RuleSet,
    a: &SideSpec,
    b: &SideSpec,
    target: u32,
    tally: Option<TallyRule>,
    botch: Option<BotchEffect>,
    names: [&str; 3],
) -> Result<(Contest, String)> {
    let botch = botch.unwrap_or(rules.actions.contest_botch);
    let tally = tally.unwrap_or(rules.actions.contest_tally);
    let action = Contest {
        schedule: two_sides(rules, a, b, [names[0], names[1]])?,
        target: check_count(names[2], target)?,
        tally,
        botch,
    };
    let what = format!(
        "contest: A {} against B {}, first to {target} ({}), a botch {}",
        a.describe(),
        b.describe(),
        match tally {
            TallyRule::Separate => "separate tallies",
            TallyRule::Difference => "running difference",
        },
        match botch {
            BotchEffect::Wipe => "wipes that side's tally",
            BotchEffect::Fail => "loses the contest",
            BotchEffect::Ignore => "counts as no successes",
        }
    );
    Ok((action, what))
}

/// A prolonged contest (hubris): contests until one side has lost as many
/// as its Resistance, a tie going as `tie` or the edition says. `names`:
/// the two sides', then their Resistances'.
pub fn prolonged(
    rules: &RuleSet,
    a: &SideSpec,
    b: &SideSpec,
    resistance: [u32; 2],
    tie: Option<TieRule>,
    names: [&str; 4],
) -> Result<(Prolonged, String)> {
    let tie = tie.unwrap_or(rules.actions.contest_tie);
    let action = Prolonged {
        schedule: two_sides(rules, a, b, [names[0], names[1]])?,
        a_resistance: check_count(names[2], resistance[0])?,
        b_resistance: check_count(names[3], resistance[1])?,
        tie,
    };
    let what = format!(
        "prolonged: A {} (Resistance {}) against B {} (Resistance {}); a tie {}",
        a.describe(),
        resistance[0],
        b.describe(),
        resistance[1],
        match tie {
            TieRule::Nothing => "is won by nobody",
            TieRule::Defender => "goes to B",
            TieRule::Acting => "goes to A if it rolled a success",
            TieRule::Reroll => "is rolled again",
        }
    );
    Ok((action, what))
}
