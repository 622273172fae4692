//! The draft pick policy (R30): which Maseitai to pick from what is left.
//!
//! Each piece gets a static value led by its cost (cost follows strength, and
//! self-play confirms it predicts the winner), refined by what it does on an
//! open board (the squares both compass faces reach, averaged over every square)
//! and by its effect, the dratped part discounted by its price since a dear dratp
//! is paid late or never. A force's value is the sum over its pieces, plus
//! counter terms that depend on the opponent's picks (undo against many
//! dratp-dependent pieces, removal against immortal ones). A pick is chosen by a
//! short minimax over the next picks of both players, each line finished
//! greedily, scoring my force minus the opponent's. The four-seat draft (F11) uses the same policy, each
//! line scored as my force minus the best other one and every other seat assumed against me. `BENCHMARKS.md` ("Draft")
//! measures it against picking the dearest piece.

use crate::rules::catalogue::{EffectStep, Passive, PieceClass, Scope};
use crate::rules::forces::{Draft, DraftOf, Picker};
use crate::rules::piece::{Piece, Placed};
use crate::rules::position::Setup;
use crate::rules::{Catalogue, Kind, Position, Side, Square};

/// Per gyullas of cost. Cost follows strength (CATALOGUE.md) and the search
/// values pieces by it; fitted on self-play (`scripts/fit_draft.py`), the force
/// cost difference was the one feature that predicted the winner, so it leads.
const COST: i32 = 24;
/// Value of one square the undratped face reaches, on average: a tie-break among similar costs.
const MOBILITY: i32 = 4;
/// Value of one more square reached once dratped, before the price discount.
const DRATPED_MOBILITY: i32 = 2;
/// Share of the effect table's value that counts, in percent.
const EFFECT_PERCENT: i32 = 50;
/// Costs at which half the dratp value is expected to be realised.
const AFFORD_HALF: i32 = 12;
/// Summoned next to the Navia: a defender that needs no summon square (R16).
const GUARD: i32 = 10;
/// Per opposing piece whose dratp doubles its reach, for an undo of others.
const UNDO_PER_TARGET: i32 = 12;
/// Per opposing immortal piece, for a removal by effect (effects still take them, R20).
const REMOVE_VS_IMMORTAL: i32 = 20;
/// Plies of the pick minimax before lines are finished greedily.
const LOOKAHEAD: usize = 3;

/// A candidate pick and its scores.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Candidate {
    /// The Maseitai.
    pub kind: Kind,
    /// The minimax score of picking it: my final force minus the opponent's.
    pub score: i32,
    /// Its static value alone.
    pub value: i32,
}

/// Static values of every catalogue kind, by kind index (0 for Navias).
#[derive(Clone, Debug)]
pub struct PieceValues {
    values: Vec<i32>,
    /// Whether the dratped face reaches at least twice as many squares.
    dratp_dependent: Vec<bool>,
    immortal: Vec<bool>,
    remover: Vec<bool>,
    undo_others: Vec<bool>,
}

/// Squares reached, in hundredths, averaged over the squares a lone piece can stand on.
fn average_reach(cat: &'static Catalogue, k: Kind, dratped: bool) -> i32 {
    let navia = cat.kinds().find(|&n| cat.get(n).code.class == PieceClass::Navia);
    let (Some(navia), Some(d1), Some(d7)) = (navia, Square::from_name("d1"), Square::from_name("d7")) else {
        return 0;
    };
    let (mut total, mut n) = (0i32, 0i32);
    for sq in Square::all().filter(|&s| s != d1 && s != d7) {
        let mut board = [None; Square::COUNT];
        let place = |side, piece, dratped| Some(Placed { side, piece, dratped });
        board[d1.index()] = place(Side::White, Piece::Navia(navia), false);
        board[d7.index()] = place(Side::Black, Piece::Navia(navia), false);
        board[sq.index()] = place(Side::White, Piece::Maseitai(k), dratped);
        let setup = Setup {
            board,
            side: Side::White,
            pools: [0, 0],
            keeps: [Vec::new(), Vec::new()],
            graves: Default::default(),
            lasting: Vec::new(),
            turn: 1,
        };
        if let Ok(pos) = Position::from_setup(cat, &setup) {
            total += pos.reach(sq).count() as i32;
            n += 1;
        }
    }
    if n == 0 {
        0
    } else {
        total * 100 / n
    }
}

/// Value of one effect step, before the price discount.
fn step_value(a: &EffectStep) -> i32 {
    match *a {
        EffectStep::Remove(_) => 60,
        EffectStep::RemoveArea(_) => 45,
        EffectStep::Sacrifice => -35,
        EffectStep::Revive(_) => 30,
        EffectStep::ReviveGulled => 20,
        EffectStep::Steal(_) => 40,
        EffectStep::Relocate { .. } => 15,
        EffectStep::Swap(_) => 15,
        EffectStep::ReturnToKeep(_) => 35,
        EffectStep::Freeze(_) => 40,
        EffectStep::Undo(Scope::Others) => 20,
        EffectStep::Undo(Scope::Itself) => 0,
        EffectStep::Gain(n) | EffectStep::Drain(n) => 2 * n as i32,
        EffectStep::GainPerGrave => 20,
        EffectStep::AdvanceGulled => 20,
        EffectStep::ExtraMoves(n) => 25 * n as i32,
    }
}

fn passive_value(p: &Passive) -> i32 {
    match *p {
        Passive::Bounty(n) => n as i32,
        Passive::MoveIncome(n) => 5 * n as i32,
        Passive::BattleMoveIncome(n) => 15 * n as i32,
        Passive::Immortal => 60,
        Passive::Immobile => -40,
        Passive::DoubleRewards => 15,
        Passive::ProtectDots => 20,
        Passive::Revenge => 20,
        Passive::SummonDots => 15,
        Passive::Outpost => 20,
    }
}

/// What the value of a piece is computed from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Features {
    /// Dratp cost (R13, R17).
    pub cost: i32,
    /// Squares the undratped face reaches on an open board, in hundredths, averaged over the squares.
    pub before: i32,
    /// The same for the dratped face.
    pub after: i32,
    /// Value of the dratp effect, invoke and passives (the tables above).
    pub effect: i32,
    /// 1 for a Navia Guard (R16).
    pub guard: i32,
}

impl Features {
    /// The features of one Maseitai.
    pub fn of(cat: &'static Catalogue, k: Kind) -> Features {
        let def = cat.get(k);
        let e = &def.effect;
        Features {
            cost: def.cost as i32,
            before: average_reach(cat, k, false),
            after: average_reach(cat, k, true),
            effect: e.on_dratp.iter().map(step_value).sum::<i32>()
                + e.passives.iter().map(passive_value).sum::<i32>()
                + e.invoke.map_or(0, |i| 3 * step_value(&i.step) / 2 - 2 * i.cost as i32),
            guard: def.navia_guard as i32,
        }
    }

    /// The static value.
    pub fn value(&self) -> i32 {
        // The share of the dratped face and effect a game realises falls with the price.
        let afford = |x: i32| x * AFFORD_HALF / (AFFORD_HALF + self.cost);
        let dratp_part =
            DRATPED_MOBILITY * (self.after - self.before).max(0) / 100 + self.effect * EFFECT_PERCENT / 100;
        COST * self.cost + MOBILITY * self.before / 100 + afford(dratp_part) + GUARD * self.guard
    }
}

impl PieceValues {
    /// Compute the values of a catalogue's pieces (a few thousand tiny positions: milliseconds).
    pub fn new(cat: &'static Catalogue) -> PieceValues {
        let n = cat.entries().len();
        let mut v = PieceValues {
            values: vec![0; n],
            dratp_dependent: vec![false; n],
            immortal: vec![false; n],
            remover: vec![false; n],
            undo_others: vec![false; n],
        };
        for k in cat.kinds() {
            let def = cat.get(k);
            if def.code.class != PieceClass::Maseitai {
                continue;
            }
            let f = Features::of(cat, k);
            let e = &def.effect;
            let i = k.index();
            v.values[i] = f.value();
            v.dratp_dependent[i] = f.after >= 2 * f.before.max(1);
            v.immortal[i] = e.passives.contains(&Passive::Immortal);
            let actions = || e.on_dratp.iter().chain(e.invoke.as_ref().map(|i| &i.step));
            v.remover[i] = actions().any(|a| matches!(a, EffectStep::Remove(_) | EffectStep::RemoveArea(_)));
            v.undo_others[i] = actions().any(|a| *a == EffectStep::Undo(Scope::Others));
        }
        v
    }

    /// The static value of a kind.
    pub fn value(&self, k: Kind) -> i32 {
        self.values[k.index()]
    }

    /// A force's value against the opponent's pieces.
    pub fn force_value(&self, mine: &[Kind], theirs: &[Kind]) -> i32 {
        let count = |f: &dyn Fn(usize) -> bool, set: &[Kind]| set.iter().filter(|k| f(k.index())).count() as i32;
        let mut v: i32 = mine.iter().map(|&k| self.value(k)).sum();
        v += UNDO_PER_TARGET
            * count(&|i| self.undo_others[i], mine).min(1)
            * count(&|i| self.dratp_dependent[i], theirs);
        v += REMOVE_VS_IMMORTAL * count(&|i| self.remover[i], mine).min(1) * count(&|i| self.immortal[i], theirs);
        v
    }

    /// Final score of a finished or greedily finished draft for `me`: my force's value minus the best
    /// other force's, each valued against all the other picks (with two players: mine minus the opponent's).
    fn margin<P: Picker>(&self, d: &DraftOf<P>, me: P) -> i32 {
        let value = |p: P| self.force_value(&d.picked(p), &d.picked_by_others(p));
        let best_other = P::ALL.iter().filter(|&&p| p != me).map(|&p| value(p)).max();
        value(me) - best_other.unwrap_or(0)
    }

    /// The pick whose force value gain is largest right now (the greedy finish).
    fn greedy<P: Picker>(&self, d: &DraftOf<P>) -> Option<Kind> {
        let me = d.to_pick()?;
        let mut left = d.left();
        left.dedup();
        let (mine, theirs) = (d.picked(me), d.picked_by_others(me));
        left.into_iter().max_by_key(|&k| {
            let mut with = mine.clone();
            with.push(k);
            (self.force_value(&with, &theirs), std::cmp::Reverse(k))
        })
    }

    /// Minimax over `depth` picks, then greedy to the end; the score is for `me`, every other picker
    /// assumed against it.
    fn search<P: Picker>(&self, d: &DraftOf<P>, me: P, depth: usize) -> i32 {
        let Some(to_pick) = d.to_pick() else {
            return self.margin(d, me);
        };
        if depth == 0 {
            let mut d = d.clone();
            while let Some(k) = self.greedy(&d) {
                d.pick(k);
            }
            return self.margin(&d, me);
        }
        let mut left = d.left();
        left.dedup();
        let scores = left.iter().map(|&k| {
            let mut next = d.clone();
            next.pick(k);
            self.search(&next, me, depth - 1)
        });
        if to_pick == me {
            scores.max().unwrap_or(0)
        } else {
            scores.min().unwrap_or(0)
        }
    }
}

/// Plies of the pick minimax for a draft of `P`: `LOOKAHEAD` with two players; one less with four, whose
/// pool is twice as wide (29 pieces), so an answer still takes milliseconds.
fn lookahead<P: Picker>() -> usize {
    if P::ALL.len() > 2 {
        LOOKAHEAD - 1
    } else {
        LOOKAHEAD
    }
}

/// Every distinct piece left, scored for the one to pick, best first (ties: lower id first).
pub fn rank_picks<P: Picker>(d: &DraftOf<P>, cat: &'static Catalogue) -> Vec<Candidate> {
    let Some(me) = d.to_pick() else {
        return Vec::new();
    };
    let values = PieceValues::new(cat);
    let mut left = d.left();
    left.dedup();
    let mut out: Vec<Candidate> = left
        .into_iter()
        .map(|k| {
            let mut next = d.clone();
            next.pick(k);
            Candidate {
                kind: k,
                score: values.search(&next, me, lookahead::<P>() - 1),
                value: values.value(k),
            }
        })
        .collect();
    out.sort_by_key(|c| (std::cmp::Reverse(c.score), c.kind));
    out
}

/// The policy's pick for the one to pick; `None` once every pick is made.
pub fn best_pick<P: Picker>(d: &DraftOf<P>, cat: &'static Catalogue) -> Option<Kind> {
    rank_picks(d, cat).first().map(|c| c.kind)
}

/// The baseline: the dearest piece left (ties: lower id first).
pub fn dearest_pick(d: &Draft, cat: &Catalogue) -> Option<Kind> {
    d.to_pick()?;
    d.left()
        .into_iter()
        .max_by_key(|&k| (cat.get(k).cost, std::cmp::Reverse(k)))
}
