//! `wodds action`: multi-roll actions, exact or sampled.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::io::{self, Write};
use std::str::FromStr;

use anyhow::{Context, bail};
use clap::{Args, Subcommand, ValueEnum};
use serde::Serialize;
use wodds_rules::{BotchEffect, GroupRule, RollOptions, RuleSet, TallyRule, TeamworkRule, TieRule};
use wodds_sim::{
    Contest, Extended, Process, Prolonged, Resisted, Retry, Schedule, Throw, Timeline,
    resisted_exact, resisted_sample, simulate, solve_with,
};

use crate::output::{csv_writer, emit, tidy};
use crate::run::{Format, Provenance, RollFlags, RunArgs, binomial_se, pct, progress_bar};

/// Largest target or Resistance accepted.
const MAX_TARGET: u32 = 200;
/// Longest action followed, in rolls or rounds.
const MAX_HORIZON: usize = 100_000;

#[derive(Debug, Subcommand)]
pub enum ActionCommand {
    /// Roll again and again until the successes add up to a target.
    #[command(
        after_help = "Example (Veronica's Wits + Finance, a roll a night):\n  \
        wodds action extended --edition revised --pool 7 --difficulty 7 --target 18 --max-rolls 10"
    )]
    Extended(ExtendedArgs),
    /// Try again after failing, the difficulty rising with each failure.
    #[command(
        after_help = "Example (Winters's Wits + Etiquette, 5 dice at 6, three tries):\n  \
        wodds action retry --edition revised --pool 5 --difficulty 6 --tries 3"
    )]
    Retry(RetryArgs),
    /// Several actions in one turn: each pool loses dice for the others.
    #[command(after_help = "Example (Hall's punch and two dodges):\n  \
        wodds action multiple --edition revised --pools 7,6,6 --difficulty 6")]
    Multiple(MultipleArgs),
    /// Several characters work together until a target: separate rolls added, or
    /// (hubris) the first character's roll with the others' help as an Edge.
    #[command(after_help = "Example:\n  \
        wodds action teamwork --edition revised --pools 4,5,3 --difficulty 6 --target 10")]
    Teamwork(TeamworkArgs),
    /// One roll against another: only the margin counts.
    #[command(after_help = "Example (Veronica against Giselle):\n  \
        wodds action resisted --edition revised --a 6@7 --b 7@6")]
    Resisted(ResistedArgs),
    /// Extended and resisted: each round's winner scores the margin; first to the target wins.
    #[command(after_help = "Examples:\n  \
        wodds action contest --edition revised --a 5@6 --b 5@6 --target 5\n  \
        wodds action contest --edition revised --a 5@5,5@5,5@5,6@4 --b 5@5,5@5,5@5,6@4 --target 5   # the debate")]
    Contest(ContestArgs),
    /// Contests until one side has lost as many as its Resistance (hubris).
    #[command(after_help = "Example:\n  \
        wodds action prolonged --edition hubris --a 5 --b 6 --a-resistance 2 --b-resistance 3")]
    Prolonged(ProlongedArgs),
}

#[derive(Debug, Args)]
pub struct ExtendedArgs {
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    roll: RollFlags,
    /// Dice rolled each time.
    #[arg(long, short)]
    pool: i32,
    /// Difficulty in the edition's terms (default: its standard task).
    #[arg(long, short)]
    difficulty: Option<i32>,
    /// Successes needed (1..=200).
    #[arg(long, short)]
    target: u32,
    /// Stop after this many rolls; default: until it ends (up to 100000).
    #[arg(long)]
    max_rolls: Option<usize>,
    /// What a botch does (default: the edition's rule).
    #[arg(long, value_enum)]
    botch: Option<BotchArg>,
    /// The first botch does not count (the optional "free botch").
    #[arg(long)]
    free_botch: bool,
}

#[derive(Debug, Args)]
pub struct RetryArgs {
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    roll: RollFlags,
    /// Dice rolled each try.
    #[arg(long, short)]
    pool: i32,
    /// Difficulty of the first try, in the edition's terms (default: its standard task).
    #[arg(long, short)]
    difficulty: Option<i32>,
    /// Tries at most; default: until one succeeds (up to 100000).
    #[arg(long)]
    tries: Option<usize>,
    /// Difficulty added per earlier failure (default: the edition's rule), 0..=5.
    #[arg(long)]
    penalty: Option<i32>,
    /// A botch: `fail` ends the attempts; `ignore` (default) is a failed try.
    #[arg(long, value_enum, default_value_t = BotchArg::Ignore)]
    botch: BotchArg,
}

#[derive(Debug, Args)]
pub struct MultipleArgs {
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    roll: RollFlags,
    /// Each action's pool before the penalty, in the order taken (7,6,6).
    #[arg(long, value_delimiter = ',', required = true)]
    pools: Vec<i32>,
    /// Difficulty of each action (one for all, or one per action).
    #[arg(long, short, value_delimiter = ',')]
    difficulty: Vec<i32>,
}

#[derive(Debug, Args)]
pub struct TeamworkArgs {
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    roll: RollFlags,
    /// Each character's dice, comma-separated (4,5,3).
    #[arg(long, value_delimiter = ',', required = true)]
    pools: Vec<i32>,
    /// Difficulty in the edition's terms (default: its standard task).
    #[arg(long, short)]
    difficulty: Option<i32>,
    /// Successes the team needs (1..=200).
    #[arg(long, short)]
    target: u32,
    /// Stop after this many rolls; default: until it ends (up to 100000).
    #[arg(long)]
    max_rolls: Option<usize>,
    /// What a botch of the team's roll does (default: the edition's rule).
    #[arg(long, value_enum)]
    botch: Option<BotchArg>,
}

#[derive(Debug, Args)]
pub struct ResistedArgs {
    #[command(flatten)]
    run: RunArgs,
    /// Side A: POOL or POOL@DIFFICULTY, members of a group joined by + (5@6+4@6).
    #[arg(long)]
    a: SideSpec,
    /// Side B, the same way.
    #[arg(long)]
    b: SideSpec,
}

#[derive(Debug, Args)]
pub struct ContestArgs {
    #[command(flatten)]
    run: RunArgs,
    /// Side A: POOL or POOL@DIFFICULTY per round, comma-separated, the last
    /// repeating (5@5,5@5,6@4); group members joined by +.
    #[arg(long)]
    a: SideSpec,
    /// Side B, the same way.
    #[arg(long)]
    b: SideSpec,
    /// Score that wins (1..=200).
    #[arg(long, short)]
    target: u32,
    /// Stop after this many rounds; default: until it ends (up to 100000).
    #[arg(long)]
    max_rounds: Option<usize>,
    /// Separate tallies or one running difference (default: the edition's rule).
    #[arg(long, value_enum)]
    tally: Option<TallyArg>,
    /// What a botch does to the botching side (default: the edition's rule).
    #[arg(long, value_enum)]
    botch: Option<BotchArg>,
}

#[derive(Debug, Args)]
pub struct ProlongedArgs {
    #[command(flatten)]
    run: RunArgs,
    /// Side A: POOL or POOL@DIFFICULTY per contest, comma-separated, the last repeating.
    #[arg(long)]
    a: SideSpec,
    /// Side B, the same way.
    #[arg(long)]
    b: SideSpec,
    /// Contests A can lose before giving up (its Resistance attribute, 1..=200).
    #[arg(long)]
    a_resistance: u32,
    /// Contests B can lose before giving up (1..=200).
    #[arg(long)]
    b_resistance: u32,
    /// Stop after this many contests; default: until it ends (up to 100000).
    #[arg(long)]
    max_rounds: Option<usize>,
    /// Who wins a tied contest (default: the edition's rule).
    #[arg(long, value_enum)]
    tie: Option<TieArg>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum BotchArg {
    Wipe,
    Fail,
    Ignore,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum TallyArg {
    Separate,
    Difference,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum TieArg {
    /// Nobody wins a tie.
    Nothing,
    /// B wins a tie.
    Defender,
    /// A (the acting side) wins a tie in which it rolled a success.
    Acting,
    /// The tied roll-off is played again.
    #[value(name = "re-roll")]
    ReRoll,
}

impl From<BotchArg> for BotchEffect {
    fn from(b: BotchArg) -> Self {
        match b {
            BotchArg::Wipe => BotchEffect::Wipe,
            BotchArg::Fail => BotchEffect::Fail,
            BotchArg::Ignore => BotchEffect::Ignore,
        }
    }
}

/// A side's rolls: rounds (comma-separated), each one or more members
/// (`+`-joined) of `POOL[@DIFFICULTY]`.
#[derive(Debug, Clone)]
pub struct SideSpec(Vec<Vec<(i32, Option<i32>)>>);

/// One member of a side's round: pool and difficulty, if given.
type Member = (i32, Option<i32>);

impl FromStr for SideSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = |part: &str| {
            format!(
                "`{part}` is not POOL or POOL@DIFFICULTY (like 6 or 6@7); rounds are separated by commas, group members by +"
            )
        };
        let member = |m: &str| -> Result<(i32, Option<i32>), String> {
            let num = |t: &str| t.trim().parse::<i32>().map_err(|_| bad(m));
            match m.split_once('@') {
                Some((p, d)) => Ok((num(p)?, Some(num(d)?))),
                None => Ok((num(m)?, None)),
            }
        };
        let rounds = s
            .split(',')
            .map(|round| round.split('+').map(member).collect::<Result<Vec<_>, _>>())
            .collect::<Result<Vec<_>, _>>()?;
        Ok(SideSpec(rounds))
    }
}

impl SideSpec {
    fn describe(&self) -> String {
        self.0
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|(p, d)| match d {
                        Some(d) => format!("{p}@{d}"),
                        None => p.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join("+")
            })
            .collect::<Vec<_>>()
            .join(",")
    }
}

pub fn run(cmd: &ActionCommand) -> anyhow::Result<()> {
    match cmd {
        ActionCommand::Extended(a) => {
            let rules = a.run.load()?;
            let throw = throw_of(
                &rules,
                &[(a.pool, a.difficulty)],
                &a.roll.options(),
                "--pool/--difficulty",
                false,
            )?;
            let botch = a.botch.map_or(rules.actions.extended_botch, Into::into);
            let action = Extended {
                schedule: Schedule::new(vec![vec![throw]]),
                target: check_count("--target", a.target)?,
                botch,
                free_botches: u32::from(a.free_botch),
            };
            let what = format!(
                "extended: {} dice at difficulty {}{}, target {}, a botch {}{}",
                a.pool,
                a.difficulty.unwrap_or(rules.dice.standard_difficulty),
                with(&a.roll),
                a.target,
                botch_words(botch),
                if a.free_botch {
                    " (the first is free)"
                } else {
                    ""
                }
            );
            timeline(&a.run, &rules, &what, "roll", &action, a.max_rolls)
        }
        ActionCommand::Teamwork(a) => {
            let rules = a.run.load()?;
            let (throw, how) = teamwork(&rules, &a.pools, a.difficulty, &a.roll.options())?;
            let botch = a.botch.map_or(rules.actions.extended_botch, Into::into);
            let action = Extended {
                schedule: Schedule::new(vec![vec![throw]]),
                target: check_count("--target", a.target)?,
                botch,
                free_botches: 0,
            };
            let what = format!(
                "teamwork: pools {} at difficulty {}{}, target {}; {how}, a botched team roll {}",
                a.pools
                    .iter()
                    .map(i32::to_string)
                    .collect::<Vec<_>>()
                    .join("+"),
                a.difficulty.unwrap_or(rules.dice.standard_difficulty),
                with(&a.roll),
                a.target,
                botch_words(botch)
            );
            timeline(&a.run, &rules, &what, "roll", &action, a.max_rolls)
        }
        ActionCommand::Contest(a) => {
            let rules = a.run.load()?;
            let botch = a.botch.map_or(rules.actions.contest_botch, Into::into);
            let tally = match a.tally {
                Some(TallyArg::Separate) => TallyRule::Separate,
                Some(TallyArg::Difference) => TallyRule::Difference,
                None => rules.actions.contest_tally,
            };
            let action = Contest {
                schedule: two_sides(&rules, &a.a, &a.b)?,
                target: check_count("--target", a.target)?,
                tally,
                botch,
            };
            let what = format!(
                "contest: A {} against B {}, first to {} ({}), a botch {}",
                a.a.describe(),
                a.b.describe(),
                a.target,
                match tally {
                    TallyRule::Separate => "separate tallies",
                    TallyRule::Difference => "running difference",
                },
                contest_botch_words(botch)
            );
            timeline(&a.run, &rules, &what, "round", &action, a.max_rounds)
        }
        ActionCommand::Prolonged(a) => {
            let rules = a.run.load()?;
            let tie = match a.tie {
                Some(TieArg::Nothing) => TieRule::Nothing,
                Some(TieArg::Defender) => TieRule::Defender,
                Some(TieArg::Acting) => TieRule::Acting,
                Some(TieArg::ReRoll) => TieRule::Reroll,
                None => rules.actions.contest_tie,
            };
            let action = Prolonged {
                schedule: two_sides(&rules, &a.a, &a.b)?,
                a_resistance: check_count("--a-resistance", a.a_resistance)?,
                b_resistance: check_count("--b-resistance", a.b_resistance)?,
                tie,
            };
            let what = format!(
                "prolonged: A {} (Resistance {}) against B {} (Resistance {}); a tie {}",
                a.a.describe(),
                a.a_resistance,
                a.b.describe(),
                a.b_resistance,
                match tie {
                    TieRule::Nothing => "is won by nobody",
                    TieRule::Defender => "goes to B",
                    TieRule::Acting => "goes to A if it rolled a success",
                    TieRule::Reroll => "is rolled again",
                }
            );
            timeline(&a.run, &rules, &what, "contest", &action, a.max_rounds)
        }
        ActionCommand::Retry(a) => {
            let rules = a.run.load()?;
            let penalty = a.penalty.unwrap_or(rules.actions.retry_penalty);
            if !(0..=5).contains(&penalty) {
                bail!("--penalty {penalty} is outside the allowed range 0..=5");
            }
            let first = a.difficulty.unwrap_or(rules.dice.standard_difficulty);
            rules.check_difficulty(first).context("--difficulty")?;
            let top = rules.dice.difficulty_range[1];
            // Difficulties of the tries until the cap, which then repeats.
            let mut difficulties = vec![first];
            while penalty > 0 && *difficulties.last().expect("one") < top {
                difficulties.push((difficulties.last().expect("one") + penalty).min(top));
            }
            let mut schedule = Vec::new();
            let mut needed = Vec::new();
            for &d in &difficulties {
                let roll = rules.roll(a.pool, d, &a.roll.options()).context("--pool")?;
                schedule.push(vec![Throw::single(roll.spec)]);
                needed.push(roll.needed);
            }
            let action = Retry {
                schedule: Schedule::new(schedule),
                needed,
                botch: a.botch.into(),
            };
            let what = format!(
                "retry: {} dice at difficulty {first}{}, +{penalty} a failure (up to {top}); a botch {}",
                a.pool,
                with(&a.roll),
                if a.botch == BotchArg::Fail {
                    "ends the attempts"
                } else {
                    "is a failed try"
                }
            );
            timeline(&a.run, &rules, &what, "try", &action, a.tries)
        }
        ActionCommand::Multiple(a) => multiple(a),
        ActionCommand::Resisted(a) => resisted(a),
    }
}

fn check_count(flag: &str, n: u32) -> anyhow::Result<u32> {
    if !(1..=MAX_TARGET).contains(&n) {
        bail!("{flag} {n} is outside the allowed range 1..={MAX_TARGET}");
    }
    Ok(n)
}

/// ", with specialty+willpower" for the options given, or nothing.
fn with(flags: &RollFlags) -> String {
    match flags.label().as_str() {
        "none" => String::new(),
        label => format!(", with {label}"),
    }
}

fn botch_words(b: BotchEffect) -> &'static str {
    match b {
        BotchEffect::Wipe => "wipes the total",
        BotchEffect::Fail => "fails the action",
        BotchEffect::Ignore => "counts as no successes",
    }
}

fn contest_botch_words(b: BotchEffect) -> &'static str {
    match b {
        BotchEffect::Wipe => "wipes that side's tally",
        BotchEffect::Fail => "loses the contest",
        BotchEffect::Ignore => "counts as no successes",
    }
}

/// A team's roll under the edition's teamwork rule, and how it is made in
/// words: the first pool's roll with the others' pools as an Edge (at
/// most the edition's cap), or every pool rolled and the successes added.
fn teamwork(
    rules: &RuleSet,
    pools: &[i32],
    difficulty: Option<i32>,
    options: &RollOptions,
) -> anyhow::Result<(Throw, String)> {
    const FLAG: &str = "--pools/--difficulty";
    let (lead, helpers) = pools.split_first().context("--pools needs a pool")?;
    if let (TeamworkRule::Edge, Some(cap)) =
        (rules.actions.teamwork, rules.actions.teamwork_edge_cap)
    {
        for &p in helpers {
            rules.check_pool(p).context(FLAG)?;
        }
        let help: i32 = helpers.iter().sum::<i32>().min(cap);
        rules.check_pool(*lead).context(FLAG)?;
        let d = difficulty.unwrap_or(rules.dice.standard_difficulty);
        let spec = rules.roll(lead + help, d, options).context(FLAG)?.spec;
        let how =
            format!("the helpers add {help} dice to the first pool (an Edge of at most {cap})");
        return Ok((Throw::single(spec), how));
    }
    let members: Vec<_> = pools.iter().map(|&p| (p, difficulty)).collect();
    let throw = throw_of(rules, &members, options, FLAG, true)?;
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

/// The throw of one or more characters under `rules`; `teamwork` adds
/// them with the edition's teamwork botch rule, otherwise the edition's
/// group rule applies.
fn throw_of(
    rules: &RuleSet,
    members: &[(i32, Option<i32>)],
    options: &RollOptions,
    flag: &str,
    teamwork: bool,
) -> anyhow::Result<Throw> {
    let specs = members
        .iter()
        .map(|&(pool, d)| {
            let d = d.unwrap_or(rules.dice.standard_difficulty);
            rules
                .roll(pool, d, options)
                .map(|r| r.spec)
                .with_context(|| flag.to_string())
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(if teamwork {
        Throw::group(specs, GroupRule::Sum, rules.actions.teamwork_botch_spoils)
    } else if specs.len() == 1 {
        Throw::single(specs[0])
    } else {
        Throw::group(specs, rules.actions.group, false)
    })
}

/// The schedule of two sides' rounds (the shorter side repeats its last).
/// Each distinct POOL@DIFFICULTY list is made into a throw once and shared
/// by every round that names it: a side of 65,000 rounds costs 65,000
/// references, not 65,000 throws (about 12 KB of sampler tables each).
fn two_sides(rules: &RuleSet, a: &SideSpec, b: &SideSpec) -> anyhow::Result<Schedule> {
    let rounds = a.0.len().max(b.0.len());
    let mut made: HashMap<(&[Member], &str), Throw> = HashMap::new();
    let mut schedule = Vec::with_capacity(rounds);
    for r in 0..rounds {
        let mut throws = Vec::with_capacity(2);
        for (side, flag) in [(a, "--a"), (b, "--b")] {
            let members = side.0[r.min(side.0.len() - 1)].as_slice();
            let throw = match made.entry((members, flag)) {
                Entry::Occupied(e) => e.get().clone(),
                Entry::Vacant(e) => e
                    .insert(throw_of(
                        rules,
                        members,
                        &RollOptions::default(),
                        flag,
                        false,
                    )?)
                    .clone(),
            };
            throws.push(throw);
        }
        schedule.push(throws);
    }
    Ok(Schedule::new(schedule))
}

/// Output row of a timeline.
#[derive(Debug, Serialize)]
struct RoundRow {
    edition: String,
    round: usize,
    p_win: f64,
    p_lose: f64,
    p_win_within: f64,
    p_lose_within: f64,
}

/// Summary of a timeline.
#[derive(Debug, Serialize)]
struct Summary<'a> {
    edition: &'a str,
    action: &'a str,
    p_win: f64,
    p_lose: f64,
    p_unfinished: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    se_win: Option<f64>,
    mean_rounds: Option<f64>,
    median_rounds: Option<usize>,
    p90_rounds: Option<usize>,
    #[serde(flatten)]
    provenance: Provenance,
}

fn timeline<P: Process>(
    run: &RunArgs,
    rules: &RuleSet,
    what: &str,
    unit: &str,
    action: &P,
    max: Option<usize>,
) -> anyhow::Result<()> {
    if let Some(m) = max
        && !(1..=MAX_HORIZON).contains(&m)
    {
        let flag = if unit == "try" {
            "--tries".to_string()
        } else {
            format!("--max-{unit}s")
        };
        bail!("{flag} {m} is outside the allowed range 1..={MAX_HORIZON}");
    }
    let horizon = max.unwrap_or(MAX_HORIZON);
    let t = if run.is_mc() {
        let bar = run.progress(run.trials, "runs");
        // The Monte Carlo runs stop at the horizon; without --max, at
        // 10000 rounds (the exact solver goes further only for tails).
        let t = simulate(action, horizon.min(10_000), run.trials, run.seed, &|n| {
            bar.inc(n)
        });
        bar.finish_and_clear();
        t
    } else {
        // Over the rounds solved; most actions end (to within 1e-13) long
        // before the horizon, and the bar then closes at once.
        let bar = progress_bar(run.quiet, horizon as u64, &plural(unit));
        let t = solve_with(action, horizon, &mut |p| bar.set_position(p.rounds as u64));
        bar.finish_and_clear();
        t
    };
    let mc = run.is_mc();
    let summary = Summary {
        edition: &rules.id,
        action: what,
        p_win: tidy(t.p_win()),
        p_lose: tidy(t.p_lose()),
        p_unfinished: tidy(t.unfinished),
        se_win: mc.then(|| t.se(t.p_win())),
        mean_rounds: t.mean_rounds(),
        median_rounds: t.quantile_rounds(0.5),
        p90_rounds: t.quantile_rounds(0.9),
        provenance: Provenance::new(run, rules),
    };
    // Running sums, added in the order `Timeline::p_win_within` adds them
    // (so the same figures to the bit), in one pass rather than a sum per
    // row: 100,000 rounds were 5e9 additions.
    let (mut won, mut lost) = (-0.0, -0.0);
    let rows: Vec<RoundRow> = (0..t.rounds())
        .map(|k| {
            won += t.win[k];
            lost += t.lose[k];
            RoundRow {
                edition: rules.id.clone(),
                round: k + 1,
                p_win: tidy(t.win[k]),
                p_lose: tidy(t.lose[k]),
                p_win_within: tidy(won),
                p_lose_within: tidy((won + lost) - won),
            }
        })
        .collect();
    emit(run.output.as_deref(), |out| match run.format {
        Format::Json => {
            #[derive(Serialize)]
            struct Doc<'a> {
                summary: &'a Summary<'a>,
                rounds: &'a [RoundRow],
            }
            serde_json::to_writer_pretty(
                &mut *out,
                &Doc {
                    summary: &summary,
                    rounds: &rows,
                },
            )?;
            writeln!(out)
        }
        Format::Csv => {
            let mut w = csv_writer(out);
            let mut head = vec![
                "edition",
                unit,
                "p_win",
                "p_lose",
                "p_win_within",
                "p_lose_within",
            ];
            head.extend(Provenance::CSV_HEAD);
            w.write_record(&head)?;
            for r in &rows {
                let mut record = vec![r.edition.clone(), r.round.to_string()];
                record.extend(
                    [r.p_win, r.p_lose, r.p_win_within, r.p_lose_within].map(|x| x.to_string()),
                );
                record.extend(summary.provenance.csv());
                w.write_record(&record)?;
            }
            w.flush()
        }
        Format::Table => write_timeline(out, rules, &summary, &t, unit, run),
    })
}

fn plural(unit: &str) -> String {
    match unit.strip_suffix('y') {
        Some(stem) => format!("{stem}ies"),
        None => format!("{unit}s"),
    }
}

fn write_timeline(
    out: &mut dyn Write,
    rules: &RuleSet,
    s: &Summary,
    t: &Timeline,
    unit: &str,
    run: &RunArgs,
) -> io::Result<()> {
    writeln!(out, "{}", run.title(rules, "runs"))?;
    writeln!(out, "{}", s.action)?;
    let se = s
        .se_win
        .map_or(String::new(), |se| format!(" ± {:.2}", 100.0 * se));
    writeln!(
        out,
        "success {}{se}   failure {}   unfinished {}",
        pct(s.p_win),
        pct(s.p_lose),
        pct(s.p_unfinished)
    )?;
    let rounds = |r: Option<usize>| r.map_or("never".to_string(), |r| r.to_string());
    writeln!(
        out,
        "{} to the end{}: mean {}, median {}, 90th percentile {}",
        plural(unit),
        if s.p_unfinished > 1e-9 {
            " (the mean of those that end)"
        } else {
            ""
        },
        s.mean_rounds.map_or("-".to_string(), |m| format!("{m:.2}")),
        rounds(s.median_rounds),
        rounds(s.p90_rounds)
    )?;
    writeln!(
        out,
        "{:>7} {:>9} {:>9} {:>9} {:>9}",
        unit, "success", "by then", "failure", "by then"
    )?;
    // Rows until 99.9% of runs have ended, or 40 rows.
    for k in 0..t.rounds().min(40) {
        let won = t.p_win_within(k + 1);
        let ended = t.p_ended_within(k + 1);
        writeln!(
            out,
            "{:>7} {:>9} {:>9} {:>9} {:>9}",
            k + 1,
            pct(t.win[k]),
            pct(won),
            pct(t.lose[k]),
            pct(ended - won)
        )?;
        if ended >= 0.999 {
            break;
        }
    }
    writeln!(out, "{}", s.provenance.footer())
}

fn resisted(a: &ResistedArgs) -> anyhow::Result<()> {
    let rules = a.run.load()?;
    if a.a.0.len() > 1 || a.b.0.len() > 1 {
        bail!(
            "--a/--b: a resisted roll is one round; give one POOL or POOL@DIFFICULTY per side (contest takes several)"
        );
    }
    let ta = throw_of(&rules, &a.a.0[0], &RollOptions::default(), "--a", false)?;
    let tb = throw_of(&rules, &a.b.0[0], &RollOptions::default(), "--b", false)?;
    let rule = rules.actions.resisted;
    let r: Resisted = if a.run.is_mc() {
        let mut dice = wodds_dice::D10::new(wodds_dice::stream(a.run.seed, &[0]));
        resisted_sample(&ta, &tb, rule, a.run.trials, &mut dice)
    } else {
        resisted_exact(&ta, &tb, rule)
    };
    let provenance = Provenance::new(&a.run, &rules);
    let se_success = a
        .run
        .is_mc()
        .then(|| binomial_se(r.p_success, a.run.trials));
    emit(a.run.output.as_deref(), |out| match a.run.format {
        Format::Json => {
            #[derive(Serialize)]
            struct Doc<'a> {
                edition: &'a str,
                a: String,
                b: String,
                p_success: f64,
                #[serde(skip_serializing_if = "Option::is_none")]
                se_success: Option<f64>,
                p_botch: f64,
                margins: Vec<(i32, f64)>,
                #[serde(flatten)]
                provenance: &'a Provenance,
            }
            let doc = Doc {
                edition: &rules.id,
                a: a.a.describe(),
                b: a.b.describe(),
                p_success: tidy(r.p_success),
                se_success,
                p_botch: tidy(r.p_botch),
                margins: margins(&r),
                provenance: &provenance,
            };
            serde_json::to_writer_pretty(&mut *out, &doc)?;
            writeln!(out)
        }
        Format::Csv => {
            let mut w = csv_writer(out);
            let mut head = vec!["edition", "margin", "p"];
            head.extend(Provenance::CSV_HEAD);
            w.write_record(&head)?;
            for (m, p) in margins(&r) {
                let mut record = vec![rules.id.clone(), m.to_string(), p.to_string()];
                record.extend(provenance.csv());
                w.write_record(&record)?;
            }
            w.flush()
        }
        Format::Table => {
            writeln!(out, "{}", a.run.title(&rules, "rolls"))?;
            writeln!(
                out,
                "resisted: A {} against B {}",
                a.a.describe(),
                a.b.describe()
            )?;
            let se = se_success.map_or(String::new(), |se| format!(" ± {:.2}", 100.0 * se));
            writeln!(
                out,
                "A succeeds {}{se}   A botches {}",
                pct(r.p_success),
                pct(r.p_botch)
            )?;
            writeln!(out, "{:>7} {:>9}", "margin", "chance")?;
            for (m, p) in margins(&r) {
                writeln!(out, "{m:>7} {:>9}", pct(p))?;
            }
            writeln!(
                out,
                "margin: A's successes less B's (a botch counts as none)"
            )?;
            writeln!(out, "{}", provenance.footer())
        }
    })
}

/// The margins with any chance, in order.
fn margins(r: &Resisted) -> Vec<(i32, f64)> {
    r.margin
        .iter()
        .enumerate()
        .filter(|(_, p)| **p > 0.0)
        .map(|(i, &p)| (i as i32 + r.offset, tidy(p)))
        .collect()
}

/// One of several actions in a turn.
#[derive(Debug, Serialize)]
struct ActionRow {
    edition: String,
    action: usize,
    pool: i32,
    penalty: i32,
    difficulty: i32,
    p_success: f64,
    p_botch: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    se_success: Option<f64>,
}

fn multiple(a: &MultipleArgs) -> anyhow::Result<()> {
    let rules = a.run.load()?;
    if !rules.actions.multiple_actions {
        bail!(
            "edition {} has no multiple-actions rule (its rule file says `multiple-actions = false`)",
            rules.id
        );
    }
    let n = a.pools.len();
    let difficulty = |i: usize| match a.difficulty.as_slice() {
        [] => Ok(rules.dice.standard_difficulty),
        [d] => Ok(*d),
        ds if ds.len() == n => Ok(ds[i]),
        ds => Err(anyhow::anyhow!(
            "--difficulty: give one difficulty or one per action ({n}), not {}",
            ds.len()
        )),
    };
    let mut rows = Vec::with_capacity(n);
    for (i, &pool) in a.pools.iter().enumerate() {
        rules.check_pool(pool).context("--pools")?;
        let penalty = (n + i) as i32;
        let d = difficulty(i)?;
        if pool - penalty < 1 {
            bail!(
                "--pools: action {} has {pool} dice less {penalty} for taking {n} actions: at 0 or below it cannot be attempted",
                i + 1
            );
        }
        let roll = rules
            .roll(pool - penalty, d, &a.roll.options())
            .context("--difficulty")?;
        let (p_success, p_botch, se_success) = if a.run.is_mc() {
            let mut dice = wodds_dice::D10::new(wodds_dice::stream(a.run.seed, &[i as u64]));
            let compiled = wodds_dice::CompiledRoll::new(&roll.spec);
            let (mut ok, mut botch) = (0u64, 0u64);
            for _ in 0..a.run.trials {
                let r = dice.roll(&compiled);
                ok += u64::from(!r.botch && u32::from(r.successes) >= roll.needed);
                botch += u64::from(r.botch);
            }
            let t = a.run.trials as f64;
            let p = ok as f64 / t;
            (p, botch as f64 / t, Some(binomial_se(p, a.run.trials)))
        } else {
            let d = wodds_dice::exact(&roll.spec);
            (tidy(d.p_at_least(roll.needed)), tidy(d.p_botch()), None)
        };
        rows.push(ActionRow {
            edition: rules.id.clone(),
            action: i + 1,
            pool,
            penalty,
            difficulty: d,
            p_success,
            p_botch,
            se_success,
        });
    }
    // The actions are independent rolls: the number that succeed.
    let mut count = vec![1.0];
    for row in &rows {
        let mut next = vec![0.0; count.len() + 1];
        for (k, &p) in count.iter().enumerate() {
            next[k] += p * (1.0 - row.p_success);
            next[k + 1] += p * row.p_success;
        }
        count = next;
    }
    let provenance = Provenance::new(&a.run, &rules);
    emit(a.run.output.as_deref(), |out| match a.run.format {
        Format::Json => {
            #[derive(Serialize)]
            struct Doc<'a> {
                actions: &'a [ActionRow],
                p_all: f64,
                p_succeeding: Vec<f64>,
                #[serde(flatten)]
                provenance: &'a Provenance,
            }
            let doc = Doc {
                actions: &rows,
                p_all: tidy(count[n]),
                p_succeeding: count.iter().map(|&p| tidy(p)).collect(),
                provenance: &provenance,
            };
            serde_json::to_writer_pretty(&mut *out, &doc)?;
            writeln!(out)
        }
        Format::Csv => {
            let mut w = csv_writer(out);
            let mut head = vec![
                "edition",
                "action",
                "pool",
                "penalty",
                "difficulty",
                "p_success",
                "p_botch",
            ];
            head.extend(Provenance::CSV_HEAD);
            w.write_record(&head)?;
            for r in &rows {
                let mut record = vec![
                    r.edition.clone(),
                    r.action.to_string(),
                    r.pool.to_string(),
                    r.penalty.to_string(),
                    r.difficulty.to_string(),
                    r.p_success.to_string(),
                    r.p_botch.to_string(),
                ];
                record.extend(provenance.csv());
                w.write_record(&record)?;
            }
            w.flush()
        }
        Format::Table => {
            writeln!(out, "{}", a.run.title(&rules, "rolls an action"))?;
            writeln!(out, "multiple actions: {n} in one turn{}", with(&a.roll))?;
            writeln!(
                out,
                "{:>6} {:>5} {:>6} {:>5} {:>9} {:>9}",
                "action", "pool", "rolls", "diff", "success", "botch"
            )?;
            for r in &rows {
                writeln!(
                    out,
                    "{:>6} {:>5} {:>6} {:>5} {:>9} {:>9}",
                    r.action,
                    r.pool,
                    r.pool - r.penalty,
                    r.difficulty,
                    pct(r.p_success),
                    pct(r.p_botch)
                )?;
            }
            let dist: Vec<String> = count
                .iter()
                .enumerate()
                .map(|(k, &p)| format!("{k}: {}", pct(p)))
                .collect();
            writeln!(
                out,
                "all succeed {}; actions that succeed {}",
                pct(count[n]),
                dist.join(", ")
            )?;
            writeln!(out, "{}", provenance.footer())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--a` of 65,000 comma-separated pools: one throw made, one round
    /// stored, not 65,000 of each (they cost 1.66 GB).
    #[test]
    fn a_long_repeated_side_is_stored_once() {
        let rules = RuleSet::load("revised").unwrap();
        let long: SideSpec = vec!["5@6"; 65_000].join(",").parse().unwrap();
        let one: SideSpec = "5@6".parse().unwrap();
        let schedule = two_sides(&rules, &long, &one).unwrap();
        assert_eq!(schedule.len(), 1);
        assert_eq!(schedule.distinct_rounds(), 1);
        // Alternating pools: two rounds stored, each throw made once and
        // shared by every round that rolls it.
        let alternating: SideSpec = vec!["5@6,6@6"; 32_500].join(",").parse().unwrap();
        let schedule = two_sides(&rules, &alternating, &one).unwrap();
        assert_eq!(schedule.len(), 65_000);
        assert_eq!(schedule.distinct_rounds(), 2);
        assert!(schedule.round(0)[0].shares(&schedule.round(64_998)[0]));
        assert!(schedule.round(1)[1].shares(&schedule.round(64_999)[1]));
    }
}
