//! The difficulties of an fta attack and of what meets it, by the
//! attacker's weapon and range: shared by the fight and by a grapple's
//! third parties (004 "Third Parties": they attack "as normal").

use wodds_rules::FtaRules;

use crate::conflict::fighter::Fighter;
use crate::conflict::gear::Skill;
use crate::conflict::scenario::{AttackTactic, Range};

/// Whether `f` fights hand to hand: a melee weapon or fists, or a gun fired
/// in the melee.
pub(crate) fn close(f: &Fighter) -> bool {
    !f.ranged || f.range == Range::Melee
}

/// An attack's difficulty change and damage dice added, by `f`'s style
/// (`haste`: in a haste phase, basic unless `haste.styles`).
pub(crate) fn style(rules: &FtaRules, f: &Fighter, haste: bool) -> (i32, i32) {
    if haste && !rules.haste.styles {
        return (0, 0);
    }
    match f.tactics_attack {
        AttackTactic::Power => (
            rules.power_attack.difficulty,
            rules.power_attack.damage_dice,
        ),
        AttackTactic::Feint => (rules.feint.difficulty, rules.feint.damage_dice),
        _ => (0, 0),
    }
}

/// `f`'s attack difficulty before its style: hand to hand the rule file's;
/// a gun by `[combat.attack] range-difficulty` (`range`: point-blank,
/// effective, long), and in the melee by `guns-in-melee` (a pistol, an SMG,
/// any other gun, or any gun against a target with no defence roll,
/// `open`).
pub(crate) fn attack_difficulty(rules: &FtaRules, range: [i32; 3], f: &Fighter, open: bool) -> i32 {
    let [point_blank, effective, long] = range;
    if !f.ranged {
        return rules.attack_difficulty;
    }
    let guns = &rules.guns_in_melee;
    match f.range {
        Range::Melee if open => guns.uncontested,
        Range::Melee => match f.weapon.name {
            "pistol" => guns.pistol,
            "smg" => guns.smg,
            _ => guns.long_gun,
        },
        Range::PointBlank => point_blank,
        Range::Effective => effective,
        Range::Long => long,
    }
}

/// The dodge's difficulty against `f`'s attack: hand to hand, or gunfire
/// from afar.
pub(crate) fn dodge_difficulty(rules: &FtaRules, f: &Fighter) -> i32 {
    if close(f) {
        rules.dodge.hand_to_hand
    } else {
        rules.dodge.ranged
    }
}

/// A block's difficulty against `f`'s attack, the defender holding a melee
/// weapon or not (`melee`): a Brawl attack is blocked with Brawl, the same
/// Ability; a Melee attack with Melee when the defender holds a melee
/// weapon (the same), else Brawl; a gun in the melee with a mismatched
/// pool; gunfire from afar the same, plus `gunfire`.
pub(crate) fn block_difficulty(rules: &FtaRules, f: &Fighter, melee: bool) -> i32 {
    let b = &rules.block;
    if !close(f) {
        b.other_ability + b.gunfire
    } else if f.ranged {
        b.other_ability
    } else if f.weapon.skill == Skill::Brawl || melee {
        b.same_ability
    } else {
        b.other_ability
    }
}
