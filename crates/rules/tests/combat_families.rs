//! The families of combat settings the Storyteller engines read
//! (`[combat.soak]`, `[combat.damage]`, `[combat.powers]`,
//! `[combat.unskilled]`, `[combat.revised]`, `[combat.uwod]`, and the
//! overflow of `[combat.health]`): every one set and explained in the
//! built-in editions, read only by the engines that use them, and checked
//! with errors that name the file, line and field.

use std::path::Path;

use wodds_rules::{
    AttackClass, CreatureKind, DamageKind, Overflow, PotenceAdds, RuleSet, RulesError, SoakDice,
};

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Loads `path`, which must fail naming `line` and `field`; returns the
/// message.
fn refused(path: &str, line: usize, field: &str) -> String {
    match RuleSet::load(path) {
        Ok(_) => panic!("{path} should not load"),
        Err(RulesError::File {
            file,
            line: l,
            field: f,
            message,
            ..
        }) => {
            assert_eq!(
                (file.as_str(), l, f.as_str()),
                (path, line, field),
                "{message}"
            );
            message
        }
        Err(other) => panic!("expected a file error, got {other:?}"),
    }
}

fn combat_keys(r: &RuleSet) -> Vec<&str> {
    r.settings()
        .iter()
        .map(|s| s.key.as_str())
        .filter(|k| k.starts_with("combat."))
        .collect()
}

/// Each edition lists the families its engine reads, and only those: fta
/// extends revised but has no `[combat.revised]`; every combat setting
/// says where it comes from (a note); fta has at least 40.
#[test]
fn each_edition_has_the_families_its_engine_reads() {
    for (edition, has, lacks) in [
        ("revised", "combat.revised.", "combat.uwod."),
        ("fta", "combat.soak.", "combat.revised."),
        ("uwod", "combat.uwod.", "combat.revised."),
    ] {
        let r = RuleSet::load(edition).unwrap();
        let keys = combat_keys(&r);
        assert!(keys.iter().any(|k| k.starts_with(has)), "{edition}: {has}");
        assert!(
            !keys.iter().any(|k| k.starts_with(lacks)),
            "{edition}: {lacks}"
        );
        for s in r.settings().iter().filter(|s| s.key.starts_with("combat.")) {
            assert!(!s.note.is_empty(), "{edition}: {} has no note", s.key);
        }
    }
    let fta = RuleSet::load("fta").unwrap();
    assert!(combat_keys(&fta).len() >= 40, "{}", combat_keys(&fta).len());
}

/// The soak tables as the seeds give them: fta's ghouls soak lethal with
/// Stamina + Fortitude (004), a Garou in its breed form soaks only
/// bashing; Revised's ghouls soak lethal with Fortitude alone; uwod's
/// mortals soak lethal only with armour (000); armour soaks everything.
#[test]
fn the_soak_tables_follow_the_seeds() {
    let soak = |e: &str| RuleSet::load(e).unwrap().combat.soak();
    let (revised, fta, uwod) = (soak("revised"), soak("fta"), soak("uwod"));
    assert_eq!(fta.ghoul.lethal, SoakDice::PoolAndFortitude);
    assert_eq!(revised.ghoul.lethal, SoakDice::Fortitude);
    assert_eq!(
        (
            fta.garou.aggravated,
            fta.garou_breed_form.lethal,
            fta.garou_breed_form.aggravated
        ),
        (SoakDice::Pool, SoakDice::None, SoakDice::None)
    );
    assert_eq!(uwod.mortal.lethal, SoakDice::None);
    for t in [revised, fta, uwod] {
        for k in [
            DamageKind::Bashing,
            DamageKind::Lethal,
            DamageKind::Aggravated,
        ] {
            assert!(t.armor.has(k as usize));
        }
    }
    let powers = RuleSet::load("revised").unwrap().combat.powers();
    assert!(powers.celerity.has(CreatureKind::Ghoul as usize));
    assert!(!powers.celerity.has(CreatureKind::Mortal as usize));
    assert_eq!(powers.potence_adds, PotenceAdds::AutomaticSuccesses);
    let u = RuleSet::load("uwod").unwrap().combat.uwod();
    assert!(u.block_meets.has(AttackClass::Blunt as usize));
    assert!(!u.block_meets.has(AttackClass::Edged as usize));
    assert!(!u.parry_meets.has(AttackClass::Gun as usize));
}

/// A house rule may change one cell of a table and inherit the rest.
#[test]
fn a_house_rule_changes_one_cell() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "frail.toml",
        "extends = \"fta\"\n\n[combat.soak.ghoul]\nlethal = \"none\"\n\n[combat.health]\nlethal-overflow = \"ignore\"\n",
    );
    let r = RuleSet::load(&path).unwrap();
    let soak = r.combat.soak();
    assert_eq!(soak.ghoul.lethal, SoakDice::None);
    assert_eq!(soak.ghoul.bashing, SoakDice::PoolAndFortitude);
    assert_eq!(r.combat.health().lethal_overflow, Overflow::Ignore);
    assert_ne!(r.hash(), RuleSet::load("fta").unwrap().hash());
}

/// A family the engine does not read is refused where the file sets it.
#[test]
fn a_family_the_engine_does_not_read_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "mixed.toml",
        "extends = \"fta\"\n\n[combat.revised]\ndefence-difficulty = 5\n",
    );
    let message = refused(&path, 4, "combat.revised.defence-difficulty");
    assert!(
        message.contains("`fta` engine does not read [combat.revised]"),
        "{message}"
    );
}

/// Values the types allow but the rules cannot: aggravated damage has
/// nothing worse to turn into; a Skill must be an Ability; an unknown
/// creature; a name listed twice; a difficulty out of range.
#[test]
fn bad_values_are_refused_at_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "[combat.health]\naggravated-overflow = \"upgrade\"\n",
            "combat.health.aggravated-overflow",
            "worse than aggravated",
        ),
        (
            "[combat.unskilled]\nskills = [\"strength\"]\n",
            "combat.unskilled.skills",
            "not an Ability",
        ),
        (
            "[combat.powers]\ncelerity = [\"vampire\", \"dragon\"]\n",
            "combat.powers.celerity",
            "unknown creature `dragon`",
        ),
        (
            "[combat.uwod]\nblock-meets = [\"unarmed\", \"unarmed\"]\n",
            "combat.uwod.block-meets",
            "listed twice",
        ),
        (
            "[combat.damage]\nsoak-succeeds-on = 11\n",
            "combat.damage.soak-succeeds-on",
            "outside 2..=10",
        ),
    ];
    for (i, (body, field, words)) in cases.into_iter().enumerate() {
        let base = if field.starts_with("combat.uwod") {
            "uwod"
        } else {
            "revised"
        };
        let path = write(
            dir.path(),
            &format!("bad{i}.toml"),
            &format!("extends = \"{base}\"\n\n{body}"),
        );
        let message = refused(&path, 4, field);
        assert!(message.contains(words), "{field}: {message}");
    }
}
