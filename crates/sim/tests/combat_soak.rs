//! The families of settings the Storyteller engines share (revised, fta,
//! uwod): who soaks what (`[combat.soak]`, with the aggravated weapons and
//! the Garou's breed form), damage dice (`[combat.damage]`), powers
//! (`[combat.powers]`), unskilled pools (`[combat.unskilled]`) and the
//! health track's overflow (`[combat.health]`), each against values worked
//! out by hand, under every sampler, and moved by a house rule the way the
//! rule implies.
//!
//! Most tests pit a one-die attacker against a target that never attacks
//! or defends, so the target's health is a Markov chain over the boxes
//! filled and `story::chain` gives the exact mean and variance of the
//! rounds it lasts. One Revised die at difficulty 6 succeeds with 0.5 (a
//! one-die attack has at most one success, so it adds no damage die); a
//! damage or soak die at 6 with 0.5.

mod common;
mod story;

use std::path::Path;

use common::engines;
use story::{
    assert_rounds, assert_share, chain, convolve, duel, levels, overshoot, revised_attack,
    revised_attack_at, scenario_in,
};
use wodds_sim::conflict::{self, End, Tally};

/// A target that never attacks nor defends, `kind` with Stamina 1 and the
/// member lines `more`.
fn target(kind: &str, more: &str) -> String {
    format!(
        "kind = \"{kind}\"\ntraits = {{ strength = 1, dexterity = 1, stamina = 1, wits = 1 }}\n{more}\ntactics = {{ attack = \"none\" }}"
    )
}

/// A one-die attacker (Dexterity 1, no dots in the weapon's Ability) of
/// Strength 1 with `weapon`.
fn attacker(weapon: &str) -> String {
    format!(
        "kind = \"mortal\"\ntraits = {{ strength = 1, dexterity = 1, stamina = 1, wits = 1 }}\nweapon = \"{weapon}\""
    )
}

/// Plays `text`'s fights under every sampler.
fn runs(text: &str, dir: Option<&Path>, n: u64, seed: u64) -> Vec<Tally> {
    let s = scenario_in(text, dir);
    engines(&s)
        .iter()
        .map(|e| conflict::run(e, "t", n, seed, &|_| {}))
        .collect()
}

/// Writes a house-rule file `name` with `text` into `dir`.
fn house(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// Defect 5. 004: "Anyone can soak bashing damage. Shifters not in their
/// breed form, Vampires, Ghouls, Fae that have called upon The Wyrd, and
/// others under special circumstances may soak lethal." A ghoul with
/// Stamina 1 and no Fortitude soaks a knife's lethal damage with one die
/// under fta (the engine gave ghouls lethal soak from Fortitude and armour
/// only), and with none under Revised (assumed: Fortitude alone soaks a
/// ghoul's lethal). The knife-fighter's one die hits with 0.5 and rolls
/// two lethal dice (Strength 1 + 1).
#[test]
fn fta_a_ghoul_soaks_lethal() {
    let n = 100_000;
    for (edition, soak) in [("fta", 1), ("revised", 0)] {
        let text = duel(edition, 1000, &attacker("knife"), &target("ghoul", ""));
        let want = chain(|_| revised_attack(1, 6, 2, 0, soak));
        for t in runs(&text, None, n, 51) {
            assert_rounds(&t, 0, want, edition);
        }
    }
}

/// Defect 5. 004: "Vampires with Fortitude, Shifters not in their breed
/// form, and others under special circumstances may soak Aggravated
/// damage", and lethal likewise: a Garou (Stamina 1) in a war form soaks
/// claws (aggravated, Strength + 1: two dice) and a knife (lethal, two
/// dice) with one die; in its breed form (`breed-form = true`) it soaks
/// neither, as anyone it soaks only bashing. Revised (assumed, Werewolf
/// Revised: aggravated in every form but Homid, lethal in all): one die
/// against both in a war form, one against the knife and none against
/// claws in the breed form. (The engine never let a Garou soak aggravated
/// damage, had no claws, and no breed form.)
#[test]
fn fta_a_garou_outside_its_breed_form_soaks_aggravated() {
    let n = 100_000;
    let war = target("garou", "");
    let breed = target("garou", "breed-form = true");
    for (edition, weapon, garou, soak) in [
        ("fta", "claws", &war, 1),
        ("fta", "claws", &breed, 0),
        ("fta", "knife", &war, 1),
        ("fta", "knife", &breed, 0),
        ("revised", "claws", &war, 1),
        ("revised", "claws", &breed, 0),
        ("revised", "knife", &breed, 1),
    ] {
        let text = duel(edition, 1000, &attacker(weapon), garou);
        let want = chain(|_| revised_attack(1, 6, 2, 0, soak));
        let what = format!("{edition}: {weapon} against {garou}");
        for t in runs(&text, None, n, 52) {
            assert_rounds(&t, 0, want, &what);
        }
    }
}

/// Armour soaks every kind of damage (004 "Special Case: Armor", 000): a
/// mortal in a Kevlar vest (three dice) soaks claws with them although it
/// soaks no aggravated damage itself. A house rule whose armour soaks only
/// bashing and lethal leaves the claws unsoaked, and the mortal falls
/// sooner.
#[test]
fn armour_soaks_aggravated_unless_a_house_rule_says_not() {
    let dir = tempfile::tempdir().unwrap();
    house(
        dir.path(),
        "thin.toml",
        "extends = \"revised\"\n\n[combat.soak]\narmor = [\"bashing\", \"lethal\"]\n",
    );
    let n = 100_000;
    let vest = target("mortal", "armor = \"kevlar-vest\"");
    for (edition, soak) in [("revised", 3), ("thin.toml", 0)] {
        let text = duel(edition, 1000, &attacker("claws"), &vest);
        let want = chain(|_| revised_attack(1, 6, 2, 0, soak));
        for t in runs(&text, Some(dir.path()), n, 53) {
            assert_rounds(&t, 0, want, edition);
        }
    }
    let (armoured, bare) = (
        chain(|_| revised_attack(1, 6, 2, 0, 3)).0,
        chain(|_| revised_attack(1, 6, 2, 0, 0)).0,
    );
    assert!(armoured > bare + 5.0, "{armoured} against {bare}");
}

/// A house rule where mortals soak lethal damage with Stamina lengthens a
/// knife fight: the knife's two lethal dice meet one soak die instead of
/// none, so the mortal lasts longer (exact means 14.50 and 23.04 rounds).
#[test]
fn mortals_soaking_lethal_lengthens_a_knife_fight() {
    let dir = tempfile::tempdir().unwrap();
    house(
        dir.path(),
        "tough.toml",
        "extends = \"revised\"\n\n[combat.soak.mortal]\nlethal = \"pool\"\n",
    );
    let n = 100_000;
    let (plain, tough) = (
        chain(|_| revised_attack(1, 6, 2, 0, 0)),
        chain(|_| revised_attack(1, 6, 2, 0, 1)),
    );
    assert!(tough.0 > plain.0 + 5.0, "{tough:?} against {plain:?}");
    for (edition, want) in [("revised", plain), ("tough.toml", tough)] {
        let text = duel(edition, 1000, &attacker("knife"), &target("mortal", ""));
        for t in runs(&text, Some(dir.path()), n, 54) {
            assert_rounds(&t, 0, want, edition);
        }
    }
}

/// `breed-form` is for garou only: on a vampire it is refused with the
/// file, line and field.
#[test]
fn breed_form_is_for_garou_only() {
    let text = duel(
        "revised",
        10,
        &attacker("fists"),
        &target("vampire", "breed-form = true"),
    );
    let line = text
        .lines()
        .position(|l| l.starts_with("breed-form"))
        .unwrap()
        + 1;
    let err = wodds_sim::conflict::Scenario::parse("test.toml", &text, None)
        .unwrap_err()
        .to_string();
    assert!(err.contains(&format!("test.toml:{line}:")), "{err}");
    assert!(err.contains("`breed-form`"), "{err}");
    assert!(err.contains("only garou have a breed form"), "{err}");
}

/// `[combat.damage]`: one damage die per attack success beyond the first
/// (Revised, 004). A one-die puncher (Strength 1: one bashing die) against
/// a mortal with one soak die deals a level a round with 0.5 x 0.25. With
/// `extra-dice-after = 0` every net success adds a die: a hit rolls two
/// dice against one; with damage dice succeeding on 4 (`damage-succeeds-on
/// = 4`, 0.7 each) one die gets through more often; with soak dice
/// succeeding on 8 only (0.3) the same. Each house rule shortens the
/// fight.
#[test]
fn damage_dice_follow_the_damage_settings() {
    let dir = tempfile::tempdir().unwrap();
    let rules = [
        ("every-success.toml", "extra-dice-after = 0", 0, 0.5, 0.5),
        ("hard-hitting.toml", "damage-succeeds-on = 4", 1, 0.7, 0.5),
        ("soft-soak.toml", "soak-succeeds-on = 8", 1, 0.5, 0.3),
    ];
    let n = 100_000;
    let puncher = attacker("fists");
    let base = chain(|_| revised_attack(1, 6, 1, 0, 1));
    for t in runs(
        &duel("revised", 1000, &puncher, &target("mortal", "")),
        None,
        n,
        55,
    ) {
        assert_rounds(&t, 0, base, "revised");
    }
    for (name, setting, after, pd, ps) in rules {
        house(
            dir.path(),
            name,
            &format!("extends = \"revised\"\n\n[combat.damage]\n{setting}\n"),
        );
        let want = chain(|_| revised_attack_at(1, 6, 1, 0, 1, after, pd, ps));
        assert!(want.0 < base.0 - 5.0, "{name}: {want:?} against {base:?}");
        let text = duel(name, 1000, &puncher, &target("mortal", ""));
        for t in runs(&text, Some(dir.path()), n, 56) {
            assert_rounds(&t, 0, want, name);
        }
    }
}

/// `[combat.powers]`: a vampire one-die puncher with Celerity 1 attacks
/// twice a round (two independent blows), so the dummy falls in half the
/// rounds; under a house rule where nobody has Celerity, once. With Potence
/// 1, Revised adds an automatic damage success; a house rule where Potence
/// adds a die instead deals less (a die is a success only half the time).
#[test]
fn powers_follow_the_powers_settings() {
    let dir = tempfile::tempdir().unwrap();
    house(
        dir.path(),
        "slow.toml",
        "extends = \"revised\"\n\n[combat.powers]\ncelerity = []\n",
    );
    house(
        dir.path(),
        "weak.toml",
        "extends = \"revised\"\n\n[combat.powers]\npotence-adds = \"dice\"\n",
    );
    let n = 100_000;
    let one = revised_attack(1, 6, 1, 0, 1);
    let fast = "kind = \"vampire\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 1, celerity = 1 }";
    for (edition, want) in [
        ("revised", chain(|_| convolve(&one, &one))),
        ("slow.toml", chain(|_| one.clone())),
    ] {
        let text = duel(edition, 1000, fast, &target("mortal", ""));
        for t in runs(&text, Some(dir.path()), n, 57) {
            assert_rounds(&t, 0, want, edition);
        }
    }
    let strong = "kind = \"vampire\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 1, potence = 1 }";
    let (auto, dice) = (
        chain(|_| revised_attack(1, 6, 1, 1, 1)),
        chain(|_| revised_attack(1, 6, 2, 0, 1)),
    );
    assert!(dice.0 > auto.0 + 2.0, "{dice:?} against {auto:?}");
    for (edition, want) in [("revised", auto), ("weak.toml", dice)] {
        let text = duel(edition, 1000, strong, &target("mortal", ""));
        for t in runs(&text, Some(dir.path()), n, 58) {
            assert_rounds(&t, 0, want, edition);
        }
    }
}

/// `[combat.unskilled]` with `dice.unskilled`: Revised names Melee a Skill
/// but has no unskilled penalty (Chapter Four is not among the seeds), so a
/// knife-fighter with Melee 0 attacks with its one die and always wins; a
/// house rule that takes a die from unskilled Skills leaves it none, so it
/// never attacks and every fight is a draw.
#[test]
fn unskilled_pools_follow_the_unskilled_settings() {
    let dir = tempfile::tempdir().unwrap();
    house(
        dir.path(),
        "unskilled.toml",
        "extends = \"revised\"\n\n[dice]\nunskilled = [1, 2]\n",
    );
    let n = 20_000;
    let want = chain(|_| revised_attack(1, 6, 2, 0, 0));
    let text = duel("revised", 1000, &attacker("knife"), &target("mortal", ""));
    for t in runs(&text, None, n, 59) {
        assert_rounds(&t, 0, want, "revised");
    }
    let text = duel(
        "unskilled.toml",
        20,
        &attacker("knife"),
        &target("mortal", ""),
    );
    for t in runs(&text, Some(dir.path()), n, 59) {
        assert_eq!(t.share(End::Draw), Some(1.0));
        assert_eq!(t.botches, 0, "no roll at all");
    }
}

/// `[combat.health]` overflow. A one-die pistol shot (a hit with 0.5, then
/// Binomial(4, 0.5) lethal levels a mortal cannot soak) ends the fight
/// either filling the track exactly (Incapacitated) or past it (killed,
/// lethal past Incapacitated kills): the share killed is the chance the
/// last blow overshoots, worked out over the boxes the track passes
/// through. Under a house rule where lethal damage past the track does
/// nothing more, nobody is killed.
#[test]
fn lethal_past_the_track_kills_unless_a_house_rule_says_not() {
    let dir = tempfile::tempdir().unwrap();
    house(
        dir.path(),
        "merciful.toml",
        "extends = \"revised\"\n\n[combat.health]\nlethal-overflow = \"ignore\"\n",
    );
    let gun = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 1 }\nweapon = \"pistol\"\nrange = \"effective\"";
    let step: Vec<f64> = {
        let mut p = levels(4, 0, 0.5, 0.5)
            .into_iter()
            .map(|q| 0.5 * q)
            .collect::<Vec<_>>();
        p[0] += 0.5;
        p
    };
    let killed = overshoot(&step);
    assert!(killed > 0.2 && killed < 0.8, "{killed}");
    let n = 100_000;
    for (edition, want) in [("revised", killed), ("merciful.toml", 0.0)] {
        let text = duel(edition, 1000, gun, &target("mortal", ""));
        for t in runs(&text, Some(dir.path()), n, 60) {
            assert_eq!(t.wins[0], n);
            assert_share(t.share(End::Killed).unwrap(), want, n, edition);
            assert_share(t.share(End::Incapacitated).unwrap(), 1.0 - want, n, edition);
        }
    }
}

/// Issue 25, defect 10. 004 describes one soak roll ("A 'soak' roll is
/// generally ... Stamina versus difficulty 6") and lets "Vampires with
/// Fortitude ... soak Aggravated damage": a vampire with Stamina 1 and
/// Fortitude 1 soaks claws (two aggravated dice) with its soak roll, two
/// dice (Fortitude adding, as to its lethal soak); Fortitude alone, one
/// die, is Revised's reading. Without Fortitude it soaks none under both.
#[test]
fn fta_a_vampire_with_fortitude_soaks_aggravated_with_its_soak_roll() {
    let n = 100_000;
    for (edition, fortitude, soak) in [("fta", 1, 2), ("fta", 0, 0), ("revised", 1, 1)] {
        let vampire = format!(
            "kind = \"vampire\"\ntraits = {{ strength = 1, dexterity = 1, stamina = 1, wits = 1, fortitude = {fortitude} }}\ntactics = {{ attack = \"none\" }}"
        );
        let text = duel(edition, 1000, &attacker("claws"), &vampire);
        let want = chain(|_| revised_attack(1, 6, 2, 0, soak));
        for t in runs(&text, None, n, 54) {
            assert_rounds(&t, 0, want, &format!("{edition}, Fortitude {fortitude}"));
        }
    }
}

/// Issue 25, defect 11. 000 "Combat": "if the damage is lethal (or
/// aggravated), you can only soak it with armor", for every character: a
/// vampire with Fortitude 2 and a Garou in a war form fall to a knife
/// exactly as a mortal with the same traits does (the exact chains agree),
/// where Revised's reading gave them Stamina (+ Fortitude) against it.
#[test]
fn uwod_lethal_is_soaked_only_with_armour() {
    use wodds_sim::conflict::{EditionEngine, Sampling};
    let mean_rounds = |kind: &str| {
        let target = format!(
            "kind = \"{kind}\"\ntraits = {{ strength = 1, dexterity = 1, stamina = 3, wits = 1, fortitude = {} }}\ntactics = {{ attack = \"none\" }}",
            if kind == "vampire" { 2 } else { 0 }
        );
        // Melee 1: unskilled, a Dexterity 1 knife-fighter has no die.
        let knife = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 1, melee = 1 }\nweapon = \"knife\"";
        let s = scenario_in(&duel("uwod", 60, knife, &target), None);
        let e = EditionEngine::new(&s, &s.editions[0], Sampling::Round).unwrap();
        e.chain().expect("a chain").outcomes().odds.mean_rounds()
    };
    let mortal = mean_rounds("mortal");
    assert!(mortal < 30.0, "the knife must end most fights: {mortal}");
    for kind in ["vampire", "garou"] {
        let got = mean_rounds(kind);
        assert!(
            (got - mortal).abs() < 1e-12,
            "{kind}: {got} rounds, a mortal {mortal}"
        );
    }
}
