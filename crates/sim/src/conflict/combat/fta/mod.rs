//! The From the Ashes combat engine (seed 004), on Revised's dice, health
//! and soak. Every number and variant below is a setting of the edition's
//! `[combat.fta]` (crates/rules/editions/fta.toml, each with its quote from
//! 004 or marked assumed); the defaults are given here. What it models:
//!
//! - Initiative 1d10 + Wits + Dexterity less the wound penalty, ties by the
//!   unrolled part; members still tied act *simultaneously*: each acts on
//!   the fight as it stood before any of them (pools, wound penalties, who
//!   stands), the damage they deal and their flights land once all of them
//!   have acted, and none aborts from another's attack (they declared at
//!   once) (`ties = "random"`: one of them first, at random). Actions resolve
//!   high to low: a main phase, then one haste phase per dot of Celerity
//!   and per Rage point a Garou declares (one Rage point a haste action;
//!   how many a round is its tactic, while they last), each a further
//!   basic attack (never split).
//! - The round stops once one side (or none) still stands: members still
//!   to act do nothing, so nobody flees or escapes from a fight already won.
//! - Declaration at the start of a round: each member's attacks, its split
//!   penalty and how it defends. Split actions: N actions each lose 2 +
//!   (N - 1) dice (the seed's Toni example: two actions -3 each, three
//!   -4); at most Wits actions; never two attacks on one target, so
//!   `actions` beyond the standing enemies are not declared (nor
//!   penalised); a member attacks the first standing enemies.
//! - Melee attack against attack is contested: when the target attacks the
//!   attacker back in the same phase (main or haste), both roll, the lower
//!   total comes off the higher and only the winner lands; it spends the
//!   target's attack of that phase on the attacker. A gun fired in the
//!   melee (`range = "melee"`) is contested like a blow ("he can deflect
//!   the gun and punch you in the face"). The exchange counts as an attack
//!   on each of them for piling on, and each side's roll, being its
//!   defence too, loses the piling-on dice of the attacks already on it
//!   (assumed; `piling-on.exchanges = false`: neither does).
//! - Any other attack meets the target's defence, successes off the
//!   attack's. An attacker keeps its defence ("NOT considered to have
//!   abandoned their defense"): a block or dodge (its tactic's, else the
//!   one with more expected net successes) against hand-to-hand attacks,
//!   with no split; to answer gunfire from afar as well, a member whose
//!   tactic is `dodge` or `block` splits it as one of its actions when
//!   some enemy shoots from afar. Dodge: Dexterity + Athletics, 5 hand to
//!   hand, 6 against gunfire from afar (no cover). Block: 4 with the
//!   attack's own Ability, 5 with another, +4 against gunfire from afar; a
//!   Brawl attack is blocked with Dexterity + Brawl whatever is in hand
//!   ("Defending against a Brawl attack uses Brawl"), a Melee attack with
//!   Dexterity + Melee when holding a melee weapon (a parry), else + Brawl,
//!   a gun in the melee at 5. Piling on: a defence loses two dice per
//!   earlier attack on the defender this round for a member carrying on an
//!   offence (a split dodge or block included), one for a pure defender;
//!   haste attacks count as later attackers. (`attacker-defence =
//!   "counter"`: an attacker answers hand-to-hand attacks with its attack
//!   pool at 6 instead.)
//! - Firefights: guns are not contested from afar; difficulty 6 at effective
//!   range, 8 one increment beyond (`long`), 4 within five yards
//!   (`point-blank`), by `[combat.attack] range-difficulty`; in the melee a
//!   pistol 4, an SMG 6, a long gun (any other gun) 8, and any gun 4
//!   against a target with no defence roll (uncontested attacks count as
//!   point-blank fire). A hand-to-hand attack is at 6.
//! - Attack styles: power (+1 difficulty, +2 damage dice), feint (-1, -2),
//!   committed (no defence at all that round; the target's defence, or its
//!   attack when it strikes back in a contested exchange, at +2
//!   difficulty, unless it aborted to a defence, which it does without a
//!   roll). A committed attacker attacked first by the member it declared
//!   its attack on meets that attack in a contested exchange too (004:
//!   "When two individuals attack each other, the attack rolls are
//!   contested"), the other's roll at +2; haste actions are basic. Defence-only members (`total`, or
//!   `dodge` / `block` with `attack = "none"`) defend without a split.
//! - Guard: declares no attack; the first attack on it in the main phase
//!   turns its action into an attack on that attacker: a contested exchange
//!   hand to hand, else its own attack right after the incoming one (if both
//!   still stand). Never attacked, it does nothing; it defends as a member
//!   carrying on an offence.
//! - Abort: attacked before its main-phase turn, it rolls its Willpower
//!   rating at 8 (once a round; no Willpower point bought, no wound
//!   penalty); against a committed attack it aborts without a roll.
//!   Aborted, it makes no attack this round and dodges as a pure defender.
//! - Escape: one Dexterity + Athletics roll at 6 a round, made at the first
//!   attack on the escaper (or at the round's end if none comes), and every
//!   attack of the round compares against it: an attack with more
//!   successes lands with the excess ("A successful attack has its
//!   successes reduced by the escape attempt's successes") and the escape
//!   fails; if none breaks it and it has a success, the escaper is gone at
//!   the round's end, a flight (handed to the chase when the fight's
//!   `[chase]` pursues it: see the last points below).
//! - Damage: Strength (not for guns) + the weapon + one die per net success
//!   beyond the first, difficulty 6; soak Stamina (+ Fortitude) + armour,
//!   difficulty 6, by creature as Revised. Difficulties past 10 are rolled
//!   at 10.
//! - Willpower (Revised's dice): one point a round, an automatic success on
//!   the first attack roll its tactic calls for.
//!
//! Assumed where the seed is silent: a split dodge or block is one of the
//! Wits actions (a Wits 1 member that would split only attacks); a guard
//! guards only the main phase (its haste actions are basic attacks); an
//! aborted member makes no haste attack either; a member that contested
//! its only attack has spent its turn; the abort's Willpower roll ignores
//! wound penalties; a committed attacker attacked before its turn does not
//! strike back (it has abandoned its defence, and its own attack comes on
//! its turn); a committed attack does not raise the escape roll's
//! difficulty (one roll answers every attack); members acting at once
//! still resolve one after another for the bookkeeping of piling on and
//! of who strikes back: those of one side in the scenario's listing order,
//! those of different sides interleaved at random.
//!
//! - Grapples (`attack = "grapple"`, `defend = "grapple"`): a grapple
//!   attack rolls the member's grapple pool (`[grapple.fta]`) against the
//!   target's defence, or in an exchange against its blow (004 "Attack vs.
//!   Grapple"); a grapple defence declares no attack and answers an attack
//!   with the grapple pool. Either, won, hands the fight to the grapple
//!   ([`Flow`](crate::conflict::combat::flow::Flow)) with the successes left as Control.
//! - An escape no attack breaks, when the escaper's flight is pursued (a
//!   fight's `[chase]`), hands the fight to the chase with the escape's
//!   successes less the best attack's as the head start.
//!
//! Not modelled yet: launched projectiles (no thrown weapons: their block
//! +2); cover for ranged dodges and one dodge roll answering a group of
//! shooters; a target choosing to take a committed attack undefended;
//! aborting when an action becomes void (its split penalties).

mod attack;
mod engine;
mod escape;
pub(crate) mod meet;

pub use engine::{Fta, State};
