//! Chases (`kind = "chase"`): hand-worked cases against the exact round
//! chain, the seed-003 actions `wodds action` computes against the race
//! and contest engines, house rules moving the figures the way they
//! should, and every sampler held to the chain on the shipped chase
//! scenarios.

use std::path::Path;

use wodds_dice::D10;
use wodds_rules::{
    AttackOrder, BotchEffect, EscapeCheck, RollOptions, RuleSet, TallyRule, TieRule,
};
use wodds_sim::conflict::{self, EditionEngine, End, Engine, Limit, Sampling, Scenario};
use wodds_sim::{Contest, Extended, Prolonged, Schedule, Throw, solve};

/// A chase scenario under `editions`: `chase` is the `[chase]` table's
/// body, the Prey (side `Prey`) and the Predator (side `Predator`) have
/// the traits given.
fn chase(editions: &str, max_rounds: u32, chase: &str, prey: &str, predator: &str) -> Scenario {
    let text = format!(
        "name = \"t\"\nkind = \"chase\"\neditions = [{editions}]\nmax-rounds = {max_rounds}\n\
         [chase]\nprey = \"Prey\"\n{chase}\n\
         [[side]]\nname = \"Prey\"\n[[side.member]]\nname = \"p\"\nkind = \"mortal\"\ntraits = {{ {prey} }}\n\
         [[side]]\nname = \"Predator\"\n[[side.member]]\nname = \"q\"\nkind = \"mortal\"\ntraits = {{ {predator} }}\n"
    );
    Scenario::parse("t.toml", &text, None).unwrap()
}

/// The exact outcomes of `scenario` under `rules`.
fn exact(scenario: &Scenario, rules: &RuleSet) -> conflict::Outcomes {
    let e = EditionEngine::with_limit(scenario, rules, Sampling::Round, Limit::default()).unwrap();
    e.chain().expect("a chase fits a chain").outcomes()
}

fn share(o: &conflict::Outcomes, end: End) -> f64 {
    o.ends[End::ALL.iter().position(|&e| e == end).unwrap()]
}

/// One die a side (Dexterity 1, no Athletics, Stamina 1: winded or not),
/// at difficulty 6 under fta's (Revised's) dice: a success on 6-10 (1/2),
/// none otherwise. A round's margin is +1 or -1 with 1/4 each, 0 with 1/2.
const ONE_DIE: &str = "dexterity = 1, stamina = 1";

/// Seed 004: the Prey escapes when, at a Lead of 10 or more, it wins a
/// round; it is caught at 0. From a head start of 1 the Lead is a lazy
/// symmetric walk absorbed at 0 and, in effect, at 11 (winning a round
/// from 10): gambler's ruin gives 1/11 for the escape, and the walk moves
/// every other round on average, so it lasts k (N - k) / (1/2) = 1 x 10 x
/// 2 = 20 rounds. (A 1000-round limit leaves under 1e-8 undecided.)
#[test]
fn a_one_die_chase_from_a_head_start_of_one_is_gamblers_ruin() {
    let fta = RuleSet::load("fta").unwrap();
    let s = chase(
        "\"fta\"",
        1000,
        "course = \"streets\"\nstart = \"head-start\"\nhead-start = 1",
        ONE_DIE,
        ONE_DIE,
    );
    let o = exact(&s, &fta);
    assert!((share(&o, End::Escaped) - 1.0 / 11.0).abs() < 1e-7, "{o:?}");
    assert!((share(&o, End::Caught) - 10.0 / 11.0).abs() < 1e-7, "{o:?}");
    assert!((o.odds.mean_rounds() - 20.0).abs() < 1e-5, "{o:?}");
    // The Prey's side is side 0 here: its wins are the escapes.
    assert!((o.odds.wins[0] - 1.0 / 11.0).abs() < 1e-7);

    // House rule: the round that takes the Lead to 10 escapes at once:
    // absorbed at 10, 1/10, and 1 x 9 x 2 = 18 rounds.
    let mut after = fta.clone();
    after.chase.fta.as_mut().unwrap().escape_check = EscapeCheck::LeadAfterRound;
    let o = exact(&s, &after);
    assert!((share(&o, End::Escaped) - 0.1).abs() < 1e-7, "{o:?}");
    assert!((o.odds.mean_rounds() - 18.0).abs() < 1e-5, "{o:?}");
}

/// Seed 004's cold start: "The Head Start is defined by a single roll,
/// made by the Prey with the Chase Pool vs. 6. The number of successes +
/// 1 is the Head Start. A Botch indicates that the Prey panicked". One
/// die: a botch (a 1) with 1/10, a head start of 2 with 1/2, of 1 with
/// 4/10; then the walk above escapes with 2/11 and 1/11. So the escape has
/// (1/2)(2/11) + (4/10)(1/11) = 1.4/11.
#[test]
fn the_cold_start_gives_successes_plus_one_and_a_botch_is_caught() {
    let fta = RuleSet::load("fta").unwrap();
    let s = chase("\"fta\"", 1000, "start = \"cold\"", ONE_DIE, ONE_DIE);
    let o = exact(&s, &fta);
    assert!((share(&o, End::Escaped) - 1.4 / 11.0).abs() < 1e-7, "{o:?}");
    // The botch ends it in the first round: at least 1/10 of chases.
    assert!(o.odds.ended[1] >= 0.1);
    // House rule: no botch ends it (a head start of 0 + 1): 1.5/11.
    let mut no_botch = fta.clone();
    no_botch.chase.fta.as_mut().unwrap().start_botch_caught = false;
    let o = exact(&s, &no_botch);
    assert!((share(&o, End::Escaped) - 1.5 / 11.0).abs() < 1e-7, "{o:?}");
}

/// Seed 004's Runs: "a Predator who's Run is up loses the Prey
/// immediately. A Prey who's Run is up is shortly penned in". From a head
/// start of 5 one die a side can neither escape nor be caught in one
/// round, so a Run of one round decides every chase.
#[test]
fn a_run_that_is_up_loses_the_chase() {
    let fta = RuleSet::load("fta").unwrap();
    let base = "start = \"head-start\"\nhead-start = 5";
    for (runs, prey, predator, draw) in [
        ("prey-run = 1", 0.0, 1.0, 0.0),
        ("predator-run = 1", 1.0, 0.0, 0.0),
        ("prey-run = 1\npredator-run = 1", 0.0, 0.0, 1.0),
    ] {
        let s = chase("\"fta\"", 50, &format!("{base}\n{runs}"), ONE_DIE, ONE_DIE);
        let o = exact(&s, &fta);
        assert!((o.odds.wins[0] - prey).abs() < 1e-12, "{runs}: {o:?}");
        assert!((o.odds.wins[1] - predator).abs() < 1e-12, "{runs}: {o:?}");
        assert!((o.odds.draws() - draw).abs() < 1e-12, "{runs}: {o:?}");
        assert!((o.odds.ended[1] - 1.0).abs() < 1e-12);
        if draw == 0.0 {
            assert!((share(&o, End::RunOut) - 1.0).abs() < 1e-12);
        }
    }
}

/// Seed 004 "Long-Distance Running": after six rounds the pool turns to
/// Stamina. A quick, unfit Prey (Dexterity 5, Stamina 1) against a slow,
/// fit Predator (Dexterity 1, Stamina 5): it escapes more often when the
/// pools never turn (house rule `winded-after = 0`), less often when they
/// turn after one round; and a chase by car never turns.
#[test]
fn the_switch_to_stamina_favours_the_fit() {
    let fta = RuleSet::load("fta").unwrap();
    let (prey, predator) = ("dexterity = 5, stamina = 1", "dexterity = 1, stamina = 5");
    let s = chase("\"fta\"", 200, "start = \"cold\"", prey, predator);
    let with = |after: u32| {
        let mut r = fta.clone();
        r.chase.fta.as_mut().unwrap().winded_after = after;
        share(&exact(&s, &r), End::Escaped)
    };
    let (never, six, one) = (with(0), with(6), with(1));
    assert!(
        never > six + 0.01 && six > one + 0.01,
        "{never} {six} {one}"
    );
    // By car (Dexterity + Drive) the setting changes nothing.
    let car = chase(
        "\"fta\"",
        200,
        "by = \"car\"\nstart = \"cold\"",
        "dexterity = 5, stamina = 1, drive = 1",
        "dexterity = 1, stamina = 5, drive = 1",
    );
    let mut r = fta.clone();
    r.chase.fta.as_mut().unwrap().winded_after = 1;
    let a = exact(&car, &fta).odds.wins[0];
    let b = exact(&car, &r).odds.wins[0];
    assert_eq!(a.to_bits(), b.to_bits());
}

/// A house-rule file changes a chase setting: a rush-hour course made an
/// open road (difficulty 4) gives more successes a round, so the stronger
/// driver gets away more often and the chase is shorter.
#[test]
fn a_house_rule_file_moves_the_course() {
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("easy-traffic.toml");
    std::fs::write(
        &house,
        "extends = \"fta\"\n[chase.fta.courses]\n# house rule: rush hour is light here\nrush-hour = 4\n",
    )
    .unwrap();
    let house = RuleSet::load(&house.display().to_string()).unwrap();
    let fta = RuleSet::load("fta").unwrap();
    let s = chase(
        "\"fta\"",
        100,
        "by = \"car\"\ncourse = \"rush-hour\"\nstart = \"cold\"",
        "dexterity = 3, drive = 4",
        "dexterity = 3, drive = 2",
    );
    let (hard, easy) = (exact(&s, &fta), exact(&s, &house));
    assert!(
        easy.odds.wins[0] > hard.odds.wins[0] + 0.02,
        "{hard:?} {easy:?}"
    );
    assert!(easy.odds.mean_rounds() < hard.odds.mean_rounds());
    let setting = house
        .settings()
        .iter()
        .find(|s| s.key == "chase.fta.courses.rush-hour")
        .unwrap();
    assert_eq!(setting.value.as_integer(), Some(4));
    assert!(setting.note.contains("house rule"));
}

/// Revised's car chase is symmetric when the drivers are alike
/// (Dexterity = Wits): the Prey escapes as often as it is caught, exactly.
#[test]
fn a_car_chase_between_equals_is_even_under_revised() {
    for ed in ["revised", "uwod"] {
        let rules = RuleSet::load(ed).unwrap();
        let same = "dexterity = 3, wits = 3, drive = 2";
        let s = chase(&format!("\"{ed}\""), 1000, "by = \"car\"", same, same);
        let o = exact(&s, &rules);
        assert!(
            (o.odds.wins[0] - o.odds.wins[1]).abs() < 1e-9,
            "{ed}: {o:?}"
        );
        assert!(o.odds.draws() < 1e-6);
    }
}

/// `wodds action contest` and `wodds action extended` compute seed 003's
/// car chase and run on foot with the library's `Contest` and `Extended`
/// processes; the race engine's chain must give the same odds.
#[test]
fn the_race_agrees_with_the_actions() {
    for ed in ["revised", "uwod"] {
        let rules = RuleSet::load(ed).unwrap();
        let race = rules.chase.race.unwrap();
        let throw = |pool: i32, d: i32| {
            Throw::single(rules.roll(pool, d, &RollOptions::default()).unwrap().spec)
        };
        // By car: the Predator (Dexterity 3 + Drive 2) is side A against
        // the Prey (Wits 2 + Drive 3), first to 5 net.
        let s = chase(
            &format!("\"{ed}\""),
            1000,
            "by = \"car\"",
            "dexterity = 2, wits = 2, drive = 3",
            "dexterity = 3, wits = 2, drive = 2",
        );
        let o = exact(&s, &rules);
        let action = Contest {
            schedule: Schedule::new(vec![vec![
                throw(5, race.car_difficulty),
                throw(5, race.car_difficulty),
            ]]),
            target: race.car_target,
            tally: race.car_tally,
            botch: race.car_botch,
        };
        assert_eq!(race.car_tally, TallyRule::Difference);
        let t = solve(&action, 1000);
        assert!(
            (o.odds.wins[1] - t.p_win()).abs() < 1e-9,
            "{ed}: {o:?} {t:?}"
        );
        assert!((o.odds.wins[0] - t.p_lose()).abs() < 1e-9, "{ed}");
        assert!((o.odds.mean_rounds() - t.mean_rounds().unwrap()).abs() < 1e-6);

        // On foot: Stamina 3 + Athletics 2 for 15 successes, the Prey's
        // Run 8 rounds: it escapes as often as the extended action
        // succeeds within 8 rolls.
        let s = chase(
            &format!("\"{ed}\""),
            100,
            "prey-run = 8",
            "stamina = 3, athletics = 2",
            "stamina = 3, athletics = 2",
        );
        let o = exact(&s, &rules);
        let action = Extended {
            schedule: Schedule::new(vec![vec![throw(5, race.foot_difficulty)]]),
            target: race.foot_target,
            botch: race.foot_botch,
            free_botches: 0,
        };
        assert_eq!(race.foot_botch, BotchEffect::Wipe);
        let t = solve(&action, 100);
        assert!(
            (o.odds.wins[0] - t.p_win_within(8)).abs() < 1e-9,
            "{ed}: {o:?}"
        );
        assert!((share(&o, End::RunOut) - (1.0 - t.p_win_within(8))).abs() < 1e-9);
    }
}

/// Hubris's chase is `wodds action prolonged` with the Prey as side A
/// (Resistance its Stamina) and the Predator as side B.
#[test]
fn the_hubris_chase_agrees_with_the_prolonged_action() {
    let rules = RuleSet::load("hubris").unwrap();
    let c = rules.chase.contest.unwrap();
    let throw = |pool: i32| {
        Throw::single(
            rules
                .roll(pool, c.difficulty, &RollOptions::default())
                .unwrap()
                .spec,
        )
    };
    let s = chase(
        "\"hubris\"",
        1000,
        "",
        "dexterity = 3, athletics = 2, stamina = 2",
        "dexterity = 2, athletics = 2, stamina = 3",
    );
    let o = exact(&s, &rules);
    let action = Prolonged {
        schedule: Schedule::new(vec![vec![throw(5), throw(4)]]),
        a_resistance: 2,
        b_resistance: 3,
        tie: rules.actions.contest_tie,
    };
    let t = solve(&action, 1000);
    assert!((o.odds.wins[0] - t.p_win()).abs() < 1e-9, "{o:?} {t:?}");
    assert!((o.odds.wins[1] - t.p_lose()).abs() < 1e-9);
    // Equals, ties to nobody (house rule): even.
    let mut fair = rules.clone();
    fair.actions.contest_tie = TieRule::Nothing;
    let same = "dexterity = 3, athletics = 2, stamina = 3";
    let s = chase("\"hubris\"", 1000, "", same, same);
    let o = exact(&s, &fair);
    assert!((o.odds.wins[0] - o.odds.wins[1]).abs() < 1e-9, "{o:?}");
}

/// Every sampler (die by die, the outcome tables, the round chain) against
/// the chain's exact odds on every shipped chase scenario and edition:
/// each side's wins, each way a chase ends, and the mean rounds within 4.5
/// standard errors.
#[test]
fn every_sampler_agrees_with_the_chain_on_the_shipped_chases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let s = Scenario::load(&path).unwrap();
        if s.kind != conflict::ConflictKind::Chase {
            continue;
        }
        seen += 1;
        for rules in &s.editions {
            let chain = EditionEngine::new(&s, rules, Sampling::Round).unwrap();
            let o = chain.chain().expect("a chain").outcomes();
            let mean = o.odds.mean_rounds();
            let var: f64 = (o.odds.ended.iter().enumerate())
                .map(|(r, p)| p * (r as f64 - mean).powi(2))
                .sum();
            for sampling in [Sampling::PerDie, Sampling::Outcome, Sampling::Round] {
                let e = EditionEngine::new(&s, rules, sampling).unwrap();
                let n = 40_000u64;
                let t = conflict::run(&e, &rules.id, n, 5, &|_| {});
                let nf = n as f64;
                let within = |got: f64, p: f64, what: &str| {
                    let se = (p * (1.0 - p) / nf).sqrt().max(1.0 / nf);
                    assert!(
                        (got - p).abs() <= 4.5 * se,
                        "{} {} {sampling:?} {what}: {got} vs exactly {p}",
                        path.display(),
                        rules.id
                    );
                };
                for side in 0..2 {
                    within(t.wins[side] as f64 / nf, o.odds.wins[side], "wins");
                }
                for end in End::CHASE {
                    let k = End::ALL.iter().position(|&x| x == end).unwrap();
                    within(t.ends[k] as f64 / nf, o.ends[k], end.name());
                }
                let got = t.mean_rounds().unwrap();
                let se = (var / nf).sqrt();
                assert!(
                    (got - mean).abs() <= 4.5 * se,
                    "{} {} {sampling:?} rounds: {got} vs {mean}",
                    path.display(),
                    rules.id
                );
            }
        }
    }
    assert!(seen >= 3, "{seen} chase scenarios");
}

/// The per-die and chain samplers give bit-identical tallies whatever the
/// thread count (each batch its own stream).
#[test]
fn a_chase_is_deterministic() {
    let s = Scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/rush-hour-getaway.toml"),
    )
    .unwrap();
    let e = EditionEngine::new(&s, &s.editions[0], Sampling::PerDie).unwrap();
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let a = one.install(|| conflict::run(&e, "fta", 30_000, 9, &|_| {}));
    let b = conflict::run(&e, "fta", 30_000, 9, &|_| {});
    assert_eq!(a, b);
    let mut d = D10::seeded(1);
    let f = e.fight(&mut d);
    assert!(f.rounds >= 1);
}

/// The one-die gunman of the engine's unit tests, by car at difficulty 6:
/// the Prey (Dexterity 1, no Drive) drives and dodges with one die; the
/// Predator (Dexterity 1, Drive 3, Firearms 3, a pistol at effective
/// range) shoots every round the Lead is under 5, its chase roll and its
/// shot one die each after the split (4 - 3).
fn gunman(chase_table: &str, max_rounds: u32) -> Scenario {
    let text = format!(
        "name = \"t\"\nkind = \"chase\"\neditions = [\"fta\"]\nmax-rounds = {max_rounds}\n\
         [chase]\nprey = \"Prey\"\nby = \"car\"\npredator-attacks = true\n{chase_table}\n\
         [[side]]\nname = \"Prey\"\n[[side.member]]\nname = \"p\"\nkind = \"mortal\"\ntraits = {{ dexterity = 1 }}\n\
         [[side]]\nname = \"Predator\"\n[[side.member]]\nname = \"q\"\nkind = \"mortal\"\n\
         traits = {{ dexterity = 1, drive = 3, firearms = 3 }}\nweapon = \"pistol\"\nrange = \"effective\"\n"
    );
    Scenario::parse("t.toml", &text, None).unwrap()
}

/// The exact outcomes of the gunman chase with the Prey starting Crippled
/// (6 lethal levels: -5 dice, so it rolls no chase die and no dodge).
fn crippled(rules: &RuleSet) -> conflict::Outcomes {
    use wodds_sim::conflict::chase::Lead;
    use wodds_sim::conflict::{Chain, Health};
    let s = gunman("start = \"head-start\"\nhead-start = 2", 1000);
    let hurt = Health {
        lethal: 6,
        ..Health::default()
    };
    let lead = Lead::new(&s, rules, Sampling::Outcome)
        .unwrap()
        .with_health([hurt, Health::default()]);
    Chain::build(&lead, Limit::default())
        .expect("a chain")
        .outcomes()
}

/// A Crippled Prey (seed 004's "Chases may also end if one or the other
/// party harms the other sufficiently through attacks"): undodged, the
/// Predator's one die hits with 1/2 and its 4 damage dice (1/2 each, no
/// soak) put through one level (4/16: Incapacitated) or more (11/16:
/// past the last box, killed); so a round's shot puts it down with q =
/// 15/32, incapacitated 1/8, killed 11/32. Shots come first; then the
/// Predator's die closes the Lead by one with 1/2 (the Prey has no die).
/// From a Lead of L the Prey is caught with P(L) = (1 - q)(P(L-1) +
/// P(L)) / 2, so P(L) = ((1 - q) / (1 + q)) P(L-1) = (17/47)^L: from 2,
/// caught 289/2209, incapacitated (4/15)(1920/2209) = 512/2209, killed
/// (11/15)(1920/2209) = 1408/2209. With the shots after the chase roll
/// (house rule `attack-order = "after-chase-roll"`) a capture comes
/// first: P(1) = 1/2 + (1 - q) P(1) / 2 = 1/(1 + q) = 32/47, P(2) =
/// (17/47)(32/47) = 544/2209.
#[test]
fn shots_put_a_crippled_prey_down_as_worked_by_hand() {
    let fta = RuleSet::load("fta").unwrap();
    let o = crippled(&fta);
    let d = 2209.0;
    assert!((share(&o, End::Caught) - 289.0 / d).abs() < 1e-9, "{o:?}");
    assert!(
        (share(&o, End::Incapacitated) - 512.0 / d).abs() < 1e-9,
        "{o:?}"
    );
    assert!((share(&o, End::Killed) - 1408.0 / d).abs() < 1e-9, "{o:?}");
    // Every chase is the Predator's: the Prey never escapes.
    assert!((o.odds.wins[1] - 1.0).abs() < 1e-9);

    let mut after = fta.clone();
    after.chase.fta.as_mut().unwrap().attack_order = AttackOrder::AfterChaseRoll;
    let o = crippled(&after);
    assert!((share(&o, End::Caught) - 544.0 / d).abs() < 1e-9, "{o:?}");
    let down = share(&o, End::Incapacitated) + share(&o, End::Killed);
    assert!((down - 1665.0 / d).abs() < 1e-9, "{o:?}");
}

/// Scheduled obstacles (`obstacles`, `obstacle-every`): the one-die chase
/// on foot from a Lead of 5, where nothing else can end within four
/// rounds (the Lead stays within 1..=9). Each party facing an obstacle
/// fails its one die with 1/2. With both failing ending the chase (house
/// rule `both-crash-on-foot = false`), obstacles in rounds 2 and 4 give
/// each side a win with 1/4 + 1/16 = 5/16 (the other alone failing) and a
/// draw with 6/16; obstacles every 2 rounds are the same; one obstacle in
/// three rounds (round 3, or every 2), 1/4; by car, with no round counted
/// for anything else, the schedule's clock gives the same.
#[test]
fn the_storytellers_obstacles_come_on_schedule() {
    let mut fta = RuleSet::load("fta").unwrap();
    fta.chase.fta.as_mut().unwrap().both_crash_on_foot = false;
    let base = "start = \"head-start\"\nhead-start = 5";
    for (schedule, rounds, win) in [
        ("obstacles = [2, 4]", 4, 5.0 / 16.0),
        ("obstacle-every = 2", 4, 5.0 / 16.0),
        ("obstacles = [3]", 3, 0.25),
        ("obstacle-every = 2", 3, 0.25),
        // By car nothing else is counted (no Run, no switch to Stamina):
        // the rounds past the last one counted come from the schedule's
        // clock (its period 2), the same odds.
        ("by = \"car\"\nobstacle-every = 2", 4, 5.0 / 16.0),
    ] {
        let s = chase(
            "\"fta\"",
            rounds,
            &format!("{base}\n{schedule}"),
            ONE_DIE,
            ONE_DIE,
        );
        let o = exact(&s, &fta);
        for side in 0..2 {
            assert!((o.odds.wins[side] - win).abs() < 1e-12, "{schedule}: {o:?}");
        }
        assert!((share(&o, End::Obstacle) - 2.0 * win).abs() < 1e-12);
        assert!((o.odds.draws() - (1.0 - 2.0 * win)).abs() < 1e-12);
    }
    // Under the edition's rule both failing start a new chase on foot
    // (from a cold start): the one obstacle in round 1 of a one-round
    // chase leaves the new chase a draw, so the same wins, 1/4 each.
    let fta = RuleSet::load("fta").unwrap();
    let s = chase(
        "\"fta\"",
        1,
        &format!("{base}\nobstacles = [1]"),
        ONE_DIE,
        ONE_DIE,
    );
    let o = exact(&s, &fta);
    assert!((o.odds.wins[0] - 0.25).abs() < 1e-12, "{o:?}");
    assert!((o.odds.draws() - 0.5).abs() < 1e-12, "{o:?}");
}

/// 004's Exhaustion "as an obstacle at decreasing intervals" once the
/// pools turn to Stamina (house rule: `exhaustion = true`, after one
/// round, intervals [2, 1]: Exhaustion in rounds 3, 4, 5 ...): in a
/// four-round chase on foot from a Lead of 5, as two obstacles (rounds 3
/// and 4), each side winning with 5/16 (both failing ending it); three
/// rounds, one obstacle (1/4); off (the edition's default), or by car,
/// none.
#[test]
fn exhaustion_comes_at_decreasing_intervals_on_foot() {
    let mut tired = RuleSet::load("fta").unwrap();
    let l = tired.chase.fta.as_mut().unwrap();
    l.both_crash_on_foot = false;
    l.exhaustion = true;
    l.winded_after = 1;
    l.exhaustion_intervals = vec![2, 1];
    let mut rested = tired.clone();
    rested.chase.fta.as_mut().unwrap().exhaustion = false;
    let base = "start = \"head-start\"\nhead-start = 5";
    for (rules, rounds, by, win) in [
        (&tired, 4, "foot", 5.0 / 16.0),
        (&tired, 3, "foot", 0.25),
        (&tired, 2, "foot", 0.0),
        (&rested, 4, "foot", 0.0),
        (&tired, 4, "car", 0.0),
    ] {
        let one = "dexterity = 1, stamina = 1, drive = 0";
        let s = chase(
            "\"fta\"",
            rounds,
            &format!("{base}\nby = \"{by}\""),
            one,
            one,
        );
        let o = exact(&s, rules);
        assert!((o.odds.wins[0] - win).abs() < 1e-12, "{rounds} {by}: {o:?}");
        assert!((o.odds.wins[1] - win).abs() < 1e-12, "{rounds} {by}: {o:?}");
    }
}

/// A house rule moves the shots: `attack-lead = 8` (the Predator shoots
/// from further back) puts the courier of the shipped scenario down more
/// often than the edition's 5; `attack-lead = 1` (never close enough)
/// never. Written as a house-rule file, listed with its line.
#[test]
fn a_house_rule_moves_the_shots() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/shots-in-the-chase.toml");
    let s = Scenario::load(&path).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let house = |lead: i32| {
        let file = dir.path().join(format!("lead{lead}.toml"));
        std::fs::write(
            &file,
            format!("extends = \"fta\"\n[chase.fta]\n# house rule: shots from further\nattack-lead = {lead}\n"),
        )
        .unwrap();
        RuleSet::load(&file.display().to_string()).unwrap()
    };
    let down = |rules: &RuleSet| {
        let o = exact(&s, rules);
        share(&o, End::Incapacitated) + share(&o, End::Killed)
    };
    let fta = RuleSet::load("fta").unwrap();
    let (five, eight, one) = (down(&fta), down(&house(8)), down(&house(1)));
    assert!(eight > five + 0.01, "{five} {eight}");
    assert!(five > 0.01 && one == 0.0, "{five} {one}");
    let far = house(8);
    let setting = far
        .settings()
        .iter()
        .find(|s| s.key == "chase.fta.attack-lead")
        .unwrap();
    assert_eq!(setting.value.as_integer(), Some(8));
    assert!(
        setting.source.ends_with("lead8.toml:4"),
        "{}",
        setting.source
    );
}
