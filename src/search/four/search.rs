//! The action search: alpha-beta over a [`Line`], one action per node, in queue order, across round ends, the
//! answering seat maximising its score. It reads its rivals in two ways:
//!
//! - a rival still to act in the current round has revealed its kind (F27) and is read as playing the action its
//!   own static score likes best ([`Search::rival_choice`], an opponent model): one line, not a branch;
//! - a rival of a later round, whose kind is secret, only threatens (see `line`): the one blow, or nothing, that
//!   hurts the answering seat most, the others minimising its score together; in each of the player's
//!   determinizations (`player`, `Weights4::samples`, off by default) with the pieces of the kind drawn for it at
//!   that round's start only ([`Search::drawn_kind`]). The action search counts that blow at odds
//!   (`Weights4::blow_odds`, half by default, and `Weights4::navia_odds` for a Navia's action or a Navia take;
//!   [`Search::softened_blows`]): its turn scores what doing nothing leaves, moved toward each blow by that
//!   blow's odds, the worst of these; the sealed phases' lines read it paranoidly, the whole blow. A
//!   declaration's determinizations (`player`, `Weights4::declare_worlds`) draw the current round's rivals a kind
//!   as well ([`Search::sealed_kind`]), which makes them revealed rivals of the first kind above; a bid step's
//!   second reading (`player`, `Weights4::bid_reveal`) reads its rivals, revealed by then, so as well.
//!
//! Why these two readings:
//! - the rest of a round is a game of perfect information: declarations, promises and the queue are public once
//!   the actions start (F27), so nothing needs sampling there; the hidden choices (declarations, bids) are answered
//!   by the phases' own reasoning (`auction`), which calls this search on hypothetical lines;
//! - read paranoidly, a revealed rival was the seat's enemy: the seat guarded against takes that a rival racing to
//!   its own 60 (F29) does not make when something else earns it more, and gave up its own income for that. With
//!   the model it placed 0.18 ± 0.09 better against one-ply greedy seats (BENCHMARKS.md, session 17);
//! - a later round's rival's action is not modelled: the static score does not see the takes that a rival's
//!   one-ply search finds, and with every rival modelled the seat planned rounds ahead on rivals that never strike
//!   and walked into takes: it placed 0.43 worse. There the danger to weigh is what they can do to its Navias and
//!   pieces (F14 takes a Navia and pays 30; three Navias win, F28). What may be sampled there is its kind
//!   (`Weights4::samples`: why it is off by default, see there);
//! - max-n would trust every rival to pursue its own gain in every round, with the same blindness, and prunes only
//!   shallowly; best-reply search (one rival between two own actions) is how the later rounds are read, but within
//!   the current round every seat acts, in a fixed order.
//!
//! The cost of paranoia in the later rounds, a coalition that does not exist, is softened three times: by the
//! blow's odds, since a rival lands a blow on this seat only when that is also its own best action, and with every
//! later blow certain the seat gave up its plans to guard against all of them (at half odds it placed a quarter of
//! a place better, BENCHMARKS.md, session 40); by the score (`eval::score_for`), which weighs the strongest rival
//! most, so the "coalition" mostly plays for the leader; and by how a rival's win is scored: the seat's F34 place
//! less `Weights4::rival_win`, not a lost game. Scored as lost, every rival's coming win (a Navia dratp, a third
//! Navia) was worth any price to stop, so the seat spent its actions policing each rival in turn, which helped the
//! two others as much.
//!
//! Leaves are searched on with captures, Navia takes and Navia dratps (a quiescence search of a few actions),
//! so that a leaf never stands just before a free take; a threatening rival's only when they strike `me`.

use std::collections::HashMap;

use crate::rules::movegen::ReachMap;
use crate::rules::rng::{splitmix64, Rng};
use crate::rules::round::actions::{Folded, SeatActions};
use crate::rules::round::game::places;
use crate::rules::{ActionKind, ChoicesOf, Cross, CrossAction, CrossPosition, Declaration, Follow, Piece, Seat};

use super::super::eval::Weights;
use super::super::params::Tunable;
use super::super::score::{lost_at, won_at, INF};
use super::super::tt::Tt;
use super::super::Bound;
use super::budget::Budget;
use super::eval::{score_for, seat_values, victim_value, Weights4};
use super::line::{noisy, strikes, threatening, Line};

/// Deepest ply of a line (search and quiescence together).
const MAX_PLY: usize = 128;
/// Actions of the quiescence search below a leaf.
const QS_ACTIONS: u32 = 4;

/// A kind drawn from `kinds` with the odds given; `None` when there is none.
fn draw(kinds: &[(Declaration, f64)], rng: &mut Rng) -> Option<Declaration> {
    let total: f64 = kinds.iter().map(|k| k.1).sum();
    let mut at = total * (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    for &(k, odds) in kinds {
        if at < odds {
            return Some(k);
        }
        at -= odds;
    }
    kinds.last().map(|k| k.0)
}

/// A blow of a softened threat at its odds (see `Weights4::blow_odds`): what doing nothing leaves, `pass`, moved
/// `odds` percent of the way to what the blow leaves, `blow`. The threat scores the least of these and `pass`.
fn blended(pass: i32, blow: i32, odds: i32) -> i32 {
    let sum = i64::from(100 - odds) * i64::from(pass) + i64::from(odds) * i64::from(blow);
    sum.div_euclid(100) as i32
}

/// The window for a softened threat's blow at `odds`, given `pass`, such that a blow at or below its low end blends to
/// at most `alpha` and one at or above its high end to at least `beta`; never above `pass`. `odds` above 0.
fn blow_window(pass: i32, alpha: i32, beta: i32, odds: i32) -> (i32, i32) {
    let rest = i64::from(100 - odds) * i64::from(pass);
    let q = i64::from(odds);
    let lo = (100 * i64::from(alpha) - rest).div_euclid(q);
    let hi = -(rest - 100 * i64::from(beta)).div_euclid(q);
    let clamp = |x: i64| x.clamp(i64::from(-INF), i64::from(INF)) as i32;
    (clamp(lo), clamp(hi).min(pass))
}

/// One root action with its score and expected line.
#[derive(Clone, Debug)]
pub(super) struct RootMove {
    /// The action.
    pub(super) action: CrossAction,
    /// Its score after the last complete iteration.
    pub(super) score: i32,
    /// Its line, itself first; `None` where a threatening rival does nothing that matters.
    pub(super) pv: Vec<Option<CrossAction>>,
}

/// One search for the answering seat `me`.
pub(super) struct Search<'s, 'a> {
    me: Seat,
    budget: &'s mut Budget<'a>,
    weights: Weights,
    weights4: Weights4,
    /// Triangular table: the best line found below each ply.
    pv: Vec<Vec<Option<CrossAction>>>,
    /// The line of the last iteration, tried first at its ply.
    prev_pv: Vec<Option<CrossAction>>,
    /// Per ply, the last two quiet actions that cut the search off there (killers): at a given ply the same seat
    /// acts in sibling lines, and its refutation often stays one.
    killers: Vec<[Option<CrossAction>; 2]>,
    /// F30: the repetition keys the game has seen twice: a line whose next round starts from one ends there.
    wars: &'s [u64],
    /// `Weights4::rival_win_is_loss`, asked once rather than at every won line.
    rival_win_is_loss: bool,
    /// What earlier nodes found, by [`Line::key`] and `salt`: a line searched again (an iteration deeper, from
    /// another root line or phase, or reached through another order of actions) is cut at once or tries its best
    /// action first.
    tt: &'s Tt,
    /// Mixed into every key: the table's scores are `me`'s under `wars` and the weights, and another seat, a new
    /// repetition or other weights must not read them.
    salt: u64,
    /// [`Search::kind_values`] by position and seat: every world and iteration draws from the same values.
    kinds_seen: HashMap<u64, Vec<(Declaration, i32)>>,
    /// The odds at which this search reads a later round's threatening rival as landing a blow: a Navia's action
    /// or a Navia take, and any other blow, in percent; 100 (paranoid) unless [`Search::softened_blows`] set
    /// `Weights4::navia_odds` and `Weights4::blow_odds`.
    odds: Odds,
}

/// The odds of a later round's blows (see [`Search::softened_blows`]), in percent.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Odds {
    /// A Navia's action (a flight, a take, its dratp) or a Navia take.
    navia: i32,
    /// Any other blow.
    other: i32,
}

impl Odds {
    /// Every blow certain: the paranoid reading.
    const PARANOID: Odds = Odds { navia: 100, other: 100 };

    /// The odds of `a` in `pos`.
    fn of(self, pos: &CrossPosition, a: &CrossAction) -> i32 {
        if a.pharaoh.is_some() || matches!(pos.acting_piece(a), Some(Piece::Navia(_))) {
            self.navia
        } else {
            self.other
        }
    }
}

impl<'s, 'a> Search<'s, 'a> {
    /// A search for `me` within `budget`, evaluating with `weights` and `weights4`, through `tt`; `wars` are the
    /// repetition keys the game has seen twice (F30).
    pub(super) fn new(
        me: Seat,
        budget: &'s mut Budget<'a>,
        tt: &'s Tt,
        wars: &'s [u64],
        weights: &Weights,
        weights4: &Weights4,
    ) -> Search<'s, 'a> {
        let mix = |x: u64| splitmix64(&mut x.clone());
        let wars_key = wars.iter().fold(0, |k, &w| mix(k ^ w));
        let salt = mix(me.index() as u64 + 1) ^ mix(wars_key ^ weights.fingerprint()) ^ weights4.fingerprint();
        Search {
            me,
            budget,
            weights: *weights,
            weights4: *weights4,
            pv: vec![Vec::new(); MAX_PLY + 1],
            prev_pv: Vec::new(),
            killers: vec![[None; 2]; MAX_PLY + 1],
            wars,
            rival_win_is_loss: weights4.rival_win_is_loss(),
            tt,
            salt,
            kinds_seen: HashMap::new(),
            odds: Odds::PARANOID,
        }
    }

    /// This search with a later round's threats softened to `Weights4::navia_odds` and `Weights4::blow_odds` (the
    /// action search's reading; the sealed phases' lines stay paranoid, which the auction's shares are priced on).
    /// Its table entries are keyed apart from a paranoid search's.
    pub(super) fn softened_blows(mut self) -> Self {
        self.odds = Odds {
            navia: self.weights4.navia_odds,
            other: self.weights4.blow_odds,
        };
        if self.odds != Odds::PARANOID {
            let key = (self.odds.navia as u64) << 8 | self.odds.other as u64;
            self.salt ^= splitmix64(&mut (0x50F7_B10E ^ key));
        }
        self
    }

    /// The budget, for the callers' iteration control.
    pub(super) fn budget(&mut self) -> &mut Budget<'a> {
        self.budget
    }

    /// The score of `line` for `me`, searched `depth` actions deep (0 when the budget ran out: discard it).
    pub(super) fn value(&mut self, line: &Line, depth: u32) -> i32 {
        self.node(line, depth, 0, -INF, INF)
    }

    /// One iteration over the root actions of `line`, whose actor is `me`: each gets its score (exact with
    /// `exact`, otherwise a bound for all but the best) and the moves are sorted best first. False when the
    /// budget ran out, leaving `moves` as they were unless they were never scored or an action searched fully beat
    /// the first: then those searched fully come first, best first.
    pub(super) fn iterate(&mut self, line: &Line, moves: &mut [RootMove], depth: u32, exact: bool) -> bool {
        let mut scored = moves.to_vec();
        self.prev_pv = moves.first().map(|m| m.pv.clone()).unwrap_or_default();
        let mut alpha = -INF;
        for i in 0..scored.len() {
            let m = &mut scored[i];
            let child = line.after(self.me, &m.action);
            let v = match child.pos.outcome() {
                Some(o) => {
                    self.pv[1].clear();
                    self.won(&child, o.winner, 1)
                }
                None => self.node(&child, depth - 1, 1, if exact { -INF } else { alpha }, INF),
            };
            if self.budget.halted() {
                // An iteration cut short: the actions searched fully (the first exactly, the others exactly when
                // they beat it). In the first they still beat a blind choice among all; in a later one an action
                // that beat the last best at the new depth is the better answer (the last best fell below it).
                let first = || moves.iter().all(|m| m.score == -INF);
                let beaten = || scored[1..i].iter().any(|m| m.score > scored[0].score);
                if i > 0 && (first() || beaten()) {
                    scored[..i].sort_by_key(|m| std::cmp::Reverse(m.score));
                    moves.clone_from_slice(&scored);
                }
                return false;
            }
            m.score = v;
            if v > alpha {
                alpha = v;
            }
            m.pv = std::iter::once(Some(m.action))
                .chain(self.pv[1].iter().copied())
                .collect();
        }
        // Stable: among equal scores (and bounds) the earlier, better-ordered move stays first.
        scored.sort_by_key(|m| std::cmp::Reverse(m.score));
        moves.clone_from_slice(&scored);
        true
    }

    /// The score of `line`, which `winner` has just won at `ply`: a won game for `me`, else its F34 place on the
    /// thousand war's scale less `rival_win` (a lost game, as far away as possible, at the weight's top).
    fn won(&self, line: &Line, winner: Seat, ply: usize) -> i32 {
        if winner == self.me {
            return won_at(ply);
        }
        if self.rival_win_is_loss {
            return lost_at(ply);
        }
        self.place_score(line, Some(winner)) - self.weights4.rival_win
    }

    /// `me`'s F34 place in `line` on the thousand war's scale: places 1 to 4 score ±1.5 and ±0.5 `war_place`.
    /// Seats still equal share a place (F34), which is worth the mean of the places they fill: a war with every
    /// seat equal is the middle of the table, not a shared first place that every seat would steer for.
    fn place_score(&self, line: &Line, winner: Option<Seat>) -> i32 {
        let out_order = Seat::ALL.map(|s| u8::from(line.out.contains(s)));
        let all = places(&line.pos, out_order, winner);
        let place = all[self.me.index()];
        let sharing = all.iter().filter(|&&p| p == place).count() as i32;
        // The mean of places `place` to `place + sharing - 1`, times two, is `2 * place + sharing - 1`.
        self.weights4.war_place * (6 - 2 * i32::from(place) - sharing) / 2
    }

    /// F30: the score of a line that ends in a thousand war, from the seat's F34 place (a war where it stands
    /// first is as good a result as a win for its place, one where it stands last as bad as a loss); `None`
    /// if the line goes on.
    fn war(&self, line: &Line) -> Option<i32> {
        let key = line.ended?;
        if !self.wars.contains(&key) {
            return None;
        }
        Some(self.place_score(line, None))
    }

    fn eval(&self, line: &Line, map: &ReachMap<Cross>) -> i32 {
        if let Some(v) = self.war(line) {
            return v;
        }
        self.score_with(line, map, self.me)
    }

    /// `seat`'s score in `line` by the evaluation alone, against the seats still in the game.
    fn static_score(&self, line: &Line, seat: Seat) -> i32 {
        self.score_with(line, &line.pos.reach_map(), seat)
    }

    /// [`Search::static_score`] with the position's reach map already made.
    fn score_with(&self, line: &Line, map: &ReachMap<Cross>, seat: Seat) -> i32 {
        let values = seat_values(&line.pos, map, &self.weights, &self.weights4);
        score_for(&values, seat, Seat::ALL.into_iter().filter(|&s| !line.out.contains(s)))
    }

    /// The entries of `actions` a node looks at, in search order: those `want` accepts, families folded (one
    /// whose actions may not be wanted stays out unlisted), then sorted by [`Search::order_key`].
    fn choices(
        &self,
        actions: &SeatActions,
        seat: Seat,
        want: Want,
        ply: usize,
        tt: Option<CrossAction>,
    ) -> Vec<Choice> {
        let pos = actions.position();
        let mut choices: Vec<Choice> = actions
            .entries()
            .iter()
            .filter_map(|e| match *e {
                Folded::Action(a) => want.action(pos, &a, self.me).then_some(Choice::Act(a)),
                Folded::Family {
                    head,
                    moves_further,
                    removes_others,
                } => want.family(pos, &head, moves_further).then_some(Choice::Family {
                    head,
                    moves_further,
                    removes_others,
                }),
            })
            .collect();
        self.order(pos, seat, &mut choices, ply, tt);
        choices
    }

    /// The actions of the family whose head is `head` that `want` accepts, in search order. A rival's blow or a
    /// quiescence take made through a family whose head takes and which makes no further move is looked at
    /// through its first such action only: the take is what those nodes resolve, and the effect's choices are as
    /// quiet as the actions they leave out (a Peojin that takes and dratps has thousands, one per relocation).
    ///
    /// A rival's family that moves no further and removes no other piece is wanted or not as a whole: each of its
    /// actions makes the head's take and leaves `me` the same pieces (see `Folded::Family`). Its first action
    /// answers for all, where asking each whether it strikes `me` plays every one of those thousands.
    #[allow(clippy::too_many_arguments)]
    fn family(
        &self,
        actions: &SeatActions,
        head: &CrossAction,
        moves_further: bool,
        removes_others: bool,
        seat: Seat,
        want: Want,
        ply: usize,
    ) -> Vec<Choice> {
        let pos = actions.position();
        let one_per_take = want.one_per_take() && !moves_further;
        let mut all = actions.family(head);
        if one_per_take && !removes_others && seat != self.me {
            all.truncate(1);
        }
        let wanted = all.into_iter().filter(|a| want.action(pos, a, self.me));
        let mut members: Vec<Choice> = if one_per_take {
            wanted.take(1).map(Choice::Act).collect()
        } else {
            wanted.map(Choice::Act).collect()
        };
        self.order(pos, seat, &mut members, ply, None);
        members
    }

    /// The choice at `*next`, a pass or an action, and `*next` moved past it; a family on the way is listed in
    /// its place first (only now that the search reaches it, see `actions`). `None` at the end.
    fn take_choice(
        &self,
        choices: &mut Vec<Choice>,
        next: &mut usize,
        actions: &SeatActions,
        seat: Seat,
        want: Want,
        ply: usize,
    ) -> Option<Choice> {
        while let Choice::Family {
            head,
            moves_further,
            removes_others,
        } = *choices.get(*next)?
        {
            let members = self.family(actions, &head, moves_further, removes_others, seat, want, ply);
            choices.splice(*next..=*next, members);
        }
        *next += 1;
        Some(choices[*next - 1])
    }

    /// Sort `choices` by [`order_key`], best first; stable, so equal keys keep generation order. `tt` is the
    /// best action the table holds for this node.
    fn order(&self, pos: &CrossPosition, seat: Seat, choices: &mut [Choice], ply: usize, tt: Option<CrossAction>) {
        let hints = Hints {
            tt,
            pv: self.prev_pv.get(ply).copied().flatten(),
            killers: self.killers[ply.min(MAX_PLY)],
        };
        choices.sort_by_cached_key(|c| std::cmp::Reverse(order_key(pos, seat, c, &hints)));
    }

    fn node(&mut self, line: &Line, depth: u32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.pv[ply].clear();
        if self.budget.tick() {
            return 0;
        }
        // Passing seats leave the board as it is, so one reach map serves every seat looked at and the evaluation.
        let map = line.pos.reach_map();
        if ply >= MAX_PLY {
            return self.eval(line, &map);
        }
        // Seats with no action, and threatening rivals after another one has acted (best-reply, see `line`),
        // pass; a full round of passes changes nothing (F32).
        let mut line = *line;
        let mut skips = 0;
        let (seat, actions) = loop {
            let Some(seat) = line.actor() else {
                return self.eval(&line, &map);
            };
            if !line.passes(seat) {
                // A determinization draws a later rival's kind when it comes to act: the position is the round's
                // start, since before it only rivals that did nothing or passed acted (see `line`). At the
                // horizon the kind stays open, as without one: the quiescence reads every blow.
                if depth > 0 && line.world != 0 && line.threats.contains(seat) && line.kinds[seat.index()].is_none() {
                    line.kinds[seat.index()] = self.drawn_kind(&line, &map, seat);
                    if self.budget.halted() {
                        return 0;
                    }
                }
                let actions = line.actions_with(seat, &map);
                if !actions.is_empty() {
                    break (seat, actions);
                }
            }
            skips += 1;
            if skips >= 4 {
                return self.eval(&line, &map);
            }
            line = line.skip(seat);
        };
        if let Some(v) = self.war(&line) {
            return v;
        }
        let line = &line;
        if depth == 0 {
            return self.quiesce(line, &map, seat, &actions, ply, alpha, beta, QS_ACTIONS);
        }
        let key = line.key() ^ self.salt;
        let hit = self.tt.probe(key, ply);
        if let Some(hit) = hit.filter(|h| h.cuts(depth as i32, alpha, beta)) {
            return hit.score;
        }
        let tt_action = hit
            .and_then(|h| h.action)
            .and_then(|(item, _)| actions.entries().get(usize::from(item)))
            .map(Folded::action);
        let (alpha0, beta0) = (alpha, beta);
        let maxing = seat == self.me;
        let mut best = if maxing { -INF } else { INF };
        let mut best_choice = None;
        // A seat that only threatens first does nothing that matters, then tries its threats.
        let threat = line.threats.contains(seat);
        let soft = self.softened(line, seat);
        let want = if threat { Want::Threats } else { Want::All };
        let mut choices = self.choices(&actions, seat, want, ply, tt_action);
        if threat {
            choices.insert(0, Choice::Pass);
        } else if !maxing {
            let c = self.rival_choice(line, seat, &actions, &choices);
            if self.budget.halted() {
                return 0;
            }
            choices = c.into_iter().collect();
        }
        let mut next = 0;
        // A softened threat's pass, once searched: each blow after it scores the pass moved toward it by its odds.
        let mut pass = None;
        while let Some(c) = self.take_choice(&mut choices, &mut next, &actions, seat, want, ply) {
            let choice = match c {
                Choice::Act(a) => Some(a),
                _ => None,
            };
            // How the pass scores bounds a softened threat from above only: it is searched without a beta. A blow
            // is searched in the window that its odds map the node's onto; at 0 odds it counts for nothing.
            let (lo, hi, blend) = match (soft, pass, choice) {
                (Some(_), None, _) => (alpha, INF, None),
                (Some(odds), Some(p), Some(a)) => match odds.of(actions.position(), &a) {
                    0 => continue,
                    o => {
                        let (lo, hi) = blow_window(p, alpha, beta, o);
                        (lo, hi, Some((p, o)))
                    }
                },
                _ => (alpha, beta, None),
            };
            // The threatening rivals between two actions of the seat land one blow at most (see `line`): that
            // blow, or the last of them doing nothing, costs one action of depth, whichever rival strikes. With
            // every "nothing" costing one, a line where the first rival strikes (the others pass for free)
            // looked further past the seat's own action than one where the last does.
            let (child, cost) = match choice {
                Some(a) => (line.after(seat, &a), 1),
                None => (line.skip(seat), u32::from(!line.threat_follows(seat))),
            };
            let v = match child.pos.outcome() {
                Some(o) => {
                    self.pv[ply + 1].clear();
                    self.won(&child, o.winner, ply + 1)
                }
                None => self.node(&child, depth - cost, ply + 1, lo, hi),
            };
            if self.budget.halted() {
                return 0;
            }
            let v = blend.map_or(v, |(p, o)| blended(p, v, o));
            if (maxing && v > best) || (!maxing && v < best) {
                best = v;
                best_choice = choice;
                self.set_pv(ply, choice);
            }
            if soft.is_some() && pass.is_none() {
                pass = Some(v);
            }
            if maxing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                if let Some(a) = choice.filter(|a| !noisy(actions.position(), a)) {
                    let k = &mut self.killers[ply];
                    if k[0] != Some(a) {
                        k[1] = k[0];
                        k[0] = Some(a);
                    }
                }
                break;
            }
        }
        // The best action by its entry in the seat's list (a family's by its head), whose place is the same
        // wherever the line comes again.
        let item = best_choice.and_then(|a| {
            let head = CrossAction {
                choices: ChoicesOf::NONE,
                ..a
            };
            let at = actions.entries().iter().position(|e| match *e {
                Folded::Action(x) => x == a,
                Folded::Family { head: h, .. } => h == head,
            })?;
            Some((u16::try_from(at).ok()?, 0))
        });
        self.tt
            .store(key, ply, best, depth as i32, Bound::of(best, alpha0, beta0), item);
        best
    }

    /// The blow odds where `seat` is a threatening rival of a round after the current one and this search softens
    /// its blows (some below 100), else `None` (the paranoid reading).
    fn softened(&self, line: &Line, seat: Seat) -> Option<Odds> {
        let odds = self.odds;
        (odds != Odds::PARANOID && line.ended.is_some() && line.threats.contains(seat)).then_some(odds)
    }

    /// The action a rival of the current round is read as playing (see the module doc): of `choices`, the one
    /// whose position its own static score likes best, a win at once above all; a family is judged by its first
    /// action. Each look costs a node; the budget may run out on the way.
    fn rival_choice(&mut self, line: &Line, seat: Seat, actions: &SeatActions, choices: &[Choice]) -> Option<Choice> {
        let mut best: Option<(i32, Choice)> = None;
        for &c in choices {
            let a = match c {
                Choice::Act(a) => a,
                Choice::Family { head, .. } => match actions.family(&head).first() {
                    Some(&a) => a,
                    None => continue,
                },
                Choice::Pass => continue,
            };
            let v = self.one_ply(line, seat, &a)?;
            if v == INF {
                return Some(Choice::Act(a));
            }
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, Choice::Act(a)));
            }
        }
        best.map(|(_, c)| c)
    }

    /// How `seat`'s own static score sees `line` after it plays `a`: `INF` for a win at once, `-INF` for a game
    /// another seat wins; one node, `None` when the budget has run out.
    fn one_ply(&mut self, line: &Line, seat: Seat, a: &CrossAction) -> Option<i32> {
        if self.budget.tick() {
            return None;
        }
        let child = line.after(seat, a);
        Some(match child.pos.outcome() {
            Some(o) if o.winner == seat => INF,
            Some(_) => -INF,
            None => self.static_score(&child, seat),
        })
    }

    /// A determinization's kind for `seat`, a threatening rival of a later round of `line` (see `line`): drawn
    /// with the line's `world` from what a one-ply player in its seat would see each kind worth in this
    /// position ([`Search::kind_values`]), a kind `sample_temp` below the best e times less often. The same
    /// position, seat and world always draw the same kind, so a line searched again keeps its key. `None` when
    /// the seat has no kind to declare or the budget ran out.
    fn drawn_kind(&mut self, line: &Line, map: &ReachMap<Cross>, seat: Seat) -> Option<Declaration> {
        let at = line.pos.key() ^ splitmix64(&mut (u64::from(line.out.bits()) << 2 | seat.index() as u64));
        self.kind_draw(at, line.world, |s| s.kind_values(line, map, seat, Want::Threats))
    }

    /// A kind for `seat`, a rival of the current round of `line` whose declaration is still sealed, drawn with
    /// `world` from what a one-ply player in its seat would see each kind worth here (its static score after its
    /// best action of the kind, the reading it gets once the kinds are revealed, [`Search::rival_choice`]), a
    /// kind `sample_temp` below the best e times less often. `None` when it has no action or the budget ran out.
    pub(super) fn sealed_kind(&mut self, line: &Line, seat: Seat, world: u64) -> Option<Declaration> {
        // Apart from the later rounds' draws of the same position and seat, which look at threats only.
        let at = line.pos.key() ^ splitmix64(&mut (u64::from(line.out.bits()) << 2 | seat.index() as u64 | 1 << 8));
        // The reach map is made only when the values are not cached yet: every world asks again.
        self.kind_draw(at, world, |s| {
            s.kind_values(line, &line.pos.reach_map(), seat, Want::All)
        })
    }

    /// A kind drawn with `world` from the one-ply values of each kind ([`Search::kind_values`]) that `values`
    /// finds, cached under `at`.
    fn kind_draw(
        &mut self,
        at: u64,
        world: u64,
        values: impl FnOnce(&mut Self) -> Option<Vec<(Declaration, i32)>>,
    ) -> Option<Declaration> {
        if !self.kinds_seen.contains_key(&at) {
            let v = values(self)?;
            self.kinds_seen.insert(at, v);
        }
        let values = &self.kinds_seen[&at];
        let top = values.iter().map(|v| v.1).max()?;
        let temp = f64::from(self.weights4.sample_temp);
        let odds: Vec<(Declaration, f64)> = values
            .iter()
            .map(|&(k, v)| (k, ((f64::from(v) - f64::from(top)) / temp).exp()))
            .collect();
        draw(&odds, &mut Rng::new(at ^ world))
    }

    /// What a one-ply player in `seat` would see each kind it could declare in `line`'s position worth, looking
    /// at the actions `want` lists (with `Want::Threats`, as far as a threatening rival's turn reaches, see
    /// `line`): its static score after its best such action of the kind (a family judged by its first action, a
    /// win at once above all), or after doing nothing that matters. Each look costs a node; `None` when the budget
    /// ran out. `map` is the position's reach map.
    fn kind_values(
        &mut self,
        line: &Line,
        map: &ReachMap<Cross>,
        seat: Seat,
        want: Want,
    ) -> Option<Vec<(Declaration, i32)>> {
        let actions = SeatActions::with_map(&line.pos, map, seat, None, false);
        let mut best: Vec<(Declaration, i32)> = Vec::new();
        let mut idle = None;
        for e in actions.entries() {
            let Some(kind) = actions.kind_of(e) else { continue };
            let a = match *e {
                Folded::Action(a) => a,
                Folded::Family { head, .. } => match actions.family(&head).first() {
                    Some(&a) => a,
                    None => continue,
                },
            };
            let v = if want.action(actions.position(), &a, self.me) {
                self.one_ply(line, seat, &a)?
            } else if let Some(v) = idle {
                v
            } else {
                if self.budget.tick() {
                    return None;
                }
                *idle.insert(self.score_with(line, map, seat))
            };
            match best.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, b)) => *b = (*b).max(v),
                None => best.push((kind, v)),
            }
        }
        Some(best)
    }

    fn set_pv(&mut self, ply: usize, a: Option<CrossAction>) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(a);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// The quiescence search at a leaf where `seat` acts: it may stand on the evaluation (a quiet action) or
    /// make a capture, a Navia take or a Navia dratp; `left` more actions are looked at.
    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        line: &Line,
        map: &ReachMap<Cross>,
        seat: Seat,
        actions: &SeatActions,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        left: u32,
    ) -> i32 {
        // A thousand war ends the game: nothing is searched past it (the evaluation scores it).
        let stand = self.eval(line, map);
        if self.war(line).is_some() {
            return stand;
        }
        let maxing = seat == self.me;
        if left == 0 || ply >= MAX_PLY || (maxing && stand >= beta) || (!maxing && stand <= alpha) {
            return stand;
        }
        // Standing is a softened threat's pass: each strike scores it moved toward the strike by its odds.
        let soft = self.softened(line, seat);
        if maxing {
            alpha = alpha.max(stand);
        } else {
            beta = beta.min(stand);
        }
        // A threatening rival (every rival past the current round, every kind open) only strikes at the seat:
        // with the rivals' takes among themselves too, four actions of every piece's captures cost hundreds of
        // thousands of nodes on a crowded cross, and a first iteration never finished within 20 000.
        let want = Want::Noisy {
            strikes_only: line.threats.contains(seat),
        };
        let mut choices = self.choices(actions, seat, want, ply, None);
        let mut best = stand;
        let mut next = 0;
        while let Some(c) = self.take_choice(&mut choices, &mut next, actions, seat, want, ply) {
            // Never a pass here: the evaluation stands for doing nothing.
            let Choice::Act(a) = c else { continue };
            let odds = soft.map(|odds| odds.of(actions.position(), &a));
            let (lo, hi) = match odds {
                Some(0) => continue,
                Some(o) => blow_window(stand, alpha, beta, o),
                None => (alpha, beta),
            };
            let child = line.after(seat, &a);
            let v = match child.pos.outcome() {
                Some(o) => self.won(&child, o.winner, ply + 1),
                None => self.qnode(&child, ply + 1, lo, hi, left - 1),
            };
            if self.budget.halted() {
                return 0;
            }
            let v = odds.map_or(v, |o| blended(stand, v, o));
            if maxing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    fn qnode(&mut self, line: &Line, ply: usize, alpha: i32, beta: i32, left: u32) -> i32 {
        if self.budget.tick() {
            return 0;
        }
        let mut line = *line;
        let map = line.pos.reach_map();
        // Seats without an action, and threatening rivals after another one, are skipped, one round at most.
        for _ in 0..4 {
            let Some(seat) = line.actor() else { break };
            if !line.passes(seat) {
                let actions = line.actions_with(seat, &map);
                if !actions.is_empty() {
                    return self.quiesce(&line, &map, seat, &actions, ply, alpha, beta, left);
                }
            }
            line = line.skip(seat);
        }
        self.eval(&line, &map)
    }
}

/// One entry of a node's list in search order.
#[derive(Clone, Copy)]
enum Choice {
    /// A threatening rival doing nothing that matters.
    Pass,
    /// An action.
    Act(CrossAction),
    /// A family of actions, by its head, listed when the search reaches it; whether its actions move further, and
    /// whether its effect may remove other pieces.
    Family {
        head: CrossAction,
        moves_further: bool,
        removes_others: bool,
    },
}

/// Which actions a node looks at.
#[derive(Clone, Copy)]
enum Want {
    /// Every action.
    All,
    /// A threatening rival's: its noisy actions and its Navias' (see `line`).
    Threats,
    /// The quiescence search's: noisy actions; with `strikes_only`, those that strike the answering seat.
    Noisy { strikes_only: bool },
}

impl Want {
    fn action(self, pos: &CrossPosition, a: &CrossAction, me: Seat) -> bool {
        match self {
            Want::All => true,
            Want::Threats => threatening(pos, a),
            Want::Noisy { strikes_only } => noisy(pos, a) && (!strikes_only || strikes(pos, a, me)),
        }
    }

    /// Whether one action stands for a family whose every action makes the same take (see `Search::family`):
    /// not where every action is looked at.
    fn one_per_take(self) -> bool {
        !matches!(self, Want::All)
    }

    /// Whether a family may hold a wanted action. Its acting piece is a Maseitai and its head's move is that of
    /// every action in it, so only a noisy head or a further move (which may take) can make one noisy.
    fn family(self, pos: &CrossPosition, head: &CrossAction, moves_further: bool) -> bool {
        matches!(self, Want::All) || moves_further || noisy(pos, head)
    }
}

/// What orders a node's choices besides the actions themselves.
struct Hints {
    /// The best action the transposition table holds for the node (a family's head).
    tt: Option<CrossAction>,
    /// The last iteration's action at this ply.
    pv: Option<CrossAction>,
    /// The killers of this ply.
    killers: [Option<CrossAction>; 2],
}

/// A choice's place in search order, higher first: the table's best action, the last iteration's choice here
/// (a family holding either), Navia dratps, Navia takes, captures by the value taken, then the killers; a pass
/// before all.
fn order_key(pos: &CrossPosition, seat: Seat, choice: &Choice, hints: &Hints) -> i32 {
    let (a, family) = match *choice {
        Choice::Pass => return i32::MAX,
        Choice::Act(a) => (a, false),
        Choice::Family { head, .. } => (head, true),
    };
    let names = |hint: Option<CrossAction>| match hint {
        Some(h) if family => {
            CrossAction {
                choices: ChoicesOf::NONE,
                ..h
            } == a
        }
        h => h == Some(a),
    };
    let mut k = 0;
    if names(hints.tt) {
        k += 2_000_000;
    }
    if names(hints.pv) {
        k += 1_000_000;
    }
    if hints.killers.contains(&Some(a)) {
        k += 50;
    }
    if a.follow == Follow::Dratp && matches!(pos.acting_piece(&a), Some(Piece::Navia(_))) {
        k += 100_000;
    }
    if a.pharaoh.is_some() {
        k += 20_000;
    }
    if a.kind == ActionKind::Move && pos.piece_at(a.to).is_some_and(|p| p.side != seat) {
        k += 100 * victim_value(pos, a.to);
    }
    k
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::rules::round::SeatSet;
    use crate::rules::{action_text, Declaration};
    use crate::search::four::eval::tests::{board, board_with_pools};
    use crate::search::four::{Limits4, Settings4};
    use crate::search::params::Tunable;
    use crate::search::score::is_mate;

    const SETTINGS: Settings4 = Settings4::FULL;

    fn line(text: &str, order: [Seat; 4]) -> Line {
        Line {
            pos: board(text),
            order,
            done: SeatSet::EMPTY,
            kinds: [Some(Declaration::Black); 4],
            world: 0,
            promised: SeatSet::EMPTY,
            out: SeatSet::EMPTY,
            threats: SeatSet::EMPTY,
            last: Some(order[0]),
            threatened: false,
            ended: None,
        }
    }

    /// The best root action of `line`'s first seat after iterations 1 to `depth`, as text, and its score.
    fn best(line: &Line, depth: u32) -> (String, i32) {
        best_with_wars(line, depth, &[])
    }

    /// [`best`] in a game that has seen the repetition keys `wars` twice (F30).
    fn best_with_wars(line: &Line, depth: u32, wars: &[u64]) -> (String, i32) {
        best_with(line, depth, wars, &Weights4::DEFAULT)
    }

    /// [`best_with_wars`] with the cross's weights `w4`.
    fn best_with(line: &Line, depth: u32, wars: &[u64], w4: &Weights4) -> (String, i32) {
        let stop = AtomicBool::new(false);
        let mut budget = Budget::new(&Limits4::default(), &SETTINGS, &stop, 64);
        let me = line.actor().unwrap();
        let mut moves: Vec<RootMove> = line
            .actions(me)
            .list()
            .into_iter()
            .map(|a| RootMove {
                action: a,
                score: -INF,
                pv: vec![Some(a)],
            })
            .collect();
        let table = Tt::new(1);
        let mut search = Search::new(me, &mut budget, &table, wars, &Weights::DEFAULT, w4);
        for d in 1..=depth {
            assert!(search.iterate(line, &mut moves, d, false));
        }
        (action_text(&moves[0].action, line.pos.catalogue()), moves[0].score)
    }

    /// A search for South with the default weights and no repetitions, through `table`.
    fn south<'s, 'a>(budget: &'s mut Budget<'a>, table: &'s Tt) -> Search<'s, 'a> {
        Search::new(Seat::South, budget, table, &[], &Weights::DEFAULT, &Weights4::DEFAULT)
    }

    #[test]
    fn a_softened_threat_scores_between_doing_nothing_and_its_worst_blow_in_any_window() {
        let (mut softer, mut navias, mut windows) = (0, 0, 0);
        crate::search::four::player::tests::random_games(2, |state, _| {
            let me = state.round().actor().unwrap();
            let root = Line {
                last: Some(me),
                ..crate::search::four::player::line_of(state)
            };
            let stop = AtomicBool::new(false);
            let table = Tt::new(1);
            // The score of `root` three actions deep with the later rounds' Navia blows and other blows at
            // `odds`, in (alpha, beta).
            let value = |(navia, other): (i32, i32), alpha: i32, beta: i32| {
                table.clear();
                let mut budget = Budget::new(&Limits4::default(), &SETTINGS, &stop, 64);
                let w4 = Weights4 {
                    navia_odds: navia,
                    blow_odds: other,
                    ..Weights4::DEFAULT
                };
                let mut search = Search::new(me, &mut budget, &table, &[], &Weights::DEFAULT, &w4).softened_blows();
                search.node(&root, 3, 0, alpha, beta)
            };
            let [paranoid, navia, half, none] =
                [(100, 100), (100, 40), (40, 40), (0, 0)].map(|odds| value(odds, -INF, INF));
            // Each later blow counts less as its odds fall, so the seat's score can only rise.
            assert!(
                paranoid <= navia && navia <= half && half <= none,
                "{paranoid} {navia} {half} {none}"
            );
            softer += usize::from(paranoid < half);
            navias += usize::from(navia < half);
            // The window changes the bound a search returns, never the score inside it: alpha-beta stays exact.
            for (odds, v) in [((40, 40), half), ((100, 40), navia)] {
                assert_eq!(value(odds, v - 1, v + 1), v);
                assert_eq!(value(odds, v - 300, v + 7), v);
                assert!(value(odds, v, INF) <= v);
                assert!(value(odds, -INF, v) >= v);
            }
            windows += 1;
        });
        assert!(windows > 50, "{windows}");
        assert!(softer > 5, "{softer} of {windows}");
        assert!(navias > 5, "{navias} of {windows}");
    }

    #[test]
    fn a_blend_and_its_window_agree() {
        for (pass, alpha, beta, odds) in [
            (100, -50, 300, 40),
            (-7, -400, 20, 1),
            (500, 499, 501, 99),
            (0, -1, 1, 50),
            (-7, -40, 20, 3),
        ] {
            let (lo, hi) = blow_window(pass, alpha, beta, odds);
            assert!(lo < pass && hi <= pass, "{lo} {hi}");
            // Below every score the low end is no bound: the blows cannot reach it.
            assert!(lo == -INF || blended(pass, lo, odds) <= alpha);
            assert!(hi == pass || blended(pass, hi, odds) >= beta);
            assert_eq!(blended(pass, pass, odds), pass);
        }
        assert_eq!(blended(100, -100, 25), 50);
        assert_eq!(blow_window(-7, -400, 20, 1).0, -INF);
    }

    const SWNE: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];
    const WSNE: [Seat; 4] = [Seat::West, Seat::South, Seat::North, Seat::East];

    #[test]
    fn it_takes_the_third_navia_at_once() {
        // T4 with one more South Gulled on g2: e6e7 takes East's Navia, South holds three (F28).
        let l = line("7/4nB2/11/11/4e[N04]6/w[N03]3sB6/11/11/2s[N02]8/4sB2/3s[N01]3", SWNE);
        for depth in 1..=3 {
            let (a, score) = best(&l, depth);
            assert!(a.starts_with("e6e7="), "depth {depth}: {a}");
            assert!(is_mate(score) && score > 0, "depth {depth}: {score}");
        }
    }

    #[test]
    fn it_fills_the_last_empty_pharaoh_square_to_keep_its_navia() {
        // West acts first, its Navia on d6 faces South's Gulled on d5 and c3 is the only empty Pharaoh square
        // (F14): b3c3 keeps the Navia, b7c7 loses it. North and East have Gulled off the Pharaoh squares to move.
        let text = "3n[N02]3/4nB2/2nB5nB2/11/1wB9/3w[N03]6e[N04]/3sB5eB1/11/1wB6eB2/7/3s[N01]3";
        for depth in 1..=5 {
            assert_eq!(best(&line(text, WSNE), depth).0, "b3c3", "depth {depth}");
        }
    }

    #[test]
    fn a_thousand_war_is_taken_by_a_seat_in_front_and_avoided_by_one_behind() {
        // South acts last in the round (the others are done) with two Gulled to move; every seat holds one Navia
        // and two Gulled, so the pools alone set the F34 places: South's 4 against the others' 2 puts it first,
        // its 0 last (a Gulled step earns it one).
        let text = "3n[N02]3/2nB1nB2/11/11/wB9eB/w[N03]9e[N04]/wB9eB/11/11/2sB1sB2/3s[N01]3";
        let round_end = |pool: u8| {
            let mut l = line(text, [Seat::West, Seat::North, Seat::East, Seat::South]);
            l.done = [Seat::West, Seat::North, Seat::East].into_iter().collect();
            l.last = Some(Seat::South);
            l.pos = board_with_pools(text, Seat::ALL.map(|s| if s == Seat::South { pool } else { 2 }));
            l
        };
        let key_after = |l: &Line, text: &str| {
            let a = l
                .actions(Seat::South)
                .list()
                .into_iter()
                .find(|a| action_text(a, l.pos.catalogue()) == text);
            l.after(Seat::South, &a.unwrap()).ended.unwrap()
        };
        for (pool, place) in [(4, 1), (0, 4)] {
            let l = round_end(pool);
            let out_order = [0; 4];
            assert_eq!(places(&l.pos, out_order, None)[Seat::South.index()], place);
            let (free, _) = best(&l, 3);
            // The action it prefers without a war, and another one.
            let other = l
                .actions(Seat::South)
                .list()
                .into_iter()
                .map(|a| action_text(&a, l.pos.catalogue()))
                .find(|a| *a != free)
                .unwrap();
            let (war_on_best, _) = best_with_wars(&l, 3, &[key_after(&l, &free)]);
            let (war_on_other, _) = best_with_wars(&l, 3, &[key_after(&l, &other)]);
            if place == 1 {
                assert_eq!(
                    (war_on_best.as_str(), war_on_other.as_str()),
                    (free.as_str(), other.as_str())
                );
            } else {
                assert_ne!(war_on_best, free);
                assert_eq!(war_on_other, free);
            }
        }
    }

    #[test]
    fn a_shared_place_is_worth_the_mean_of_the_places_it_fills() {
        // Every seat holds one Navia and two Gulled, so the pools alone set the F34 places.
        let text = "3n[N02]3/2nB1nB2/11/11/wB9eB/w[N03]9e[N04]/wB9eB/11/11/2sB1sB2/3s[N01]3";
        let stop = AtomicBool::new(false);
        let mut budget = Budget::new(&Limits4::default(), &SETTINGS, &stop, 64);
        let w4 = Weights4::DEFAULT;
        let table = Tt::new(1);
        let search = Search::new(Seat::South, &mut budget, &table, &[], &Weights::DEFAULT, &w4);
        let score = |pools: [u8; 4]| {
            let mut l = line(text, SWNE);
            l.pos = board_with_pools(text, pools);
            search.place_score(&l, None)
        };
        let unit = w4.war_place / 2;
        assert_eq!(score([4, 2, 2, 2]), 3 * unit, "first alone");
        assert_eq!(score([2, 2, 2, 2]), 0, "all four equal: place 2.5");
        assert_eq!(score([4, 4, 2, 2]), 2 * unit, "first with one other: place 1.5");
        assert_eq!(score([2, 4, 2, 2]), -unit, "three equal behind one: place 3");
        assert_eq!(score([0, 2, 2, 2]), -3 * unit, "last alone");
    }

    #[test]
    fn a_rival_win_it_cannot_stop_scores_its_place_not_a_lost_game() {
        // East (declared `N`, 60 in its pool) dratps its Navia after South's action and wins (F29); South's Gulled
        // cannot reach it, West and North have acted. F34 then ranks South by its team's total:
        // second with its two Gulled against the others' bare Navias, last with one against their two.
        let setup = |text: &str| {
            let mut l = line(text, SWNE);
            l.kinds[Seat::East.index()] = Some(Declaration::Navia);
            l.done = [Seat::West, Seat::North].into_iter().collect();
            l.pos = board_with_pools(text, Seat::ALL.map(|s| if s == Seat::East { 60 } else { 0 }));
            l
        };
        let second = setup("3n[N02]3/7/11/11/11/w[N03]9e[N04]/11/11/11/2sB1sB2/3s[N01]3");
        let last = setup("3n[N02]3/2nB1nB2/11/11/wB10/w[N03]9e[N04]/wB10/11/11/3sB3/3s[N01]3");
        for l in [&second, &last] {
            assert_eq!(places(&l.pos, [0; 4], Some(Seat::East))[Seat::East.index()], 1);
        }
        assert_eq!(places(&second.pos, [0; 4], Some(Seat::East))[Seat::South.index()], 2);
        assert_eq!(places(&last.pos, [0; 4], Some(Seat::East))[Seat::South.index()], 4);
        let w4 = Weights4::DEFAULT;
        let (_, v2) = best(&second, 2);
        let (_, v4) = best(&last, 2);
        // Last, East's win is the rivals' best line and scores South's place; second, the rivals may find a line
        // worse for South than East's win, but none as bad as last.
        assert_eq!(v4, -3 * w4.war_place / 2 - w4.rival_win);
        assert!(!is_mate(v2) && v2 <= w4.war_place / 2 - w4.rival_win && v2 > v4, "{v2}");
        // At the weight's top a rival's win is a lost game, as in the two-player search.
        let top = Weights4::find("rival_win").unwrap().max;
        let paranoid = Weights4 { rival_win: top, ..w4 };
        assert!(paranoid.rival_win_is_loss() && !w4.rival_win_is_loss());
        let (_, lost) = best_with(&second, 2, &[], &paranoid);
        assert!(is_mate(lost) && lost < 0, "{lost}");
    }

    #[test]
    fn a_rival_take_through_a_large_family_is_looked_at_once() {
        // West's Peojin on b3 can take South's on c2 (the take earns 18, its dratp's price), then dratp: move any
        // battle piece to any empty square, a family of over a thousand actions that all make the same take.
        let text = "nBnRn[N04]2nRnB/1nBnBnBnBnBn[M40]/wB8e[M40]eB/wRwB7eBeR/1wB7eB1/1wB7eB1/w[N04]wB7eBe[N04]/\
                    wRwB7eBeR/wBw[M40]8eB/s[M40]sBsBsBsBsB1/sBsRs[N04]2sRsB";
        let mut l = line(text, SWNE);
        l.kinds = [Some(Declaration::Navia), None, None, None];
        l.threats = [Seat::West, Seat::North, Seat::East].into_iter().collect();
        l.last = Some(Seat::South);
        let west = l.actions(Seat::West);
        let take = west
            .entries()
            .iter()
            .find_map(|e| match e {
                Folded::Family { head, .. } if action_text(head, l.pos.catalogue()) == "b3c2+" => Some(*head),
                _ => None,
            })
            .expect("West's Peojin takes and dratps");
        assert!(west.family(&take).len() > 1000);
        // South's one Navia step, then the rivals' quiescence: one node for the take, not one per relocation.
        let value = |l: &Line| {
            let stop = AtomicBool::new(false);
            let mut budget = Budget::new(&Limits4::default(), &SETTINGS, &stop, 64);
            let table = Tt::new(1);
            let v = south(&mut budget, &table).value(l, 1);
            (v, budget.nodes())
        };
        let (v, nodes) = value(&l);
        assert!(nodes < 100, "{nodes} nodes");
        // The take is seen: without West's Peojin, South stands far better.
        let safe = Line {
            pos: board(&text.replace("wBw[M40]8eB", "wB9eB")),
            ..l
        };
        let (v_safe, _) = value(&safe);
        assert!(v + 500 < v_safe, "{v} against {v_safe}");
    }

    #[test]
    fn a_rival_of_the_current_round_is_read_as_playing_its_own_best_action() {
        // West (declared `R`) acts after South: its red Gulled on d6 can take South's black Gulled on e5 (the
        // take that hurts South most) or North's red Gulled on e7 (worth three times as much to West).
        let text = "5n[N02]1/7/11/11/4nR6/w[N03]2wR6e[N04]/4sB6/11/11/7/3s[N01]3";
        let mut l = line(text, SWNE);
        l.kinds = [Some(Declaration::Navia), Some(Declaration::Red), None, None];
        l.threats = [Seat::North, Seat::East].into_iter().collect();
        l.last = Some(Seat::South);
        let stop = AtomicBool::new(false);
        let mut budget = Budget::new(&Limits4::default(), &SETTINGS, &stop, 64);
        let table = Tt::new(1);
        let mut search = south(&mut budget, &table);
        let south = l.actions(Seat::South).list()[0];
        let after = l.after(Seat::South, &south);
        let west = after.actions(Seat::West);
        let choices = search.choices(&west, Seat::West, Want::All, 1, None);
        let texts: Vec<String> = west.list().iter().map(|a| action_text(a, l.pos.catalogue())).collect();
        assert!(
            texts.contains(&"d6e5".to_string()) && texts.contains(&"d6e7".to_string()),
            "{texts:?}"
        );
        let Some(Choice::Act(read)) = search.rival_choice(&after, Seat::West, &west, &choices) else {
            panic!("West has actions");
        };
        assert_eq!(action_text(&read, l.pos.catalogue()), "d6e7");
        // The search's line goes on through that take, not through the one that hurts South most.
        let mut moves = vec![RootMove {
            action: south,
            score: -INF,
            pv: vec![Some(south)],
        }];
        assert!(search.iterate(&l, &mut moves, 2, true));
        assert_eq!(moves[0].pv.get(1).copied().flatten(), Some(read));
    }

    #[test]
    fn a_later_rounds_rival_strikes_with_its_drawn_kind_only() {
        // The round ends with South's skip; in the next one West acts first and only threatens. Its red Gulled on
        // d6 can take South's black Gulled on e5, its Navia cannot: drawn `R`, West takes it; drawn `N`, South
        // keeps it; open (no determinization), West strikes with any piece, as `R`.
        let text = "5n[N02]1/7/11/11/4nR6/w[N03]2wR6e[N04]/4sB6/11/11/7/3s[N01]3";
        let next_round = |drawn: [Option<Declaration>; 4]| {
            let l = Line {
                done: [Seat::West, Seat::North, Seat::East].into_iter().collect(),
                last: Some(Seat::South),
                world: 5,
                ..line(text, SWNE)
            };
            let mut next = l.skip(Seat::South);
            assert_eq!((next.kinds, next.world), ([None; 4], 5));
            assert_eq!(next.actor(), Some(Seat::West));
            // As the search draws them when the rivals come to act (they are only drawn where still open).
            next.kinds = drawn;
            let stop = AtomicBool::new(false);
            let mut budget = Budget::new(&Limits4::default(), &SETTINGS, &stop, 64);
            let table = Tt::new(1);
            south(&mut budget, &table).value(&next, 1)
        };
        let navia = Some(Declaration::Navia);
        let red = next_round([None, Some(Declaration::Red), navia, navia]);
        let walk = next_round([None, navia, navia, navia]);
        let open = next_round([None; 4]);
        assert!(red + 50 < walk, "drawn R {red}, drawn N {walk}");
        assert!(open <= red, "open {open}, drawn R {red}");
    }

    /// How often each kind is drawn for `seat` in `text`'s position over 200 worlds, as a later round's rival
    /// (`Search::drawn_kind`) or, `sealed`, as a rival of this round whose declaration is sealed
    /// (`Search::sealed_kind`), and the draws checked: a kind the seat can declare, the same again for the same
    /// world.
    fn draws(text: &str, seat: Seat, sealed: bool) -> Vec<(Declaration, u32)> {
        let stop = AtomicBool::new(false);
        let mut budget = Budget::new(&Limits4::default(), &SETTINGS, &stop, 64);
        let table = Tt::new(1);
        let mut search = south(&mut budget, &table);
        let l = line(text, SWNE);
        let map = l.pos.reach_map();
        let declarable = SeatActions::new(&l.pos, seat, None, false).kinds();
        let mut count: Vec<(Declaration, u32)> = Vec::new();
        for world in 1..=200 {
            let w = Line { world, ..l };
            let kind = |search: &mut Search| match sealed {
                false => search.drawn_kind(&w, &map, seat),
                true => search.sealed_kind(&l, seat, world),
            };
            let k = kind(&mut search).expect("a kind");
            assert!(declarable.contains(k), "{k:?}");
            assert_eq!(kind(&mut search), Some(k));
            match count.iter_mut().find(|c| c.0 == k) {
                Some(c) => c.1 += 1,
                None => count.push((k, 1)),
            }
        }
        count.sort_by_key(|c| std::cmp::Reverse(c.1));
        count
    }

    #[test]
    fn a_later_rivals_kind_is_drawn_from_what_its_position_offers() {
        // West's red Gulled can take South's Gulled: R is drawn most.
        let take = draws(
            "5n[N02]1/7/11/11/4nR6/w[N03]2wR6e[N04]/4sB6/11/11/7/3s[N01]3",
            Seat::West,
            false,
        );
        assert_eq!(take[0].0, Declaration::Red, "{take:?}");
        // T1: South's Gulled on d5 can take West's Navia on d6 (F14): West flees with it nearly always, as a
        // one-ply player would (a Navia that changed hands on the way is drawn from that round's position).
        west_flees_in_t1(false);
    }

    /// T1's West, drawn a kind as a later round's rival or, `sealed`, as this round's: `N` at least 180 times of
    /// 200.
    fn west_flees_in_t1(sealed: bool) {
        let flee = draws(
            "3n[N02]3/7/11/11/11/3w[N03]6e[N04]/3sB7/1wB9/11/4sB2/3s[N01]3",
            Seat::West,
            sealed,
        );
        assert_eq!(flee[0].0, Declaration::Navia, "{flee:?}");
        assert!(flee[0].1 >= 180, "{flee:?}");
    }

    #[test]
    fn a_sealed_rivals_kind_is_drawn_from_its_best_action_of_each_kind() {
        // T1 again, West's declaration still sealed this round: it flees with its Navia nearly always.
        west_flees_in_t1(true);
        // Its quiet actions count too, not only its threats: West's red Gulled earns 3 by a move (R13), which a
        // later round's draw, looking at threats only, does not see.
        let board = "3n[N02]3/7/11/11/11/w[N03]9e[N04]/11/1wR9/11/7/3s[N01]3";
        let count = |d: &[(Declaration, u32)]| d.iter().find(|c| c.0 == Declaration::Red).map_or(0, |c| c.1);
        let (sealed, later) = (draws(board, Seat::West, true), draws(board, Seat::West, false));
        assert!(count(&sealed) >= 115 && count(&later) <= 105, "{sealed:?} {later:?}");
    }

    #[test]
    fn a_draw_follows_its_odds() {
        let kinds = [
            (Declaration::Red, 3.0),
            (Declaration::Navia, 0.0),
            (Declaration::Black, 1.0),
        ];
        let mut rng = Rng::new(7);
        let mut count = [0; 3];
        for _ in 0..4000 {
            let k = draw(&kinds, &mut rng).unwrap();
            count[kinds.iter().position(|x| x.0 == k).unwrap()] += 1;
        }
        // Red three times as often as Black (±10 %), Navia never.
        assert_eq!(count[1], 0);
        assert!((2700..=3300).contains(&count[0]), "{count:?}");
        assert_eq!(draw(&[], &mut rng), None);
    }

    #[test]
    fn an_iteration_cut_short_plays_an_action_that_beat_the_last_best_at_the_new_depth() {
        let l = line("3n[N02]3/7/11/11/11/3w[N03]6e[N04]/3sB7/1wB9/11/4sB2/3s[N01]3", SWNE);
        let stop = AtomicBool::new(false);
        let searched = |moves: &mut Vec<RootMove>, nodes: Option<u64>| {
            let limits = Limits4 {
                nodes,
                ..Limits4::default()
            };
            let mut budget = Budget::new(&limits, &SETTINGS, &stop, 64);
            let table = Tt::new(1);
            let mut search = south(&mut budget, &table);
            let done = search.iterate(&l, moves, 2, false);
            (done, budget.nodes())
        };
        let root = |a, score| RootMove {
            action: a,
            score,
            pv: vec![Some(a)],
        };
        let mut all: Vec<RootMove> = l
            .actions(Seat::South)
            .list()
            .into_iter()
            .map(|a| root(a, -INF))
            .collect();
        assert!(searched(&mut all, None).0);
        // The last iteration ranked the worst action at depth 2 first and the best second.
        let (best, worst) = (&all[0], &all[all.len() - 1]);
        assert!(best.score > worst.score);
        let ranked = |n: usize| [root(worst.action, 100), root(best.action, 50), root(all[1].action, 0)][..n].to_vec();
        // The nodes of the first two actions alone, then a budget that runs out in the third.
        let (done, two) = searched(&mut ranked(2), None);
        assert!(done);
        let mut moves = ranked(3);
        assert!(!searched(&mut moves, Some(two + 1)).0);
        assert_eq!((moves[0].action, moves[0].score), (best.action, best.score));
        // Cut short before the second action finished, the last best stands with its old score.
        let mut moves = ranked(3);
        assert!(!searched(&mut moves, Some(two - 1)).0);
        let key = |m: &[RootMove]| m.iter().map(|m| (m.action, m.score)).collect::<Vec<_>>();
        assert_eq!(key(&moves), key(&ranked(3)));
    }

    #[test]
    fn a_line_key_tells_apart_everything_the_search_reads_from_a_line() {
        let text = "3n[N02]3/7/11/11/11/3w[N03]6e[N04]/3sB7/1wB9/11/4sB2/3s[N01]3";
        let l = line(text, SWNE);
        let one = |s: Seat| [s].into_iter().collect::<SeatSet>();
        let variants = [
            Line { order: WSNE, ..l },
            Line {
                done: one(Seat::South),
                ..l
            },
            Line {
                kinds: [Some(Declaration::Red), None, None, None],
                ..l
            },
            Line {
                promised: one(Seat::West),
                ..l
            },
            Line {
                out: one(Seat::East),
                ..l
            },
            Line {
                threats: one(Seat::North),
                ..l
            },
            Line { world: 9, ..l },
            Line { last: None, ..l },
            Line { threatened: true, ..l },
            Line { ended: Some(7), ..l },
            Line {
                pos: board("3n[N02]3/7/11/11/11/3w[N03]6e[N04]/4sB6/1wB9/11/4sB2/3s[N01]3"),
                ..l
            },
        ];
        let mut keys: Vec<u64> = variants.iter().map(Line::key).collect();
        keys.push(l.key());
        assert_eq!(line(text, SWNE).key(), l.key());
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), variants.len() + 1);
    }

    #[test]
    fn a_line_searched_again_is_read_from_the_table_by_the_same_seat_only() {
        let l = line("3n[N02]3/7/11/11/11/3w[N03]6e[N04]/3sB7/1wB9/11/4sB2/3s[N01]3", SWNE);
        let stop = AtomicBool::new(false);
        let value = |table: &Tt, me: Seat, wars: &[u64]| {
            let mut budget = Budget::new(&Limits4::default(), &SETTINGS, &stop, 64);
            let v = Search::new(me, &mut budget, table, wars, &Weights::DEFAULT, &Weights4::DEFAULT).value(&l, 5);
            (v, budget.nodes())
        };
        let table = Tt::new(1);
        let (first, nodes) = value(&table, Seat::South, &[]);
        assert!(nodes > 100, "{nodes} nodes");
        // The root's exact score is there: one node.
        assert_eq!(value(&table, Seat::South, &[]), (first, 1));
        // Another seat's score, or one under other repetitions (F30), is searched as in an empty table.
        for (me, wars) in [(Seat::West, &[][..]), (Seat::South, &[42][..])] {
            assert_eq!(value(&table, me, wars), value(&Tt::new(1), me, wars), "{me:?} {wars:?}");
        }
    }

    #[test]
    fn a_stop_or_the_node_limit_abandons_the_iteration() {
        let l = line("3n[N02]3/7/11/11/11/3w[N03]6e[N04]/3sB7/1wB9/11/4sB2/3s[N01]3", SWNE);
        let stop = AtomicBool::new(true);
        let mut budget = Budget::new(&Limits4::default(), &SETTINGS, &stop, 64);
        let a = l.actions(Seat::South).list()[0];
        let mut moves = vec![RootMove {
            action: a,
            score: 7,
            pv: vec![Some(a)],
        }];
        assert!(!south(&mut budget, &Tt::new(1)).iterate(&l, &mut moves, 3, false));
        assert_eq!(moves[0].score, 7);
        let go = AtomicBool::new(false);
        let limits = Limits4 {
            nodes: Some(5),
            ..Limits4::default()
        };
        let mut budget = Budget::new(&limits, &SETTINGS, &go, 64);
        assert!(!south(&mut budget, &Tt::new(1)).iterate(&l, &mut moves, 6, false));
        assert_eq!(budget.nodes(), 5);
    }
}
