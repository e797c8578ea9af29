//! Checks of a resolved rule set that its types cannot express: ranges,
//! and settings that must agree with each other.

use crate::problem::{Problem, fail, within};
use crate::{
    ActionRules, AutomaticRule, CombatRules, DiceRules, DifficultyKind, HubrisRules, Overflow,
    SpecialtySetting, TeamworkRule,
};

/// Checks every section.
pub(crate) fn sections(d: &DiceRules, a: &ActionRules, c: &CombatRules) -> Result<(), Problem> {
    dice(d)?;
    actions(a)?;
    combat(c)
}

fn dice(d: &DiceRules) -> Result<(), Problem> {
    within(
        "dice.willpower.bonus-dice",
        d.willpower.bonus_dice.into(),
        0,
        10,
    )?;
    within("dice.threshold", d.threshold.into(), 2, 10)?;
    let target_set = d.faces.as_ref().is_some_and(|f| f.target.is_some());
    let (lo, hi) = match d.difficulty {
        // A target expression maps the difficulty to a face (checked
        // 2..=10 for every difficulty when the expression is compiled).
        DifficultyKind::TargetNumber if target_set => (0, 30),
        DifficultyKind::TargetNumber => (2, 10),
        DifficultyKind::SuccessesNeeded | DifficultyKind::DiceRemoved => (0, 10),
    };
    let [dmin, dmax] = d.difficulty_range;
    if dmin > dmax || dmin < lo || dmax > hi {
        fail(
            &["dice.difficulty-range", "dice.difficulty"],
            format!(
                "[{dmin}, {dmax}] must be ascending and within {lo}..={hi} for this kind of difficulty"
            ),
        )?;
    }
    if !(dmin..=dmax).contains(&d.standard_difficulty) {
        fail(
            &[
                "dice.standard-difficulty",
                "dice.difficulty-range",
                "dice.difficulty",
            ],
            format!(
                "{} is outside difficulty-range {dmin}..={dmax}",
                d.standard_difficulty
            ),
        )?;
    }
    let t = d.automatic_table;
    if d.automatic == AutomaticRule::Table && !(t[0] >= 1 && t.windows(2).all(|w| w[0] < w[1])) {
        fail(
            &["dice.automatic-table"],
            format!(
                "{t:?} must be rising pool sizes of at least 1 (the pools giving 1, 2, 3 and 4 successes)"
            ),
        )?;
    }
    if d.unskilled.iter().any(|u| !(0..=5).contains(u)) {
        fail(
            &["dice.unskilled"],
            format!("{:?} must be dice lost, 0..=5 each", d.unskilled),
        )?;
    }
    let [pmin, pmax] = d.pool_range;
    let floor = if d.chance_die { -10 } else { 1 };
    let specialty = i32::from(d.specialty == SpecialtySetting::BonusDie);
    let ceiling = wodds_dice::MAX_POOL - d.willpower.bonus_dice - specialty;
    if pmin > pmax || pmin < floor || pmax > ceiling {
        let why = if d.chance_die {
            ""
        } else {
            "; pools below 1 need chance-die = true"
        };
        fail(
            &[
                "dice.pool-range",
                "dice.chance-die",
                "dice.willpower.bonus-dice",
                "dice.specialty",
            ],
            format!(
                "[{pmin}, {pmax}] must be ascending and within {floor}..={ceiling} (the dice engine rolls at most {} dice, Willpower's bonus dice and a specialty's included{why})",
                wodds_dice::MAX_POOL
            ),
        )?;
    }
    Ok(())
}

fn actions(a: &ActionRules) -> Result<(), Problem> {
    within("actions.retry-penalty", a.retry_penalty.into(), 0, 5)?;
    match (a.teamwork, a.teamwork_edge_cap) {
        (TeamworkRule::Edge, None) => fail(
            &["actions.teamwork", "actions.teamwork-edge-cap"],
            "teamwork = \"edge\" needs teamwork-edge-cap (the most dice the helpers add)"
                .to_string(),
        ),
        (_, Some(cap)) => within("actions.teamwork-edge-cap", cap.into(), 0, 10),
        (TeamworkRule::Sum, None) => Ok(()),
    }
}

fn combat(c: &CombatRules) -> Result<(), Problem> {
    for family in c.engine.families() {
        if !c.has(family) {
            let key = CombatRules::family_key(family).expect("an engine reads known families");
            fail(
                &[key, "combat.engine"],
                format!("missing: the `{}` engine reads [{key}]", c.engine.name()),
            )?;
        }
    }
    if let Some(h) = &c.health {
        let w = h.wound_penalties;
        if let Some(bad) = w.iter().find(|x| !(0..=10).contains(*x)) {
            fail(
                &["combat.health.wound-penalties"],
                format!("{bad} is outside 0..=10"),
            )?;
        }
        if w.windows(2).any(|pair| pair[1] < pair[0]) {
            fail(
                &["combat.health.wound-penalties"],
                "penalties must not fall as wounds get worse".to_string(),
            )?;
        }
        if h.aggravated_overflow == Overflow::Upgrade {
            fail(
                &["combat.health.aggravated-overflow"],
                "no damage is worse than aggravated: \"kill\" or \"ignore\"".to_string(),
            )?;
        }
    }
    if let Some(a) = &c.attack {
        within("combat.attack.difficulty", a.difficulty.into(), 2, 10)?;
        if let Some(bad) = a.range_difficulty.iter().find(|x| !(2..=10).contains(*x)) {
            fail(
                &["combat.attack.range-difficulty"],
                format!("{bad} is outside 2..=10"),
            )?;
        }
    }
    if let Some(x) = &c.damage {
        within(
            "combat.damage.damage-succeeds-on",
            x.damage_succeeds_on.into(),
            2,
            10,
        )?;
        within(
            "combat.damage.soak-succeeds-on",
            x.soak_succeeds_on.into(),
            2,
            10,
        )?;
        within(
            "combat.damage.extra-dice-after",
            x.extra_dice_after.into(),
            0,
            5,
        )?;
    }
    if let Some(p) = &c.powers {
        within(
            "combat.powers.celerity-actions",
            p.celerity_actions.into(),
            0,
            3,
        )?;
    }
    if let Some(u) = &c.unskilled {
        let abilities = [
            "brawl",
            "melee",
            "firearms",
            "dodge",
            "athletics",
            "alertness",
        ];
        if let Some(bad) = u.skills.names().find(|n| !abilities.contains(n)) {
            fail(
                &["combat.unskilled.skills"],
                format!(
                    "`{bad}` is not an Ability: Skills are among {}",
                    abilities.join(", ")
                ),
            )?;
        }
    }
    if let Some(r) = &c.revised {
        within(
            "combat.revised.first-action-penalty",
            r.first_action_penalty.into(),
            0,
            5,
        )?;
        within(
            "combat.revised.later-action-penalty",
            r.later_action_penalty.into(),
            0,
            5,
        )?;
        within("combat.revised.rage-actions", r.rage_actions.into(), 0, 3)?;
        within(
            "combat.revised.defence-difficulty",
            r.defence_difficulty.into(),
            2,
            10,
        )?;
        within(
            "combat.revised.total-defence-penalty",
            r.total_defence_penalty.into(),
            0,
            5,
        )?;
        within(
            "combat.revised.abort-difficulty",
            r.abort_difficulty.into(),
            2,
            10,
        )?;
        within(
            "combat.revised.willpower-per-turn",
            r.willpower_per_turn.into(),
            0,
            5,
        )?;
    }
    if let Some(f) = &c.fta {
        f.check()?;
    }
    if let Some(u) = &c.uwod {
        within(
            "combat.uwod.first-action-penalty",
            u.first_action_penalty.into(),
            0,
            5,
        )?;
        within(
            "combat.uwod.later-action-penalty",
            u.later_action_penalty.into(),
            0,
            5,
        )?;
        within("combat.uwod.rage-actions", u.rage_actions.into(), 0, 3)?;
        within("combat.uwod.onslaught", u.onslaught.into(), 0, 5)?;
        within(
            "combat.uwod.total-defence-onslaught",
            u.total_defence_onslaught.into(),
            0,
            5,
        )?;
        within(
            "combat.uwod.range-increment",
            u.range_increment.into(),
            0,
            5,
        )?;
        within(
            "combat.uwod.willpower-per-turn",
            u.willpower_per_turn.into(),
            0,
            5,
        )?;
    }
    if let Some(h) = &c.hubris {
        hubris(h)?;
    }
    Ok(())
}

fn hubris(h: &HubrisRules) -> Result<(), Problem> {
    within("combat.hubris.health-base", h.health_base.into(), 1, 15)?;
    let w = h.wound_penalties;
    if let Some(bad) = w.iter().find(|x| **x > 10) {
        fail(
            &["combat.hubris.wound-penalties"],
            format!("{bad} is outside 0..=10"),
        )?;
    }
    if w.windows(2).any(|pair| pair[1] < pair[0]) {
        fail(
            &["combat.hubris.wound-penalties"],
            "penalties must not fall as wounds get worse".to_string(),
        )?;
    }
    within("combat.hubris.edge-cap", h.edge_cap.into(), 0, 10)?;
    within(
        "combat.hubris.willpower-per-turn",
        h.willpower_per_turn.into(),
        0,
        5,
    )?;
    within(
        "combat.hubris.celerity-attacks",
        h.celerity_attacks.into(),
        0,
        3,
    )?;
    within("combat.hubris.rage-attacks", h.rage_attacks.into(), 0, 3)
}
