//! The four phases of a round, each answered from the same search and evaluation (F19–F27):
//! - **actions** (`act`): iterative deepening of the action search over the root's legal actions, where an
//!   iteration cut short by the budget still plays an action that beat the last best at the new depth;
//! - **declarations** (`declare`): for each declarable kind, what acting with it is worth if the seat acts
//!   first and if it acts last (the rivals' kinds are secret, so each rival's turn is only a threat), then what
//!   the kind is worth once the auction is taken into account (`auction`: the best bid for those two values);
//!   as with actions, a kind that an iteration cut short found worth more than the last best one is declared;
//!   what the iterations leave of the budget goes to determinizations (`sealed_worlds`, `Weights4::declare_worlds`):
//!   each draws the acting rivals' kinds as one-ply players would declare them and measures every kind acting
//!   first and last against those rivals, read as revealed ones; the worlds' values are averaged with the
//!   iterations', so that a larger budget averages more of them;
//! - **bids** (`bid`): with the declarations revealed, what acting first, last or not at all is worth (the rivals again
//!   only threatening, one per turn of the seat), and near the Navia dratp's 60 the same with one gyullas spent; with
//!   `Weights4::bid_reveal` (off by default), what those iterations leave of the budget reads the same lines with the
//!   rivals revealed, each playing its own best action, as deep as it allows (`revealed`), averaged half and half with
//!   the threats' values; then the bid whose expected place value best pays its price (`auction::choose_bid`), each
//!   rival's amount read as a one-ply player in its seat would bid (`read_bids`), then, with what the seat's lines
//!   left of the budget, as this player itself would bid there, level by level (`read_deeper`,
//!   `Weights4::read_levels`), which the seat outbids rather than matches (a tie is no end to the auction, F23), with
//!   the rest of the auction played out for each amount (`settle`: a tie group left below the seat raises again) and
//!   what the rivals spend counted; a seat that reads so also measures acting after each set of its rivals, and pays
//!   to pass only those whose blow it fears;
//! - **promises** (`promise`): the two outcomes the promise can bring, played on the real round (`State4`):
//!   promising wins the tie only when the tied rivals do not promise, refusing only when they all do, and any
//!   other answer forfeits either way, so the seat promises when acting early without captures is worth more
//!   than acting late with them.
//!
//! Below full strength the iterations stop at `skill::depth(level)` actions and the choice among the
//! candidates is drawn by `skill::pick_score`; Skill Level 0 draws uniformly among the legal answers.

use crate::rules::constants::NAVIA_DRATP_COST;
use crate::rules::rng::Rng;
use crate::rules::round::notation::declaration_text;
use crate::rules::round::SeatSet;
use crate::rules::{action_text, Declaration, Event, Phase, Seat, State4};

use super::super::eval::Weights;
use super::super::score::{is_mate, INF};
use super::super::skill;
use super::super::tt::Tt;
use super::auction::{choose_bid, choose_bid_each, expected, PlaceValues, Reading, Rival, SETS};
use super::budget::Budget;
use super::eval::Weights4;
use super::line::Line;
use super::search::{RootMove, Search};
use super::{Answer4, Info4};

/// What [`Player::measure`] found.
struct Measured {
    /// The values of the last complete iteration; `None` if even the first was cut short.
    done: Option<Vec<i32>>,
    /// What the iteration cut short measured, line by line.
    cut: Vec<Option<i32>>,
}

/// The kinds best first, as `(worth, index)`, by their `worths` in the last complete iteration (equal worth keeps
/// the canonical order, F20). When the iteration cut short measured the last best kind again and another kind that
/// beat it (`again`), that kind comes first, with the last best's worth: deeper, it is the better answer.
fn ranked(worths: &[i32], again: &[Option<i32>]) -> Vec<(i32, usize)> {
    let mut ranked: Vec<(i32, usize)> = worths.iter().copied().zip(0..).collect();
    ranked.sort_by_key(|&(w, _)| std::cmp::Reverse(w));
    let Some(&(top, last_best)) = ranked.first() else {
        return ranked;
    };
    let Some(bar) = again.get(last_best).copied().flatten() else {
        return ranked;
    };
    let beat = again
        .iter()
        .zip(0..)
        .filter_map(|(w, i)| Some((w.filter(|&w| w > bar)?, i)));
    if let Some((_, i)) = beat.max_by_key(|&(w, i)| (w, std::cmp::Reverse(i))) {
        let at = ranked.iter().position(|&(_, k)| k == i).unwrap_or(0);
        ranked[at].0 = top;
        ranked[..=at].rotate_right(1);
    }
    ranked
}

/// The answering seat, its state and how it plays.
pub(super) struct Player<'g, 'i> {
    /// The state it answers in.
    pub(super) state: &'g State4,
    /// The seat.
    pub(super) seat: Seat,
    /// Skill Level, 0 to `MAX_SKILL_LEVEL`.
    pub(super) level: u32,
    /// Where its random choices start.
    pub(super) seed: u64,
    /// Where its progress goes.
    pub(super) info: &'i mut dyn FnMut(&Info4),
    /// The depth of the last complete iteration, for the final report of a declaration.
    pub(super) depth: u32,
    /// `MultiPV`: how many of the best actions or kinds to report.
    pub(super) multipv: usize,
    /// F30: the repetition keys already seen twice; the game ends in a thousand war when one comes again.
    pub(super) wars: &'g [u64],
    /// The transposition table its searches share.
    pub(super) table: &'g Tt,
    /// The two-player evaluation weights the seats' worth is built on.
    pub(super) weights: Weights,
    /// The weights of the cross's own terms.
    pub(super) weights4: Weights4,
}

/// The search's view of a state: its position, order, declarations, promises and the seats done.
pub(super) fn line_of(state: &State4) -> Line {
    let r = state.round().setup();
    Line {
        pos: *state.position(),
        order: r.order,
        done: r.done.iter().chain(r.out.iter()).collect(),
        kinds: r.declarations.map_or([None; 4], |d| d.map(Some)),
        world: 0,
        promised: r.promised,
        out: r.out,
        threats: SeatSet::EMPTY,
        last: None,
        threatened: false,
        ended: None,
    }
}

/// How far below the Navia dratp's 60 a pool can still pay for it this round (F29): a red Gulled's take, or its
/// move, earns 3 (R13).
const DRATP_REACH: u32 = 3;

/// What a seat's bid lines measured (see [`Player::bid_values`]).
#[derive(Clone, Copy, Debug)]
struct BidValues {
    /// Acting first, last and not at all, at the seat's share.
    places: PlaceValues,
    /// Near the Navia dratp's 60, the same with one gyullas spent.
    paid: Option<PlaceValues>,
    /// The best line's value: the score the bid step reports.
    best: i32,
}

/// Each rival's amount in a bid step as a reading found it, with the values that reading measured; `None` where
/// the rival was not read.
type Readings = Vec<Option<(u8, BidValues)>>;

/// The most a seat adds whose auction [`Player::settle`] plays out; a larger amount is read as that one.
const SETTLE_MOST: u8 = 6;

/// The most bid steps after this one that [`Player::settle`] plays.
const SETTLE_STEPS: usize = 9;

/// The root actions with their scores averaged over the worlds from each world's own scores in `each`, best
/// first; the first world's line and order stand for each action, and break ties.
fn averaged(each: &[Vec<RootMove>]) -> Vec<RootMove> {
    let worlds = each.len() as i64;
    let mut moves: Vec<RootMove> = each[0]
        .iter()
        .map(|m| {
            let sum: i64 = each
                .iter()
                .map(|w| i64::from(w.iter().find(|x| x.action == m.action).map_or(-INF, |x| x.score)))
                .sum();
            RootMove {
                score: (sum / worlds) as i32,
                ..m.clone()
            }
        })
        .collect();
    moves.sort_by_key(|m| std::cmp::Reverse(m.score));
    moves
}

/// The depth the threatening `rivals` before a seat's action take: their one blow (see `line`), none without them.
fn blow(rivals: &[Seat]) -> u32 {
    u32::from(!rivals.is_empty())
}

impl Player<'_, '_> {
    fn full(&self) -> bool {
        self.level >= skill::MAX_SKILL_LEVEL
    }

    fn report(&mut self, budget: &Budget, depth: u32, score: i32, pv: Vec<String>) {
        self.report_line(budget, depth, 0, score, pv);
    }

    /// One `info` line; `rank` is the line's place under `MultiPV` above 1, 0 otherwise.
    fn report_line(&mut self, budget: &Budget, depth: u32, rank: u32, score: i32, pv: Vec<String>) {
        (self.info)(&Info4 {
            depth,
            multipv: rank,
            score_cp: score,
            nodes: budget.nodes(),
            time_ms: budget.elapsed_ms(),
            pv,
        });
    }

    /// Index of the candidate to play among `scores` (best first).
    fn pick(&self, scores: &[i32]) -> usize {
        if self.full() || scores.is_empty() {
            0
        } else {
            skill::pick_score(scores, self.level, self.seed)
        }
    }

    /// Phase `a`: the best legal action.
    pub(super) fn act(&mut self, budget: &mut Budget) -> Answer4 {
        let actions = self.state.legal_actions();
        let Some(&first) = actions.first() else {
            return Answer4::None;
        };
        if actions.len() == 1 && self.full() {
            return Answer4::Action(first);
        }
        let root = Line {
            last: Some(self.seat),
            ..line_of(self.state)
        };
        let mut moves: Vec<RootMove> = actions
            .iter()
            .map(|&a| RootMove {
                action: a,
                score: -INF,
                pv: vec![Some(a)],
            })
            .collect();
        let cat = self.state.position().catalogue();
        let (mut depth, mut stable) = (1, 0);
        // One search for every iteration: its killers and last line order the next.
        let mut search =
            Search::new(self.seat, budget, self.table, self.wars, &self.weights, &self.weights4).softened_blows();
        let worlds = self.worlds(&root);
        let mut each = vec![moves.clone(); worlds.len()];
        // Every score exact below full strength (the weak levels choose among them), under `MultiPV`, and where
        // the worlds' scores are averaged.
        let exact = !self.full() || self.multipv > 1 || worlds.len() > 1;
        while search.budget().may_deepen(depth, stable) {
            let before = moves[0].action;
            let complete = worlds
                .iter()
                .zip(each.iter_mut())
                .all(|(world, m)| search.iterate(world, m, depth, exact));
            if worlds.len() == 1 || (!complete && depth == 1) {
                // One world, or none averaged yet: its own reading of an iteration cut short (`Search::iterate`).
                moves.clone_from(&each[0]);
            }
            if !complete {
                break;
            }
            if worlds.len() > 1 {
                moves = averaged(&each);
            }
            stable = if moves[0].action == before { stable + 1 } else { 0 };
            let pv = |m: &RootMove| m.pv.iter().flatten().map(|a| action_text(a, cat)).collect();
            if self.multipv > 1 {
                for (rank, m) in (1..).zip(moves.iter().take(self.multipv)) {
                    self.report_line(search.budget(), depth, rank, m.score, pv(m));
                }
            } else {
                self.report(search.budget(), depth, moves[0].score, pv(&moves[0]));
            }
            // A win found is the shortest one (every shallower depth was searched first), in every world.
            let won = |m: &Vec<RootMove>| is_mate(m[0].score) && m[0].score > 0 && m[0].action == moves[0].action;
            if each.iter().all(won) {
                break;
            }
            depth += 1;
        }
        let scores: Vec<i32> = moves.iter().map(|m| m.score).collect();
        Answer4::Action(moves[self.pick(&scores)].action)
    }

    /// The worlds the action search averages over: `root` alone, or with `Weights4::samples` above 0, that many
    /// determinizations of the later rounds (`Line::world`, seeds from the player's seed): in each, a rival of a
    /// later round strikes only with the kind drawn for it at that round's start, as a one-ply player in its seat
    /// would declare it there (`Search::drawn_kind`), rather than with the worst any of its pieces could do. A
    /// draw made at each round's start, not once at the root, lets a rival whose Navia came into danger on the
    /// way flee or defend it.
    fn worlds(&self, root: &Line) -> Vec<Line> {
        if self.weights4.samples == 0 {
            return vec![*root];
        }
        let mut rng = Rng::new(self.seed);
        (0..self.weights4.samples)
            .map(|_| Line {
                // Never 0, which means no determinization.
                world: rng.next_u64() | 1,
                ..*root
            })
            .collect()
    }

    /// The seats other than this one that act this round, in base order, and the out or `-` seats.
    fn rivals(&self) -> (Vec<Seat>, Vec<Seat>) {
        let r = self.state.round();
        let idle = |s: Seat| r.is_out(s) || r.declaration(s) == Some(Declaration::Nothing);
        let order = r.order();
        let acting = order.into_iter().filter(|&s| s != self.seat && !idle(s)).collect();
        let rest = order.into_iter().filter(|&s| s != self.seat && idle(s)).collect();
        (acting, rest)
    }

    /// The seat before the `acting` rivals, or after them.
    fn queue(&self, acting: &[Seat], me_first: bool) -> Vec<Seat> {
        let me = std::iter::once(self.seat);
        if me_first {
            me.chain(acting.iter().copied()).collect()
        } else {
            acting.iter().copied().chain(me).collect()
        }
    }

    /// A hypothetical line: the seats in `order` (the idle ones done), `kinds` as given, `threats` only threaten.
    fn line(&self, order: Vec<Seat>, idle: &[Seat], kinds: [Option<Declaration>; 4], threats: SeatSet) -> Line {
        let base = line_of(self.state);
        // `order` and `idle` hold the four seats between them; the base order fills any gap.
        let mut seats = base.order;
        for (slot, s) in seats.iter_mut().zip(order.into_iter().chain(idle.iter().copied())) {
            *slot = s;
        }
        Line {
            last: Some(self.seat),
            order: seats,
            done: idle.iter().copied().chain(base.out.iter()).collect(),
            kinds,
            threats,
            ..base
        }
    }

    /// The auction's view of each rival: stake, pool, step, and F24's tie-break against this seat when it is known
    /// and `tie_break` counts on it (see [`Player::bid_amount`]).
    fn auction_rivals(&self, acting: &[Seat], declared: bool, tie_break: bool) -> Vec<Rival> {
        let r = self.state.round();
        let order = r.order();
        let place = |s: Seat| order.iter().position(|&o| o == s);
        let step = self.state.deciding();
        let cat = self.state.position().catalogue();
        let tie_key = |s: Seat| {
            let figure = r.declaration(s).and_then(|d| d.figure_value(cat));
            (figure, self.state.team_total(s))
        };
        acting
            .iter()
            .map(|&o| Rival {
                stake: r.stake(o),
                pool: r.pool(o),
                // Before the declarations are revealed every acting rival takes part in the first step.
                in_step: !declared || step.contains(o),
                before_me: place(o) < place(self.seat),
                // F24: lower figure value first, then lower team total; unknown before the declarations.
                wins_tie: if declared && tie_break && tie_key(o) != tie_key(self.seat) {
                    Some(tie_key(o) < tie_key(self.seat))
                } else {
                    None
                },
                reading: None,
            })
            .collect()
    }

    /// What losing `bid` gyullas from the pool is worth, in evaluation units (the pool's own value, R19).
    fn price(&self) -> impl Fn(u8) -> i32 {
        let pool = self.state.round().pool(self.seat);
        let w = self.weights;
        move |bid| w.pool_value(pool) - w.pool_value(pool - bid)
    }

    /// Iterative deepening over several lines at once, each `(line, reach)` searched through its first `reach`
    /// actions (up to and including the answering seat's own) plus `d` more in iteration `d` = 0, 1, …, so that
    /// every line is judged with the seat's action in view and the same look beyond it. The values of the last
    /// complete iteration; if not even the first completed, `Err` with the values of the first lines it did
    /// complete, in order.
    fn values(&mut self, budget: &mut Budget, lines: &[(Line, u32)]) -> Result<Vec<i32>, Vec<i32>> {
        let m = self.measure(budget, lines, &mut |v: &[i32]| (0..v.len()).collect());
        m.done.ok_or_else(|| m.cut.iter().map_while(|v| *v).collect())
    }

    /// [`Player::values`] with what the iteration cut short measured: the lines of the first iteration are
    /// searched in order, those of every later one in the order `order` gives from the values before; at most
    /// `sealed_iterations` of them (see `Weights4`).
    fn measure(
        &mut self,
        budget: &mut Budget,
        lines: &[(Line, u32)],
        order: &mut dyn FnMut(&[i32]) -> Vec<usize>,
    ) -> Measured {
        let mut done: Option<Vec<i32>> = None;
        let (mut extra, mut stable, mut best) = (0, 0, None);
        let mut search = Search::new(self.seat, budget, self.table, self.wars, &self.weights, &self.weights4);
        let most = self.weights4.sealed_iterations.max(1) as u32;
        while extra < most && search.budget().may_deepen(extra + 1, stable) {
            let mut values = vec![None; lines.len()];
            let sequence = done.as_deref().map_or_else(|| (0..lines.len()).collect(), &mut *order);
            for i in sequence {
                let (l, reach) = &lines[i];
                let v = search.value(l, reach + extra);
                if search.budget().halted() {
                    return Measured { done, cut: values };
                }
                values[i] = Some(v);
            }
            let values: Vec<i32> = values.into_iter().flatten().collect();
            let top = values
                .iter()
                .copied()
                .enumerate()
                .max_by_key(|&(i, v)| (v, std::cmp::Reverse(i)));
            let top = top.map(|(i, _)| i);
            stable = if top == best { stable + 1 } else { 0 };
            best = top;
            let score = values.iter().copied().max().unwrap_or(0);
            self.report(search.budget(), extra + 1, score, Vec::new());
            self.depth = extra + 1;
            done = Some(values);
            extra += 1;
        }
        Measured {
            done,
            cut: vec![None; lines.len()],
        }
    }

    /// Phase `d`: the kind worth most, the auction included.
    pub(super) fn declare(&mut self, budget: &mut Budget) -> Answer4 {
        let kinds = self.state.declarable(self.seat);
        let Some(&first) = kinds.first() else {
            return Answer4::None;
        };
        if kinds.len() == 1 && self.full() {
            return Answer4::Declare(first);
        }
        let (acting, idle) = self.rivals();
        let threats: SeatSet = acting.iter().copied().collect();
        let blow = blow(&acting);
        let line_of_kind = |k: Declaration, me_first: bool| {
            let mut open = [None; 4];
            open[self.seat.index()] = Some(k);
            let reach = if me_first { 1 } else { blow + 1 };
            (self.line(self.queue(&acting, me_first), &idle, open, threats), reach)
        };
        // Acting first with every kind, then acting last with every kind: the first lines cost a few nodes a
        // kind, the last ones through the rivals' blow up to tens of thousands while every kind can still be
        // summoned. A first iteration cut short among the last lines still declares from the first ones, not the
        // canonical first kind (F20: `N`, whose walk back and forth ends games in thousand wars, F30).
        let n = kinds.len();
        let lines: Vec<(Line, u32)> = [true, false]
            .into_iter()
            .flat_map(|me_first| kinds.iter().map(move |&k| (k, me_first)))
            .map(|(k, me_first)| line_of_kind(k, me_first))
            .collect();
        let rivals = self.auction_rivals(&acting, false, !self.reads(budget));
        let share = self.share(budget);
        let pool = self.state.round().pool(self.seat);
        let price = self.price();
        // A kind's worth from its values acting first and last, the auction included.
        let worth = |first: i32, last: i32| {
            let places = PlaceValues::discounted(first, last, last, share);
            let bid = choose_bid(&places, None, 0, pool, &rivals, &price);
            expected(&places, &rivals, bid as u32, price(bid)) as i32
        };
        let worths = |v: &[i32]| -> Vec<i32> { (0..n).map(|i| worth(v[i], v[n + i])).collect() };
        // After the first iteration, each kind's two lines together, the kinds best first: an iteration cut short
        // has measured the last best kind and those that came closest to it.
        let mut order = |v: &[i32]| -> Vec<usize> {
            ranked(&worths(v), &[])
                .into_iter()
                .flat_map(|(_, i)| [i, n + i])
                .collect()
        };
        let m = self.measure(budget, &lines, &mut order);
        let finished = m.done.is_some();
        let values = match m.done {
            Some(v) => v,
            None => {
                let firsts: Vec<i32> = m.cut.iter().map_while(|v| *v).collect();
                if firsts.len() < n {
                    return Answer4::Declare(first);
                }
                self.depth = 1;
                [&firsts[..n], &firsts[..n]].concat()
            }
        };
        // A seat held to one action (`go depth 1`, a greedy seat) measures no world, as it reads no bid.
        let values = if finished && budget.max_depth > 1 {
            let (values, worlds) = self.sealed_worlds(budget, &kinds, &acting, &idle, values);
            log::debug!("{}'s declaration averaged {worlds} worlds", self.seat);
            values
        } else {
            values
        };
        let again: Vec<Option<i32>> = (0..n).map(|i| Some(worth(m.cut[i]?, m.cut[n + i]?))).collect();
        let scored: Vec<(i32, Declaration)> = ranked(&worths(&values), &again)
            .into_iter()
            .map(|(w, i)| (w, kinds[i]))
            .collect();
        let scores: Vec<i32> = scored.iter().map(|s| s.0).collect();
        let (score, kind) = scored[self.pick(&scores)];
        let cat = self.state.position().catalogue();
        if self.multipv > 1 {
            for (rank, &(worth, k)) in (1..).zip(scored.iter().take(self.multipv)) {
                self.report_line(budget, self.depth, rank, worth, vec![declaration_text(k, cat)]);
            }
        } else {
            self.report(budget, self.depth, score, vec![declaration_text(kind, cat)]);
        }
        Answer4::Declare(kind)
    }

    /// The declaration's `measured` values (each kind acting first, then each acting last, as `declare` lists
    /// them) averaged with up to `Weights4::declare_worlds` determinizations, as many as the budget completes: in
    /// each, every acting rival is drawn a kind ([`Search::sealed_kind`]) and read as a revealed rival, and every
    /// line is searched through the seat's own action. Also how many worlds it averaged.
    fn sealed_worlds(
        &mut self,
        budget: &mut Budget,
        kinds: &[Declaration],
        acting: &[Seat],
        idle: &[Seat],
        measured: Vec<i32>,
    ) -> (Vec<i32>, u32) {
        // The iterations' values count as one world: a single draw does not outweigh them.
        let mut sum: Vec<i64> = measured.iter().map(|&v| i64::from(v)).collect();
        let mut count = 1;
        let mut search = Search::new(self.seat, budget, self.table, self.wars, &self.weights, &self.weights4);
        let root = line_of(self.state);
        let mut rng = Rng::new(self.seed ^ 0x5EA1_ED00);
        'worlds: for _ in 0..self.weights4.declare_worlds {
            // On the clock a world starts only within the time an iteration could start in, as the iterations do.
            if !search.budget().may_deepen(1, 0) {
                break;
            }
            let world = rng.next_u64();
            let mut drawn = [None; 4];
            for &r in acting {
                drawn[r.index()] = search.sealed_kind(&root, r, world);
                if search.budget().halted() {
                    break 'worlds;
                }
            }
            let mut values = Vec::with_capacity(measured.len());
            for me_first in [true, false] {
                for &k in kinds {
                    let mut open = drawn;
                    open[self.seat.index()] = Some(k);
                    let line = self.line(self.queue(acting, me_first), idle, open, SeatSet::EMPTY);
                    // Every rival before the seat acts, each costing an action of depth.
                    let v = search.value(&line, self.through_me(&line));
                    if search.budget().halted() {
                        break 'worlds;
                    }
                    values.push(i64::from(v));
                }
            }
            for (s, v) in sum.iter_mut().zip(values) {
                *s += v;
            }
            count += 1;
        }
        (sum.iter().map(|&s| (s / count) as i32).collect(), count as u32 - 1)
    }

    /// Phase `b`: the amount whose expected place is worth most, its price paid.
    pub(super) fn bid(&mut self, budget: &mut Budget) -> Answer4 {
        Answer4::Bid(self.bid_amount(budget).unwrap_or(0))
    }

    /// The rivals' amounts in this bid step as one-ply players in their seats would add them, each the answer of
    /// this player's own bid step for that seat, one action deep, reading its rivals blind (no reading of a
    /// reading), with the values its lines measured; `None` for a rival out of the step, with an empty pool, or
    /// whose reading the budget cut short. Each costs about a hundred nodes (a few thousand at most), counted in
    /// `budget`. A seat held to one action (`go depth 1`, a greedy seat) reads no rival: its bid step is its own
    /// lines alone, and a reading is one more search in each rival's seat.
    fn read_bids(&self, acting: &[Seat], budget: &mut Budget) -> Readings {
        if !self.reads(budget) {
            return vec![None; acting.len()];
        }
        let step = self.state.deciding();
        let round = self.state.round();
        acting
            .iter()
            .map(|&o| {
                if !step.contains(o) || round.pool(o) == 0 {
                    return None;
                }
                self.one_ply(self.state, o, None, budget)
            })
            .collect()
    }

    /// What a one-ply player in `seat` adds in `state`'s bid step, with the values its lines measured: `known`
    /// when given (the same round's lines, measured in an earlier step), else measured now.
    fn one_ply(
        &self,
        state: &State4,
        seat: Seat,
        known: Option<BidValues>,
        budget: &mut Budget,
    ) -> Option<(u8, BidValues)> {
        let mut child = budget.child(1);
        let mut quiet = |_: &Info4| {};
        // One action deep, it reads no rival itself and bids at `blow_share` (`Player::reads`).
        let mut one_ply = Player {
            state,
            seat,
            info: &mut quiet,
            ..*self
        };
        let values = match known {
            Some(v) => v,
            None => {
                let v = one_ply.bid_values(&mut child);
                budget.absorb(&child);
                v?
            }
        };
        Some((one_ply.choose(&values, &[], &child), values))
    }

    /// The readings `read` and the auction `settled` with them, read again level by level up to
    /// `Weights4::read_levels` with what the seat's own lines left of the budget: at level L each rival read in the
    /// step adds what this player would add in its seat reading at level L − 1 (the values the one-ply reading
    /// measured still play the later steps out, `settle`). The deepest level completed for every rival is kept.
    fn read_deeper(
        &self,
        acting: &[Seat],
        mut read: Readings,
        mut settled: Option<Vec<Vec<u8>>>,
        budget: &mut Budget,
    ) -> (Readings, Option<Vec<Vec<u8>>>) {
        if settled.is_none() {
            return (read, settled);
        }
        for level in 1..=self.weights4.read_levels {
            let mut next = read.clone();
            for (r, &o) in next.iter_mut().zip(acting) {
                if let Some((amount, _)) = r {
                    match self.read_as_player(o, level, budget) {
                        Some(a) => *amount = a,
                        None => return (read, settled),
                    }
                }
            }
            match self.settle(acting, &next, budget) {
                Some(s) => {
                    read = next;
                    settled = Some(s);
                    log::debug!("{} read its rivals' bids to level {level}", self.seat);
                }
                None => break,
            }
        }
        (read, settled)
    }

    /// What this player would add in `seat`'s place in this bid step, reading `level` − 1 levels deep; `None` when
    /// the budget ran out first.
    fn read_as_player(&self, seat: Seat, level: i32, budget: &mut Budget) -> Option<u8> {
        let mut child = budget.child(budget.max_depth);
        let mut quiet = |_: &Info4| {};
        let mut rival = Player {
            seat,
            info: &mut quiet,
            weights4: Weights4 {
                read_levels: level - 1,
                ..self.weights4
            },
            ..*self
        };
        let amount = rival.bid_amount(&mut child);
        budget.absorb(&child);
        if child.halted() {
            None
        } else {
            amount
        }
    }

    /// Whether this seat reads its rivals' bids: it trusts a reading at all and is not held to one action.
    fn reads(&self, budget: &Budget) -> bool {
        self.weights4.bid_trust > 0 && budget.max_depth > 1
    }

    /// The share of what acting late loses that this seat's bids pay for: `read_share` where it reads its rivals'
    /// bids, else `blow_share` (see both in `Weights4`).
    fn share(&self, budget: &Budget) -> i32 {
        if self.reads(budget) {
            self.weights4.read_share
        } else {
            self.weights4.blow_share
        }
    }

    /// [`Player::bid`]'s amount; `None` when the budget ran out before its lines were measured.
    ///
    /// A seat that reads its rivals plays the rest of the auction out for each amount it could add (`settle`):
    /// a tie group left below its stake raises again (F23), a gyullas a step, and catches it up, so outbidding
    /// this step's readings by one started wars of dozens of steps. Each amount then counts the rivals' later
    /// raises, and what the rivals spend (a stake is spent, F25) counts for the seat at its share of the score.
    fn bid_amount(&mut self, budget: &mut Budget) -> Option<u8> {
        let (acting, _) = self.rivals();
        // Read before the seat's own lines take the budget.
        let read = self.read_bids(&acting, budget);
        let settled = if self.reads(budget) {
            self.settle(&acting, &read, budget)
        } else {
            None
        };
        let values = self.bid_values(budget)?;
        let before = budget.nodes();
        let (read, settled) = self.read_deeper(&acting, read, settled, budget);
        if budget.nodes() > before {
            // The answer's nodes as they now stand, as an iteration reports them.
            self.report(budget, self.depth, values.best, Vec::new());
        }
        let percent = self.weights4.bid_trust.clamp(0, 100) as u8;
        let readings: Vec<Option<Reading>> = read
            .iter()
            .map(|r| r.map(|(amount, _)| Reading { amount, percent }))
            .collect();
        let Some(adds) = settled else {
            return Some(self.choose(&values, &readings, budget));
        };
        let rivals = self.auction_rivals(&acting, true, false);
        let later = |x: u8| &adds[usize::from(x).min(adds.len() - 1)];
        // This step as read, the later steps as played out: a rival in the step adds its whole reading (trusted
        // as the reading is), one outside it ends at the stake the later steps give it.
        let rivals_at = |x: u8| -> Vec<Rival> {
            rivals
                .iter()
                .zip(later(x))
                .zip(&readings)
                .map(|((r, &add), reading)| match reading {
                    Some(reading) if r.in_step => Rival {
                        reading: Some(Reading {
                            amount: add,
                            ..*reading
                        }),
                        ..*r
                    },
                    _ => Rival {
                        stake: r.stake + add,
                        ..*r
                    },
                })
                .collect()
        };
        let round = self.state.round();
        let pools: Vec<u8> = acting.iter().map(|&o| round.pool(o)).collect();
        // The score counts each other seat's worth at about one part in (rivals + 1) (see `eval::score_for`).
        let parts = acting.len() as i32 + 1;
        let w = self.weights;
        let price = self.cost(&values);
        let cost = |x: u8| {
            let burnt: i32 = pools
                .iter()
                .zip(later(x))
                .map(|(&p, &add)| w.pool_value(p) - w.pool_value(p.saturating_sub(add)))
                .sum();
            price(x) - burnt / parts
        };
        let pool = self.state.max_bid(self.seat);
        let stake = round.stake(self.seat);
        Some(choose_bid_each(&values.places, values.paid.as_ref(), stake, pool, rivals_at, cost).min(pool))
    }

    /// The values of this seat's bid lines: acting first, last or not at all (the rivals again only
    /// threatening, one per turn of this seat), for a reading seat after each set of rivals, and near the dratp
    /// first and last with one gyullas spent.
    fn bid_values(&mut self, budget: &mut Budget) -> Option<BidValues> {
        let pool = self.state.max_bid(self.seat);
        let (acting, idle) = self.rivals();
        let kinds = self
            .state
            .round()
            .setup()
            .declarations
            .map_or([None; 4], |d| d.map(Some));
        let (me_first, me_last) = (self.queue(&acting, true), self.queue(&acting, false));
        let mut idle_me = idle.clone();
        idle_me.push(self.seat);
        let blow = blow(&acting);
        // The rivals only threaten here too, one of them per turn of this seat (see `line`): the bid pays for
        // what acting first saves or wins against one rival's best blow, not against a coalition's.
        let threats: SeatSet = acting.iter().copied().collect();
        let first = self.line(me_first, &idle, kinds, threats);
        let last = self.line(me_last, &idle, kinds, threats);
        let mut lines = vec![
            (first, 1),
            (last, blow + 1),
            (self.line(acting.clone(), &idle_me, kinds, threats), blow.max(1)),
        ];
        // A positive amount is spent whatever place it buys (F25). Near the 60 a Navia dratp needs (F29), one
        // gyullas less can cost the game it wins: there, acting first and last are measured again with one
        // gyullas less, and the price of a positive amount counts only the gyullas beyond that one. (Measured
        // always, the extra lines cost every bid an iteration, and B placed worse.)
        let near_dratp = pool > 0 && u32::from(pool) + DRATP_REACH >= u32::from(NAVIA_DRATP_COST);
        if near_dratp {
            let paid = |l: Line| Line {
                pos: l.pos.after_spending(self.seat, 1),
                ..l
            };
            lines.extend([(paid(first), 1), (paid(last), blow + 1)]);
        }
        // A seat that reads its rivals' bids knows which of them it will act after, not only how many, so it
        // measures acting after each set of them: the blow that acting late risks may be one rival's alone. (Near
        // the dratp the paid lines keep the straight line: the sets there would double again.)
        let all = (1usize << acting.len()) - 1;
        let sets = self.reads(budget) && !near_dratp && acting.len() >= 2;
        if sets {
            for set in 1..all {
                let ahead = |i: &usize| set & 1 << i != 0;
                let before = (0..acting.len()).filter(ahead).map(|i| acting[i]);
                let after = (0..acting.len()).filter(|i| !ahead(i)).map(|i| acting[i]);
                let order = before.chain(std::iter::once(self.seat)).chain(after).collect();
                lines.push((self.line(order, &idle, kinds, threats), blow + 1));
            }
        }
        let mut v = self.values(budget, &lines).ok()?;
        // A seat held to one action (`go depth 1`, a greedy seat, a rival's reading) reads no rival as revealed.
        if budget.max_depth > 1 {
            if let Some((open, past)) = self.revealed(budget, &lines) {
                log::debug!(
                    "{}'s bid step read its rivals revealed {past} actions past its own",
                    self.seat
                );
                for (t, o) in v.iter_mut().zip(open) {
                    *t = (*t + o) / 2;
                }
                // The answer's nodes and score as they now stand, as an iteration reports them.
                let best = v.iter().copied().max().unwrap_or(0);
                self.report(budget, self.depth, best, Vec::new());
            }
        }
        let share = self.share(budget);
        let mut places = PlaceValues::discounted(v[0], v[1], v[2], share);
        if sets {
            let mut after = [0; SETS];
            after[0] = v[0];
            after[all] = v[1];
            after[1..all].copy_from_slice(&v[3..]);
            places = places.with_after(after, share);
        }
        Some(BidValues {
            places,
            paid: near_dratp.then(|| PlaceValues::discounted(v[3], v[4], v[2], share)),
            best: v.iter().copied().max().unwrap_or(0),
        })
    }

    /// The bid step's `lines` measured again with every rival read as revealed (its kind is, F21), playing its own
    /// best action rather than threatening, each line through the seat's own action (or, where it does not act,
    /// through the rivals') plus `d` more actions in iteration `d`, while the budget and `Weights4::bid_reveal`
    /// allow: the values of the deepest iteration completed and its `d`, `None` before the first.
    fn revealed(&mut self, budget: &mut Budget, lines: &[(Line, u32)]) -> Option<(Vec<i32>, u32)> {
        let mut search = Search::new(self.seat, budget, self.table, self.wars, &self.weights, &self.weights4);
        let mut deepest = None;
        for extra in 0..self.weights4.bid_reveal as u32 {
            if !search.budget().may_deepen(extra + 1, 0) {
                break;
            }
            let mut values = Vec::with_capacity(lines.len());
            for (l, _) in lines {
                let open = Line {
                    threats: SeatSet::EMPTY,
                    ..*l
                };
                values.push(search.value(&open, self.through_me(&open) + extra));
                if search.budget().halted() {
                    return deepest;
                }
            }
            deepest = Some((values, extra));
        }
        deepest
    }

    /// The actions `line` takes through this seat's own, the rivals before it included, or through every seat
    /// still to act where this one does not act; at least one.
    fn through_me(&self, line: &Line) -> u32 {
        let to_act = line.order.iter().filter(|&&s| !line.done.contains(s));
        let upto = to_act.clone().position(|&s| s == self.seat);
        upto.map_or_else(|| to_act.count(), |i| i + 1).max(1) as u32
    }

    /// What adding an amount costs: the pool's value lost, less the first gyullas where the paid lines count it.
    fn cost(&self, values: &BidValues) -> impl Fn(u8) -> i32 {
        let price = self.price();
        let spent = if values.paid.is_some() { price(1) } else { 0 };
        move |bid: u8| if bid == 0 { 0 } else { price(bid) - spent }
    }

    /// The amount to add in this bid step for the measured `values`, the rivals' amounts read as `readings`.
    fn choose(&self, values: &BidValues, readings: &[Option<Reading>], budget: &Budget) -> u8 {
        let pool = self.state.max_bid(self.seat);
        let (acting, _) = self.rivals();
        // A seat that reads its rivals' amounts counts on no tie-break. Equal positive stakes do not end the
        // auction: the tied seats bid again (F23), and tied seats mostly raise again, a gyullas a step, sometimes
        // for dozens of steps, while F24's order settles only a tie that they all stop raising. Such a seat prices an
        // equal stake as the promise step's coin (`Rival::wins_tie` unknown), forfeit risk included, so it outbids
        // a read amount rather than matching it. A blind bidder's odds of an exact tie are small either way.
        let mut rivals = self.auction_rivals(&acting, true, !self.reads(budget));
        for (r, reading) in rivals.iter_mut().zip(readings) {
            r.reading = *reading;
        }
        let stake = self.state.round().stake(self.seat);
        choose_bid(
            &values.places,
            values.paid.as_ref(),
            stake,
            pool,
            &rivals,
            self.cost(values),
        )
        .min(pool)
    }

    /// For each amount from 0 to [`SETTLE_MOST`] that this seat could add now and nothing after: what each of
    /// `acting` adds over the rest of the auction, this step as `read` and each later step (F23) as a one-ply
    /// player would add, from the values its reading measured (a rival not read yet is measured once). `None`
    /// when a rival in the step was not read or the budget ran out.
    fn settle(&self, acting: &[Seat], read: &[Option<(u8, BidValues)>], budget: &mut Budget) -> Option<Vec<Vec<u8>>> {
        let round = self.state.round();
        let step = round.bid_step();
        let mut measured: [Option<BidValues>; 4] = [None; 4];
        let mut now = [0u8; 4];
        for (r, &o) in read.iter().zip(acting) {
            match r {
                Some((amount, values)) => {
                    now[o.index()] = *amount;
                    measured[o.index()] = Some(*values);
                }
                None if step.contains(o) && round.pool(o) > 0 => return None,
                None => {}
            }
        }
        let mut out = Vec::new();
        for x in 0..=self.state.max_bid(self.seat).min(SETTLE_MOST) {
            let mut st = *self.state;
            let mut added = [0u8; 4];
            let mut amounts = [None; 4];
            for s in step.iter() {
                amounts[s.index()] = Some(if s == self.seat { x } else { now[s.index()] });
            }
            for _ in 0..SETTLE_STEPS {
                for s in Seat::ALL.into_iter().filter(|&s| s != self.seat) {
                    added[s.index()] += amounts[s.index()].unwrap_or(0);
                }
                st.apply(&Event::Bid(amounts)).ok()?;
                if st.phase() != Phase::Bidding {
                    break;
                }
                amounts = [None; 4];
                for s in st.round().bid_step().iter() {
                    let amount = if s == self.seat || st.round().pool(s) == 0 {
                        0
                    } else {
                        let (amount, values) = self.one_ply(&st, s, measured[s.index()], budget)?;
                        measured[s.index()] = Some(values);
                        amount
                    };
                    amounts[s.index()] = Some(amount);
                }
            }
            out.push(acting.iter().map(|o| added[o.index()]).collect());
        }
        Some(out)
    }

    /// Phase `p`: promise when acting early without captures is worth more than acting late with them.
    pub(super) fn promise(&mut self, budget: &mut Budget) -> Answer4 {
        let r = self.state.round();
        let cat = self.state.position().catalogue();
        let key = |s: Seat| {
            let figure = r.declaration(s).and_then(|d| d.figure_value(cat));
            (r.stake(s), figure, self.state.team_total(s))
        };
        let step = self.state.deciding();
        let outcome = |mine: bool| {
            let mut answers = [None; 4];
            for s in step.iter() {
                let tied = key(s) == key(self.seat);
                answers[s.index()] = Some(if s == self.seat { mine } else { tied && !mine });
            }
            let mut next = *self.state;
            next.apply(&Event::Promise(answers)).ok().map(|_| Line {
                last: Some(self.seat),
                ..line_of(&next)
            })
        };
        let (yes, no) = (outcome(true), outcome(false));
        // Each line through the end of the round: the seat's place differs, not the horizon.
        let reach = |l: &Line| Seat::ALL.iter().filter(|&&s| !l.done.contains(s)).count().max(1) as u32;
        let lines: Vec<(Line, u32)> = [yes, no].into_iter().flatten().map(|l| (l, reach(&l))).collect();
        if lines.len() < 2 {
            return Answer4::Promise(yes.is_some() && no.is_none());
        }
        let Ok(v) = self.values(budget, &lines) else {
            return Answer4::Promise(false);
        };
        Answer4::Promise(v[0] > v[1])
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    use std::sync::atomic::AtomicBool;

    use crate::rules::{Catalogue, Game4, Phase};

    use super::super::{Limits4, Settings4};

    /// A full-strength player for `seat` in `state` with the default weights.
    fn full_player<'g, 'i>(
        state: &'g State4,
        seat: Seat,
        seed: u64,
        table: &'g Tt,
        info: &'i mut dyn FnMut(&Info4),
    ) -> Player<'g, 'i> {
        Player {
            state,
            seat,
            level: skill::MAX_SKILL_LEVEL,
            seed,
            info,
            depth: 0,
            multipv: 1,
            wars: &[],
            table,
            weights: Weights::DEFAULT,
            weights4: Weights4::DEFAULT,
        }
    }

    /// Random games from the start; calls `check` on every state of phase `a`.
    pub(in crate::search::four) fn random_games(games: u64, mut check: impl FnMut(&State4, &mut Rng)) {
        for g in 0..games {
            let mut rng = Rng::new(g);
            let mut game = Game4::startpos(Catalogue::builtin(), None, 200).unwrap();
            for _ in 0..120 {
                let state = *game.state();
                if game.result().is_some() {
                    break;
                }
                let deciding = state.deciding();
                let ev = match state.phase() {
                    Phase::Decision => Event::Declare(Seat::ALL.map(|s| {
                        let kinds = state.declarable(s);
                        if kinds.is_empty() {
                            Declaration::Nothing
                        } else {
                            kinds[rng.below(kinds.len())]
                        }
                    })),
                    Phase::Bidding => {
                        let step = state.round().bid_step();
                        Event::Bid(Seat::ALL.map(|s| {
                            step.contains(s)
                                .then(|| rng.below(state.max_bid(s) as usize / 3 + 1) as u8)
                        }))
                    }
                    Phase::Promise => {
                        Event::Promise(Seat::ALL.map(|s| deciding.contains(s).then(|| rng.below(2) == 1)))
                    }
                    Phase::Actions => {
                        check(&state, &mut rng);
                        let actions = state.legal_actions();
                        Event::Action(state.action_text(&actions[rng.below(actions.len())]))
                    }
                };
                game.play(&ev).unwrap();
            }
        }
    }

    #[test]
    fn a_kind_that_beat_the_last_best_in_the_iteration_cut_short_comes_first() {
        let worths = [10, 30, 20, 30];
        // Equal worth keeps the canonical order (F20).
        assert_eq!(ranked(&worths, &[]), vec![(30, 1), (30, 3), (20, 2), (10, 0)]);
        // Kind 1, the last best, measured again at 5: kind 0 (8) beat it and kind 2 (4) did not.
        let again = [Some(8), Some(5), Some(4), None];
        assert_eq!(ranked(&worths, &again), vec![(30, 0), (30, 1), (30, 3), (20, 2)]);
        // The last best not measured again, or beaten by none: the last complete iteration stands.
        let unchanged = ranked(&worths, &[]);
        assert_eq!(ranked(&worths, &[Some(50), None, Some(40), None]), unchanged);
        assert_eq!(ranked(&worths, &[Some(5), Some(5), None, Some(1)]), unchanged);
    }

    #[test]
    fn the_line_of_a_state_lists_the_same_actor_actions_and_next_repetition_key_to_the_end_of_the_round() {
        let (mut states, mut rounds) = (0, 0);
        random_games(6, |state, rng| {
            states += 1;
            let (mut state, mut line) = (*state, line_of(state));
            // Follow the round to its end through both: same actor, same actions, same board.
            while state.phase() == Phase::Actions && state.result().is_none() {
                let seat = state.round().actor().unwrap();
                // The search skips a seat without an action when its turn comes (F26), as the round does.
                while let Some(s) = line.actor().filter(|&s| s != seat) {
                    assert!(line.actions(s).is_empty(), "{s} has actions but the round skipped it");
                    line = line.skip(s);
                }
                assert_eq!(line.actor(), Some(seat));
                let actions = state.legal_actions();
                assert_eq!(line.actions(seat).list(), actions);
                let a = actions[rng.below(actions.len())];
                state.play_action(&a);
                line = line.after(seat, &a);
                assert_eq!(line.pos.occupied(), state.position().occupied());
                for s in Seat::ALL {
                    assert_eq!(line.pos.pool(s), state.position().pool(s));
                }
            }
            // F30: the line keys the next round's start as the game does (seats left without an action skipped).
            if state.phase() == Phase::Decision && state.result().is_none() {
                while line.ended.is_none() {
                    line = line.skip(line.actor().unwrap());
                }
                assert_eq!(line.ended, Some(state.repetition_key()));
                rounds += 1;
            }
        });
        assert!(rounds > 10, "{rounds}");
        assert!(states > 100, "{states}");
    }

    #[test]
    fn a_declaration_averages_as_many_worlds_as_its_budget_allows_and_the_same_for_the_same_seed() {
        let game = Game4::startpos(Catalogue::builtin(), None, 200).unwrap();
        let state = game.state();
        let table = Tt::new(1);
        let mut quiet = |_: &Info4| {};
        let mut player = full_player(state, Seat::South, 11, &table, &mut quiet);
        let kinds = state.declarable(Seat::South);
        let (acting, idle) = player.rivals();
        let measured = vec![0; 2 * kinds.len()];
        let stop = AtomicBool::new(false);
        let run = |player: &mut Player, nodes: Option<u64>| {
            table.clear();
            let limits = Limits4 {
                nodes,
                ..Limits4::default()
            };
            let mut budget = Budget::new(&limits, &Settings4::FULL, &stop, 64);
            let (values, worlds) = player.sealed_worlds(&mut budget, &kinds, &acting, &idle, measured.clone());
            (values, worlds, budget.nodes())
        };
        player.weights4.declare_worlds = 0;
        assert_eq!(run(&mut player, None), (measured.clone(), 0, 0));
        player.weights4.declare_worlds = 8;
        let (values, worlds, nodes) = run(&mut player, None);
        assert_eq!(worlds, 8);
        assert_ne!(values, measured, "the worlds measured nothing");
        // The same seed draws the same worlds; half the nodes complete fewer of them, but some.
        assert_eq!(run(&mut player, None), (values, 8, nodes));
        // On a clock whose time is spent, none starts.
        let limits = Limits4 {
            time_left_ms: Some(100),
            ..Limits4::default()
        };
        let mut budget = Budget::new(&limits, &Settings4::FULL, &stop, 64);
        std::thread::sleep(std::time::Duration::from_millis(95));
        let late = player.sealed_worlds(&mut budget, &kinds, &acting, &idle, measured.clone());
        assert_eq!(late, (measured.clone(), 0));
        let (_, fewer, _) = run(&mut player, Some(nodes / 2));
        assert!(
            (1..8).contains(&fewer),
            "{fewer} worlds in {} of {nodes} nodes",
            nodes / 2
        );
    }

    #[test]
    fn the_worlds_are_the_root_with_a_seed_each_reproducible_and_keyed_apart() {
        random_games(2, |state, rng| {
            let seat = state.round().actor().unwrap();
            let table = Tt::new(1);
            let mut quiet = |_: &Info4| {};
            let mut player = full_player(state, seat, rng.next_u64(), &table, &mut quiet);
            let root = Line {
                last: Some(seat),
                ..line_of(state)
            };
            // Without draws, one world: the root, every later kind open.
            let one = player.worlds(&root);
            assert_eq!(one.len(), 1);
            assert_eq!((one[0].world, one[0].key()), (0, root.key()));
            player.weights4.samples = 6;
            let worlds = player.worlds(&root);
            assert_eq!(worlds.len(), 6);
            let mut keys: Vec<u64> = worlds.iter().map(Line::key).collect();
            keys.push(root.key());
            keys.sort_unstable();
            keys.dedup();
            assert_eq!(keys.len(), 7);
            // Only the seed differs from the root, and the same player seed gives the same worlds.
            assert!(worlds.iter().all(|w| Line { world: 0, ..*w }.key() == root.key()));
            let again = player.worlds(&root);
            assert!(worlds.iter().zip(&again).all(|(a, b)| a.world == b.world));
        });
    }

    #[test]
    fn a_bid_step_reads_its_rivals_revealed_as_deep_as_its_budget_allows_and_averages_both_readings() {
        // Three seats with gyullas to bid; every seat declares its second declarable kind (F21).
        let text = "nBnRn[M32]n[N02]1nRnB/1nBnBnBnB2/wBw[M17]5nB1e[M25]eB/wRwB7eBeR/1wB7eB1/w[N02]wB7eBe[N02]/\
                    w[M32]wB7eBe[M17]/wRwB7eBeR/wB9eB/1sBsBsBsBsBs[M32]/sBsR2s[N02]sRsB d swne - - 3/3/0/3 \
                    M01,M17,M23,M24,M25,M39/M01,M23,M24,M25,M39/M01,M17,M23,M24,M25,M39/M01,M23,M24,M32,M39 \
                    -/-/-/- - 3";
        let mut state = State4::from_nfen4(text, Catalogue::builtin(), 200).unwrap();
        let declared = Seat::ALL.map(|s| state.declarable(s)[1]);
        state.apply(&Event::Declare(declared)).unwrap();
        assert_eq!(state.phase(), Phase::Bidding);
        let table = Tt::new(1);
        let mut quiet = |_: &Info4| {};
        let mut player = full_player(&state, Seat::South, 11, &table, &mut quiet);
        let (acting, idle) = player.rivals();
        assert_eq!(acting.len(), 3);
        let threats: SeatSet = acting.iter().copied().collect();
        let kinds = declared.map(Some);
        let mut idle_me = idle.clone();
        idle_me.push(Seat::South);
        let first = player.line(player.queue(&acting, true), &idle, kinds, threats);
        let last = player.line(player.queue(&acting, false), &idle, kinds, threats);
        let none = player.line(acting.clone(), &idle_me, kinds, threats);
        // Revealed, every rival before the seat acts in full; without the seat, every rival does.
        assert_eq!([first, last, none].map(|l| player.through_me(&l)), [1, 4, 3]);
        let lines = [(first, 1), (last, 2), (none, 1)];
        let stop = AtomicBool::new(false);
        let budget = |nodes: Option<u64>, depth: u32| {
            let limits = Limits4 {
                nodes,
                ..Limits4::default()
            };
            Budget::new(&limits, &Settings4::FULL, &stop, depth)
        };
        let run = |player: &mut Player, reveal: i32, nodes: Option<u64>| {
            table.clear();
            player.weights4.bid_reveal = reveal;
            let mut b = budget(nodes, 64);
            (player.revealed(&mut b, &lines), b.nodes())
        };
        assert_eq!(run(&mut player, 0, None), (None, 0));
        let (deep, nodes) = run(&mut player, 3, None);
        let (open, past) = deep.clone().unwrap();
        assert_eq!(past, 2);
        // The same readings again; with half the nodes, fewer iterations.
        assert_eq!(run(&mut player, 3, None), (deep, nodes));
        let (cut, _) = run(&mut player, 3, Some(nodes / 2));
        assert!(cut.as_ref().is_none_or(|(_, p)| *p < 2), "{cut:?}");
        // Read as threats, a rival lands its blow on the seat: acting last is worth less than revealed.
        table.clear();
        let threat = player.values(&mut budget(None, 64), &lines).unwrap();
        assert!(threat[1] < open[1], "{threat:?} {open:?}");
        // A bid step averages the two readings; held to one action, it reads the threats alone.
        let mean: Vec<i32> = threat.iter().zip(&open).map(|(t, o)| (t + o) / 2).collect();
        let places = |player: &mut Player, depth: u32| {
            table.clear();
            let share = player.share(&budget(None, depth));
            let values = player.bid_values(&mut budget(None, depth)).unwrap().places;
            (values.first, values.last, values.none, share)
        };
        player.weights4.bid_reveal = 3;
        let (first, last, none, share) = places(&mut player, 64);
        let read = PlaceValues::discounted(mean[0], mean[1], mean[2], share);
        assert_eq!((first, last, none), (read.first, read.last, read.none));
        table.clear();
        let one = player.values(&mut budget(None, 1), &lines).unwrap();
        let (first, last, none, share) = places(&mut player, 1);
        let read = PlaceValues::discounted(one[0], one[1], one[2], share);
        assert_eq!((first, last, none), (read.first, read.last, read.none));
    }

    #[test]
    fn every_round_after_this_one_opens_with_every_kind_open() {
        let mut rounds = 0;
        random_games(4, |state, _| {
            let open = line_of(state);
            let mut line = Line { world: 3, ..open };
            let kinds = line.kinds;
            // This round is as it was; the next one opens with every kind open and keeps the seed.
            while line.ended.is_none() {
                assert_eq!(line.kinds, kinds);
                line = line.skip(line.actor().unwrap());
            }
            assert_eq!((line.kinds, line.world), ([None; 4], 3));
            rounds += 1;
        });
        assert!(rounds > 10, "{rounds}");
    }

    #[test]
    fn a_bid_step_reads_each_rival_as_itself_in_that_seat_as_many_levels_deep_as_its_budget_completes() {
        // A bench position's bid step: South (pool 1) reads West (46), North (45) and East (25).
        let game = Game4::from_nfen4(super::super::BENCH4_POSITIONS[5].1, Catalogue::builtin(), 200).unwrap();
        let state = *game.state();
        let table = Tt::new(1);
        let mut quiet = |_: &Info4| {};
        let mut player = full_player(&state, Seat::South, 11, &table, &mut quiet);
        // The weights as `think` plays them, so that a reading can be compared with its answer.
        player.weights = Weights4::DEFAULT.on_the_cross(&Weights::DEFAULT);
        let stop = AtomicBool::new(false);
        let budget = |nodes: Option<u64>| {
            let limits = Limits4 {
                nodes,
                ..Limits4::default()
            };
            Budget::new(&limits, &Settings4::FULL, &stop, 64)
        };
        // What the player answers in `seat` reading `levels` levels deep, as a `go` with no limit would.
        let answer = |seat: Seat, levels: i32| {
            let mut settings = Settings4::FULL;
            settings.weights4.read_levels = levels;
            let free = Limits4::default();
            match super::super::think(&game, seat, &free, &settings, &stop, &mut |_| {}) {
                Answer4::Bid(x) => x,
                other => panic!("{other:?}"),
            }
        };
        let (acting, _) = player.rivals();
        let read = player.read_bids(&acting, &mut budget(None));
        let settled = player.settle(&acting, &read, &mut budget(None));
        assert!(settled.is_some());
        let amounts = |r: &[Option<(u8, BidValues)>]| -> Vec<Option<u8>> { r.iter().map(|r| r.map(|r| r.0)).collect() };
        // One ply deep first, in the base order after South: North and West add nothing, East 1.
        assert_eq!(acting, [Seat::North, Seat::East, Seat::West]);
        let one_ply = amounts(&read);
        assert_eq!(one_ply, [Some(0), Some(1), Some(0)]);
        // At level L a rival adds what the player itself adds in its seat reading L − 1 levels deep.
        let level = |l: i32| -> Vec<Option<u8>> {
            acting
                .iter()
                .zip(&one_ply)
                .map(|(&o, a)| a.map(|_| answer(o, l - 1)))
                .collect()
        };
        // Read as the player, North and West add more than one-ply bidders would; at level 2 North and East more
        // again, each outbidding the readings of the level below.
        let (first, second) = (level(1), level(2));
        assert_eq!(first, [Some(3), Some(1), Some(2)]);
        assert_eq!(second, [Some(4), Some(4), Some(2)]);
        let mut deeper = |levels: i32, nodes: Option<u64>| {
            table.clear();
            player.weights4.read_levels = levels;
            let mut b = budget(nodes);
            let (r, s) = player.read_deeper(&acting, read.clone(), settled.clone(), &mut b);
            assert!(s.is_some());
            (amounts(&r), b.nodes())
        };
        assert_eq!(deeper(0, None), (one_ply.clone(), 0));
        let (at_one, one_cost) = deeper(1, None);
        assert_eq!(at_one, first);
        let (at_two, two_cost) = deeper(2, None);
        assert_eq!(at_two, second);
        assert!(two_cost > one_cost);
        // A budget that ends within the second level keeps the first's readings.
        assert_eq!(deeper(2, Some((one_cost + two_cost) / 2)).0, first);
    }
}
