//! The auction reasoning (F23–F25), in terms of what a place in the queue is worth to the answering seat.
//!
//! The searches measure three values for a seat: acting first, acting last, and not acting at all
//! ([`PlaceValues`]); a place in between is worth the straight line between first and last, or, for a seat that
//! reads its rivals' bids, what acting after exactly that set of rivals was measured to be worth
//! ([`PlaceValues::after`]: one rival's blow may be all that acting late risks). The other seats'
//! sealed bids are unknown, so each is modelled as a [`Rival`]. The blind guess: a seat in the step adds nothing
//! with probability ½ and otherwise any amount from 1 to its pool, each as likely (the least informed guess that
//! still says "bidding is costly": stakes are spent win or lose, F25). In a bid step, with the declarations
//! revealed, a rival's amount is also read ([`Reading`]): what a one-ply player in its seat would add over the
//! rest of the auction, given what the answering seat adds now (`Player::read_bids`, `Player::settle`); the
//! reading gets `Weights4::bid_trust` percent of the odds and the blind guess the rest, since the rival may
//! think deeper or otherwise. With the rivals independent, the distribution of the
//! seat's place follows exactly, so the expected value of every possible bid is exact under the model, and the
//! bid chosen is the one whose expected place value, less what the gyullas are worth in the pool, is highest.
//! What acting last or not at all loses against acting first counts at a share only
//! (`PlaceValues::discounted`, `Weights4::blow_share`, or `read_share` where a seat reads its rivals' bids): the
//! lines behind it let every rival strike this seat.

/// `value` with what it loses against `first` counted at `share` percent.
fn at_share(first: i32, value: i32, share: i32) -> i32 {
    first + ((value - first) as i64 * share as i64 / 100) as i32
}

/// How many sets of rivals a seat can act after: three rivals at most.
pub(super) const SETS: usize = 1 << 3;

/// What acting at each place of the queue is worth to the answering seat, in evaluation units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PlaceValues {
    /// Acting before every other seat.
    pub(super) first: i32,
    /// Acting after every other seat.
    pub(super) last: i32,
    /// Not acting this round (a forfeit, F24).
    pub(super) none: i32,
    /// Where measured: acting after exactly the rivals of each set and before the others, indexed by the set
    /// (bit `i`: the `i`-th rival of the auction; the empty set is first, the full one last); `None` for the
    /// straight line between first and last.
    pub(super) after: Option<[i32; SETS]>,
}

impl PlaceValues {
    /// The values the searches measured, with what acting last and not acting lose against acting first
    /// counted at `share` percent (`Weights4::blow_share` and `read_share`: see there).
    pub(super) fn discounted(first: i32, last: i32, none: i32, share: i32) -> PlaceValues {
        PlaceValues {
            first,
            last: at_share(first, last, share),
            none: at_share(first, none, share),
            after: None,
        }
    }

    /// These values with acting after each set of rivals measured as `after` (indexed as [`PlaceValues::after`]),
    /// what it loses against acting first counted at `share` percent as in [`PlaceValues::discounted`].
    pub(super) fn with_after(self, after: [i32; SETS], share: i32) -> PlaceValues {
        PlaceValues {
            after: Some(after.map(|v| at_share(self.first, v, share))),
            ..self
        }
    }

    /// The value of `place` (0 = first) among `actors` seats that act: first and last as measured, the places
    /// between on the straight line.
    pub(super) fn at(&self, place: usize, actors: usize) -> f64 {
        if actors <= 1 {
            return self.first as f64;
        }
        let t = place.min(actors - 1) as f64 / (actors - 1) as f64;
        self.first as f64 + t * (self.last - self.first) as f64
    }
}

/// What a rival is read to add in a bid step, and how far the reading is trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Reading {
    /// The amount a one-ply player in its seat would add.
    pub(super) amount: u8,
    /// The percent of the odds the reading gets; the blind guess gets the rest.
    pub(super) percent: u8,
}

/// Another seat in the auction, as the answering seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Rival {
    /// Its stake so far (0 before the first step).
    pub(super) stake: u8,
    /// What it can still add: its pool.
    pub(super) pool: u8,
    /// Whether it bids in this step (F23).
    pub(super) in_step: bool,
    /// Whether it comes before the answering seat in the base order, which orders equal stakes of 0 (F25).
    pub(super) before_me: bool,
    /// Who goes first when the stakes are equal and positive, by F24's figure value and team total:
    /// `Some(true)` the rival, `Some(false)` the answering seat, `None` the promise step decides (½ each), or the
    /// seat does not count on the tie-break (tied seats bid again, F23; see `Player::bid_amount`).
    pub(super) wins_tie: Option<bool>,
    /// What it is read to add in this step, if the seat read it (see the module doc).
    pub(super) reading: Option<Reading>,
}

impl Rival {
    /// Against a seat whose stake ends at `mine`: the probability that this rival ends ahead of it, and the
    /// probability of an equal positive stake that only the promise step can settle.
    fn against(&self, mine: u32) -> (f64, f64) {
        let outcome = |theirs: u32| -> (f64, f64) {
            if theirs != mine {
                return (if theirs > mine { 1.0 } else { 0.0 }, 0.0);
            }
            if mine == 0 {
                // Stakes of 0 are no tie: base order (F23, F25).
                return (if self.before_me { 1.0 } else { 0.0 }, 0.0);
            }
            match self.wins_tie {
                Some(true) => (1.0, 0.0),
                Some(false) => (0.0, 0.0),
                None => (0.0, 1.0),
            }
        };
        let stake = self.stake as u32;
        if !self.in_step || self.pool == 0 {
            return outcome(stake);
        }
        if let Some(r) = self.reading {
            let blind = Rival { reading: None, ..*self }.against(mine);
            let read = outcome(stake + r.amount as u32);
            let p = f64::from(r.percent.min(100)) / 100.0;
            return (p * read.0 + (1.0 - p) * blind.0, p * read.1 + (1.0 - p) * blind.1);
        }
        let raises = self.pool as u32;
        let (mut ahead, mut tie) = outcome(stake);
        let (mut a, mut t) = (0.0, 0.0);
        for x in 1..=raises {
            let (ax, tx) = outcome(stake + x);
            a += ax;
            t += tx;
        }
        ahead = 0.5 * ahead + 0.5 * a / raises as f64;
        tie = 0.5 * tie + 0.5 * t / raises as f64;
        (ahead, tie)
    }
}

/// The odds of a seat whose stake ends at `mine`: the probability that it acts at all, and given that, the
/// probability of each outcome among itself and `rivals`, where an outcome is what the rivals ahead of it make:
/// the rivals ahead in outcome `k` and the `i`-th rival ahead too make `ahead(k, i)`, and the first `i` rivals
/// have `outcomes(i)` outcomes. The rivals are independent, so their odds are folded in one at a time.
///
/// An undecided tie goes to the promise step, where each seat is taken to promise with probability ½: half the
/// time both say the same and forfeit together (F24), a quarter of the time each goes first.
fn odds(
    rivals: &[Rival],
    mine: u32,
    outcomes: impl Fn(usize) -> usize,
    ahead: impl Fn(usize, usize) -> usize,
) -> (f64, Vec<f64>) {
    let mut acts = 1.0;
    let mut dist = vec![1.0];
    for (i, r) in rivals.iter().enumerate() {
        let (before, tie) = r.against(mine);
        let stays = 1.0 - 0.5 * tie;
        acts *= stays;
        let p = if stays > 0.0 {
            (before + 0.25 * tie) / stays
        } else {
            0.0
        };
        let mut next = vec![0.0; outcomes(i + 1)];
        for (k, q) in dist.iter().enumerate() {
            next[k] += q * (1.0 - p);
            next[ahead(k, i)] += q * p;
        }
        dist = next;
    }
    (acts, dist)
}

/// [`odds`] by the number of rivals ahead: the seat's place (0 = first).
fn places(rivals: &[Rival], mine: u32) -> (f64, Vec<f64>) {
    odds(rivals, mine, |n| n + 1, |k, _| k + 1)
}

/// [`odds`] by the set of rivals ahead (indexed as [`PlaceValues::after`]).
fn sets_ahead(rivals: &[Rival], mine: u32) -> (f64, Vec<f64>) {
    odds(rivals, mine, |n| 1 << n, |set, i| set | 1 << i)
}

/// The expected worth of ending the auction with stake `mine` at a price of `cost` (in evaluation units),
/// which a forfeit refunds (F24).
pub(super) fn expected(values: &PlaceValues, rivals: &[Rival], mine: u32, cost: i32) -> f64 {
    let actors = rivals.len() + 1;
    let (acts, placed) = match values.after {
        Some(after) if 1 << rivals.len() <= SETS => {
            let (acts, dist) = sets_ahead(rivals, mine);
            (acts, dist.iter().zip(after).map(|(p, v)| p * v as f64).sum())
        }
        _ => {
            let (acts, dist) = places(rivals, mine);
            let placed: f64 = dist.iter().enumerate().map(|(k, p)| p * values.at(k, actors)).sum();
            (acts, placed)
        }
    };
    acts * (placed - cost as f64) + (1.0 - acts) * values.none as f64
}

/// The amount to add in this bid step: the one, from 0 to `pool`, with the highest [`expected`] worth, where
/// `cost(amount)` is what losing those gyullas from the pool is worth; the smaller amount on equal worth. `paid`,
/// when given, holds the values for a positive amount, measured with that amount spent (a stake is spent, F25,
/// and can leave an action unpaid: a Navia dratp needs the whole 60, F29); `cost` then prices the rest.
pub(super) fn choose_bid(
    values: &PlaceValues,
    paid: Option<&PlaceValues>,
    stake: u8,
    pool: u8,
    rivals: &[Rival],
    cost: impl Fn(u8) -> i32,
) -> u8 {
    choose_bid_each(values, paid, stake, pool, |_| rivals, cost)
}

/// [`choose_bid`] with the rivals as they stand for each amount.
pub(super) fn choose_bid_each<R: AsRef<[Rival]>>(
    values: &PlaceValues,
    paid: Option<&PlaceValues>,
    stake: u8,
    pool: u8,
    rivals: impl Fn(u8) -> R,
    cost: impl Fn(u8) -> i32,
) -> u8 {
    let mut best = (f64::NEG_INFINITY, 0);
    for bid in 0..=pool {
        let at = if bid > 0 { paid.unwrap_or(values) } else { values };
        let worth = expected(at, rivals(bid).as_ref(), stake as u32 + bid as u32, cost(bid));
        // A margin of a hundredth of a unit keeps rounding noise from buying a useless gyullas.
        if worth > best.0 + 0.01 {
            best = (worth, bid);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rival(pool: u8, before_me: bool) -> Rival {
        Rival {
            stake: 0,
            pool,
            in_step: true,
            before_me,
            wins_tie: None,
            reading: None,
        }
    }

    fn values(first: i32, last: i32) -> PlaceValues {
        PlaceValues {
            first,
            last,
            none: 0,
            after: None,
        }
    }

    #[test]
    fn a_share_of_the_losses_counts() {
        let v = PlaceValues::discounted(400, -600, -1000, 50);
        assert_eq!(
            v,
            PlaceValues {
                first: 400,
                last: -100,
                none: -300,
                after: None,
            }
        );
        assert_eq!(
            PlaceValues::discounted(400, -600, -1000, 100),
            PlaceValues {
                first: 400,
                last: -600,
                none: -1000,
                after: None,
            }
        );
        // Nothing of the losses counts: acting first is worth no gyullas.
        let rivals = [rival(0, true), rival(0, true), rival(0, true)];
        let flat = PlaceValues::discounted(400, -600, -600, 0);
        assert_eq!(choose_bid(&flat, None, 0, 20, &rivals, |b| 12 * b as i32), 0);
        assert_eq!(
            choose_bid(
                &PlaceValues::discounted(400, -600, -600, 100),
                None,
                0,
                20,
                &rivals,
                |b| 12 * b as i32
            ),
            1
        );
    }

    #[test]
    fn places_between_first_and_last_lie_on_the_line() {
        let v = values(400, 100);
        assert_eq!(v.at(0, 4), 400.0);
        assert_eq!(v.at(3, 4), 100.0);
        assert_eq!(v.at(1, 4), 300.0);
        assert_eq!(v.at(1, 2), 100.0);
        assert_eq!(v.at(0, 1), 400.0);
    }

    #[test]
    fn with_empty_pools_the_base_order_is_the_queue() {
        // Round 1 (F12, F22): nobody can bid, so the seat's place is its place in the base order.
        let rivals = [rival(0, true), rival(0, false), rival(0, false)];
        assert_eq!(places(&rivals, 0), (1.0, vec![0.0, 1.0, 0.0, 0.0]));
        assert_eq!(expected(&values(300, 0), &rivals, 0, 0), 200.0);
    }

    #[test]
    fn one_gyullas_buys_first_place_when_nobody_else_can_bid() {
        let rivals = [rival(0, true), rival(0, true), rival(0, true)];
        let cost = |b: u8| 12 * b as i32;
        // Worth far more than a gyullas: bid exactly 1, never more (stakes are spent, F25).
        assert_eq!(choose_bid(&values(500, 0), None, 0, 20, &rivals, cost), 1);
        // Worth less than a gyullas: keep it.
        assert_eq!(choose_bid(&values(10, 0), None, 0, 20, &rivals, cost), 0);
        // Nothing to gain by acting first: no bid even when free.
        assert_eq!(choose_bid(&values(0, 50), None, 0, 20, &rivals, |_| 0), 0);
    }

    #[test]
    fn a_gain_that_a_stake_would_leave_unpaid_buys_nothing() {
        // Acting first wins (a Navia dratp) only with the whole pool; any stake leaves it unpaid (F25, F29).
        let rivals = [rival(0, true), rival(0, true), rival(0, true)];
        let (free, paid) = (values(5000, 0), values(0, 0));
        assert_eq!(choose_bid(&free, None, 0, 60, &rivals, |b| 12 * b as i32), 1);
        assert_eq!(choose_bid(&free, Some(&paid), 0, 60, &rivals, |b| 12 * b as i32), 0);
        // A gain the stake does not touch is still bought.
        assert_eq!(choose_bid(&free, Some(&free), 0, 60, &rivals, |b| 12 * b as i32), 1);
    }

    #[test]
    fn a_large_gain_outbids_every_rival_pool() {
        let rivals = [rival(7, true), rival(3, false), rival(0, false)];
        let bid = choose_bid(&values(5000, 0), None, 0, 30, &rivals, |b| 12 * b as i32);
        // One more than the largest rival pool makes first place certain; more is waste.
        assert_eq!(bid, 8);
        assert_eq!(places(&rivals, 8).1[0], 1.0);
        // A seat with an empty pool bids 0.
        assert_eq!(choose_bid(&values(5000, 0), None, 0, 0, &rivals, |b| 12 * b as i32), 0);
    }

    #[test]
    fn ties_follow_the_tie_chain_and_rebids_add_to_stakes() {
        // A re-bid step (F23): both tied at 3; the rival would win the tie by figure value (F24).
        let mut r = Rival {
            stake: 3,
            pool: 0,
            in_step: true,
            before_me: false,
            wins_tie: Some(true),
            reading: None,
        };
        assert_eq!(places(&[r], 3), (1.0, vec![0.0, 1.0]));
        assert_eq!(choose_bid(&values(100, 0), None, 3, 5, &[r], |b| 12 * b as i32), 1);
        // An undecided tie goes to the promise step: both forfeit half the time, each is first a quarter.
        r.wins_tie = None;
        assert_eq!(places(&[r], 3), (0.5, vec![0.5, 0.5]));
        let v = PlaceValues {
            first: 100,
            last: 20,
            none: -40,
            after: None,
        };
        // Acting: 60 on average less the price 12; forfeiting: -40 and the stake back.
        assert_eq!(expected(&v, &[r], 3, 12), 0.5 * (60.0 - 12.0) + 0.5 * -40.0);
        // A rival outside the step keeps its stake.
        r.in_step = false;
        r.pool = 60;
        assert_eq!(places(&[r], 4), (1.0, vec![1.0, 0.0]));
    }

    #[test]
    fn a_read_rival_is_outbid_by_one_and_an_untrusted_reading_is_the_blind_guess() {
        let blind = rival(20, true);
        let read = |amount, percent| Rival {
            reading: Some(Reading { amount, percent }),
            ..blind
        };
        let (v, cost) = (values(5000, 0), |b: u8| 12 * b as i32);
        // Trusted fully: one more than the amount read makes first place certain, and costs no more.
        assert_eq!(choose_bid(&v, None, 0, 30, &[read(0, 100)], cost), 1);
        assert_eq!(choose_bid(&v, None, 0, 30, &[read(2, 100)], cost), 3);
        assert_eq!(places(&[read(2, 100)], 3).1[0], 1.0);
        // Blind, the same gain buys more than its pool can beat: 21.
        assert_eq!(choose_bid(&v, None, 0, 30, &[blind], cost), 21);
        // Not trusted: the blind guess; half trusted: the mean of both odds.
        assert_eq!(read(2, 0).against(3), blind.against(3));
        let ((a, t), (ba, bt)) = (read(2, 50).against(1), blind.against(1));
        assert!((a - (0.5 + 0.5 * ba)).abs() < 1e-12);
        assert!((t - 0.5 * bt).abs() < 1e-12);
    }

    #[test]
    fn measured_sets_price_whom_the_seat_acts_after_not_how_many() {
        // Two rivals before the seat in the base order, read to add 2 and 0. Only the second one's blow hurts:
        // acting after the first alone is as good as acting first.
        let read = |amount| Rival {
            reading: Some(Reading { amount, percent: 100 }),
            ..rival(20, true)
        };
        let rivals = [read(2), read(0)];
        let cost = |b: u8| 12 * b as i32;
        let line = values(500, 0);
        let sets = line.with_after([500, 500, 0, 0, 0, 0, 0, 0], 100);
        // On the straight line, passing one rival of two is worth half the gap: the seat outbids both with 3.
        assert_eq!(expected(&line, &rivals, 1, cost(1)), 250.0 - 12.0);
        assert_eq!(choose_bid(&line, None, 0, 20, &rivals, cost), 3);
        // Measured, passing the second rival is all it needs: 1.
        assert_eq!(expected(&sets, &rivals, 1, cost(1)), 500.0 - 12.0);
        assert_eq!(choose_bid(&sets, None, 0, 20, &rivals, cost), 1);
        // The sets are discounted as the straight line is.
        assert_eq!(
            values(500, 0)
                .with_after([500, 500, 0, 0, 0, 0, 0, 0], 40)
                .after
                .map(|a| a[2]),
            Some(300)
        );
        // The odds by set add up to the odds by number.
        let blind = [rival(4, false), rival(6, true), rival(2, false)];
        let (acts, by_set) = sets_ahead(&blind, 2);
        let (acts_n, by_number) = places(&blind, 2);
        assert!((acts - acts_n).abs() < 1e-12);
        for (k, p) in by_number.iter().enumerate() {
            let summed: f64 = (0..SETS)
                .filter(|s| s.count_ones() as usize == k)
                .map(|s| by_set[s])
                .sum();
            assert!((summed - p).abs() < 1e-12, "{k} rivals ahead");
        }
    }

    #[test]
    fn a_rival_with_a_pool_is_ahead_half_the_time_it_bids_more() {
        let r = rival(4, false);
        // Stake 0 vs a rival that adds 0 (½, behind me in base order) or 1..4 (all ahead).
        assert_eq!(r.against(0), (0.5, 0.0));
        // Stake 2: the rival is ahead when it adds 3 or 4, and ties when it adds 2.
        assert_eq!(r.against(2), (0.5 * 2.0 / 4.0, 0.5 / 4.0));
        let (acts, dist) = places(&[r, r], 2);
        assert!((acts - (1.0 - 0.5 / 8.0) * (1.0 - 0.5 / 8.0)).abs() < 1e-12);
        assert!((dist.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
