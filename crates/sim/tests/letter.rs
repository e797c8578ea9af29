//! Issue 25's rule readings, each worked by hand on one-die pools from
//! the seed's own words: grapples and chases to the letter.

use wodds_sim::conflict::{EditionEngine, End, Outcomes, Sampling, Scenario};

fn end_index(e: End) -> usize {
    End::ALL.iter().position(|&x| x == e).unwrap()
}

/// A scenario of `kind` under `editions`, with `table` (its own section)
/// and two one-member sides A and B given as TOML.
fn scenario(
    kind: &str,
    editions: &str,
    table: &str,
    max_rounds: u32,
    a: &str,
    b: &str,
) -> Scenario {
    let text = format!(
        "name = \"t\"\nkind = \"{kind}\"\neditions = [{editions}]\nmax-rounds = {max_rounds}\n\
         {table}\n\
         [[side]]\nname = \"A\"\n[[side.member]]\nname = \"A\"\nkind = \"mortal\"\n{a}\n\
         [[side]]\nname = \"B\"\n[[side.member]]\nname = \"B\"\nkind = \"mortal\"\n{b}\n"
    );
    Scenario::parse("t.toml", &text, Some(&std::env::temp_dir())).unwrap()
}

/// The exact outcomes of `s` under its first edition, from its round chain.
fn exact(s: &Scenario) -> Outcomes {
    let e = EditionEngine::new(s, &s.editions[0], Sampling::Round).unwrap();
    e.chain().expect("a chain").outcomes()
}

fn close(got: f64, want: f64, what: &str) {
    assert!(
        (got - want).abs() < 1e-12,
        "{what}: {got} where the text gives {want}"
    );
}

/// uwod's dice: a die succeeds on 7+ (2/5) and a roll botches when it has
/// no success and a 1 (one die: 1/10). The clinch attack is an attack: 000
/// "Your difficulty to hit her is the number of successes she gets on her
/// defense roll; if she gets no successes, your difficulty is zero, so
/// you'll hit if you don't botch". One die (Dexterity 1, Brawl 0) against
/// a one-die reflexive Dexterity + Dodge: the victim gets no success (3/5)
/// and the attack lands unless it botches (9/10), or one (2/5) and the
/// attack needs one (2/5): 27/50 + 4/25 = 7/10. The victim's defence is
/// reflexive: rolled though its tactics do not defend.
#[test]
fn uwod_clinch_lands_unless_it_botches() {
    for defend in ["none", "dodge"] {
        let s = scenario(
            "grapple",
            "\"uwod\"",
            "[grapple]\ngrappler = \"A\"\nstart = \"attack\"",
            1,
            "traits = { dexterity = 1, brawl = 0 }",
            &format!(
                "traits = {{ dexterity = 1, dodge = 0 }}\ntactics = {{ defend = \"{defend}\" }}"
            ),
        );
        let o = exact(&s);
        close(1.0 - o.ends[end_index(End::Missed)], 0.7, defend);
    }
}

/// Breaking free is an opposed roll at the holder's successes: one die
/// each (Strength 1, Brawl 0), the held member is free when the holder
/// rolls none (3/5) and it does not botch (9/10), or one (2/5) and it
/// rolls one (2/5): 7/10 in one round, as `wodds action resisted
/// --edition uwod --a 1 --b 1` gives.
#[test]
fn uwod_breaking_free_needs_only_the_holders_successes() {
    let one = "traits = { strength = 1, brawl = 0 }";
    let s = scenario(
        "grapple",
        "\"uwod\"",
        "[grapple]\ngrappler = \"A\"\nstart = \"held\"\ncontrol = 1",
        1,
        one,
        one,
    );
    let o = exact(&s);
    close(o.ends[end_index(End::Freed)], 0.7, "freed");
}

thread_local! {
    /// This test's house-rule files: a temporary folder, removed with
    /// everything in it when the test's thread ends.
    static HOUSES: tempfile::TempDir = tempfile::tempdir().expect("a temporary folder");
}

/// The path of house-rule file `name` in this test's folder.
fn house_path(name: &str) -> std::path::PathBuf {
    HOUSES.with(|dir| dir.path().join(format!("{name}.toml")))
}

/// A house rule on fta: `body` under `extends = "fta"`, in a temporary file.
fn fta_house(name: &str, body: &str) -> String {
    let path = house_path(name);
    std::fs::write(&path, format!("extends = \"fta\"\n{body}")).unwrap();
    format!("\"{}\"", path.display())
}

/// 004 "Single Effect Grapples": "executed immediately by spending all of
/// the Control gained". A Slam (3 Control) with Strength 1 and four dice
/// (Dexterity 1, Strength 1, Brawl 3) on an undefended Victim with Stamina
/// 1: a die at 6 succeeds with 1/2, shows a 1 with 1/10, neither with 2/5,
/// and a 1 cancels a success. Control 3 or more: four successes (1/16) or
/// three and a blank (4 x 1/8 x 2/5 = 1/5), 21/80. All of it spent, the
/// Slam deals Strength 1 + 0 bashing: one die against one soak die, a
/// level with 1/2 x 1/2; so 21/320 levels a grapple. Spending only the
/// cost (`single-spends-all = false`), Control 4 adds a damage die.
#[test]
fn a_single_effect_spends_all_the_control() {
    let harm = |editions: &str| {
        let s = scenario(
            "grapple",
            editions,
            "[grapple]\ngrappler = \"A\"\nstart = \"attack\"",
            1,
            "traits = { strength = 1, dexterity = 1, brawl = 3 }\ngrapple = { single = \"slam\" }",
            "traits = { stamina = 1 }\ntactics = { defend = \"none\" }",
        );
        exact(&s).harm
    };
    close(harm("\"fta\""), 21.0 / 320.0, "harm");
    let leftover = harm(&fta_house(
        "leftover",
        "[grapple.fta]\nsingle-spends-all = false\n",
    ));
    assert!(leftover > 21.0 / 320.0 + 1e-3, "{leftover}");
}

/// 004 "Chases": "Whomever's Run is exhausted loses the chase". Both Runs
/// 1 round from a head start of 5 with one die each: the Lead moves by at
/// most a step in a round, so the chase cannot end in round 1 but by the
/// Runs, and both are up after it. By default both lose (nobody wins, and
/// every chase is counted as "both run out", none as a draw);
/// `both-runs-out = "prey-escapes"` gives the Prey every chase,
/// `"prey-caught"` the Predator.
#[test]
fn both_runs_up_in_one_round_follow_the_setting() {
    let one = "traits = { dexterity = 1 }";
    let chase = |editions: &str| {
        scenario(
            "chase",
            editions,
            "[chase]\nprey = \"A\"\nstart = \"head-start\"\nhead-start = 5\nprey-run = 1\npredator-run = 1",
            10,
            one,
            one,
        )
    };
    let odds = |editions: &str| exact(&chase(editions)).odds;
    let both = exact(&chase("\"fta\""));
    close(both.odds.wins[0] + both.odds.wins[1], 0.0, "nobody wins");
    close(both.ends[end_index(End::BothRunOut)], 1.0, "both run out");
    close(both.ends[end_index(End::Draw)], 0.0, "no draw");
    let o = odds(&fta_house(
        "escapes",
        "[chase]\nboth-runs-out = \"prey-escapes\"\n",
    ));
    close(o.wins[0], 1.0, "the Prey escapes");
    let o = odds(&fta_house(
        "caught",
        "[chase]\nboth-runs-out = \"prey-caught\"\n",
    ));
    close(o.wins[1], 1.0, "the Predator catches it");
}

/// 004 "Starting a Chase": a botched cold start ends the chase "before it
/// truly began", and a successful pounce leaves it "over before it
/// began": both last 0 rounds. One die (Dexterity 1): the cold start
/// botches on a 1 (1/10, no success beside it). The stalk with one die a
/// pool (Perception 1 against Manipulation 1) ends in the pounce 7/10 of
/// the time on the streets (the unit test in `start.rs` works it).
#[test]
fn a_chase_over_before_it_began_lasts_no_rounds() {
    let zero = |start: &str, a: &str, b: &str| {
        let s = scenario(
            "chase",
            "\"fta\"",
            &format!("[chase]\nprey = \"A\"\nstart = \"{start}\""),
            10,
            a,
            b,
        );
        exact(&s).odds.ended[0]
    };
    let one = "traits = { dexterity = 1 }";
    close(zero("cold", one, one), 0.1, "a botched cold start");
    close(
        zero(
            "stalk",
            "traits = { dexterity = 1, perception = 1 }",
            "traits = { dexterity = 1, manipulation = 1 }",
        ),
        0.7,
        "the pounce",
    );
}

/// 004 "When two individuals attack each other, the attack rolls are
/// contested"; a committed attack's "target must either accept the full
/// force of this attack, suffer a +2 difficulty, or abort to a defense".
/// One die each (Dexterity 1, Brawl 0), A committed, B a basic attack: the
/// exchange is the same whoever acts first (B's roll at +2 either way), so
/// A wins as often with B always first (Wits 10 against 1: B's initiative
/// at least 12, A's at most 12, a tie acting at once) as with A first.
#[test]
fn a_committed_attack_meets_the_other_attack_whoever_acts_first() {
    let win = |a_wits: u32, b_wits: u32| {
        let s = scenario(
            "combat",
            "\"fta\"",
            "",
            40,
            &format!(
                "traits = {{ dexterity = 1, wits = {a_wits}, brawl = 0 }}\ntactics = {{ attack = \"committed\" }}"
            ),
            &format!("traits = {{ dexterity = 1, wits = {b_wits}, brawl = 0 }}"),
        );
        exact(&s).odds.wins[0]
    };
    let (a_first, b_first) = (win(10, 1), win(1, 10));
    assert!(
        (a_first - b_first).abs() < 1e-12,
        "A first {a_first}, B first {b_first}"
    );
}

/// One hubris die (8+ succeeds, a 10 rolls again): no success 7/10, `k`
/// successes 27/100 x (1/10)^(k-1); at least `k` 3/10 x (1/10)^(k-1). One
/// die against one, the acting side winning ties with a success
/// (`contest-tie = "acting"`), the acting side wins with 3/10 - 81/9900:
/// with `k` successes it loses only to `k + 1` or more.
const HUBRIS_ACTING_WINS: f64 = 0.3 - 0.0081 / 0.99;

/// hubris (001 "lost contests ... equal to the relevant Resistance
/// attribute"): the grappling attack is a physical contest of the grapple
/// pool (Strength 1, Brawl 0) against the defender's dodge (Dexterity 1,
/// Athletics 0), so the grapple begins only when it is won, and
/// `start` is not ignored. The opening alone (`max-rounds = 1`): begun
/// with the acting side's chance, otherwise no grapple.
#[test]
fn hubris_grapple_opens_with_a_contest() {
    let one = "traits = { strength = 1, dexterity = 1, stamina = 1, brawl = 0 }";
    let s = scenario(
        "grapple",
        "\"hubris\"",
        "[grapple]\ngrappler = \"A\"\nstart = \"attack\"",
        1,
        one,
        one,
    );
    let o = exact(&s);
    let missed = o.ends[end_index(End::Missed)];
    assert!(
        (missed - (1.0 - HUBRIS_ACTING_WINS)).abs() < 1e-9,
        "{missed}"
    );
}

/// A held hubris grapple, Stamina 1 each, one roll-off: the Victim that
/// loses it (the Grappler acting, winning ties with a success) is pinned;
/// the Grappler that loses it (the Victim rolling more) is thrown off, the
/// Victim freed, not "pinned": 21/100 + 81/9900.
#[test]
fn hubris_grappler_beaten_frees_the_victim() {
    let one = "traits = { strength = 1, stamina = 1, brawl = 0 }";
    let s = scenario(
        "grapple",
        "\"hubris\"",
        "[grapple]\ngrappler = \"A\"\nstart = \"held\"\ncontrol = 1",
        1,
        one,
        one,
    );
    let o = exact(&s);
    let (pinned, freed) = (
        o.ends[end_index(End::Pinned)],
        o.ends[end_index(End::Freed)],
    );
    assert!(
        (pinned - HUBRIS_ACTING_WINS).abs() < 1e-9,
        "pinned {pinned}"
    );
    assert!(
        (freed - (0.21 + 0.0081 / 0.99)).abs() < 1e-9,
        "freed {freed}"
    );
}

/// 004 "Escape": the escape defence's "difficulty is 6", not a dodge's 5.
/// A one-die grapple attack (Strength 1, Brawl 0, at 6: a success with
/// 1/2) against a one-die escape (Dexterity 1, Athletics 0) begins a
/// grapple when it has a success and the escape none: 1/2 x 1/2 = 1/4 (at
/// 5 the escape would succeed with 3/5, leaving 1/5).
#[test]
fn fta_escape_from_a_grapple_attack_is_at_six() {
    let s = scenario(
        "grapple",
        "\"fta\"",
        "[grapple]\ngrappler = \"A\"\nstart = \"attack\"",
        1,
        "traits = { strength = 1, dexterity = 1, brawl = 0 }",
        "traits = { dexterity = 1, athletics = 0 }\ntactics = { defend = \"escape\" }",
    );
    let o = exact(&s);
    close(1.0 - o.ends[end_index(End::Missed)], 0.25, "begun");
}

/// hubris's roll-offs follow `[actions] contest-tie` (issue 25, defect 8):
/// under `"nothing"` a tie is nobody's, so the held grapple of
/// [`hubris_grappler_beaten_frees_the_victim`] is symmetric: each side
/// loses the roll-off when the other rolls more, 3/10 - 81/990 (the
/// Victim pinned, or freed) where `"acting"` gave the Grappler its ties.
#[test]
fn hubris_roll_off_ties_follow_the_setting() {
    let one = "traits = { strength = 1, stamina = 1, brawl = 0 }";
    let path = house_path("ties");
    std::fs::write(
        &path,
        "extends = \"hubris\"\n[actions]\ncontest-tie = \"nothing\"\n",
    )
    .unwrap();
    let s = scenario(
        "grapple",
        &format!("\"{}\"", path.display()),
        "[grapple]\ngrappler = \"A\"\nstart = \"held\"\ncontrol = 1",
        1,
        one,
        one,
    );
    let o = exact(&s);
    let beaten = 0.3 - 0.081 / 0.99;
    let (pinned, freed) = (
        o.ends[end_index(End::Pinned)],
        o.ends[end_index(End::Freed)],
    );
    assert!((pinned - beaten).abs() < 1e-9, "pinned {pinned}");
    assert!((freed - beaten).abs() < 1e-9, "freed {freed}");
}
