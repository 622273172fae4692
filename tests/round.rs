//! The round of `naviadratp4` (F19–F27, F33) and its notation (F35, F38), checked against the spec's test
//! positions at the round level: the board is a stub that says what the board core will say.

mod common;

use common::cat;
use dratp::rules::rng::Rng;
use dratp::rules::round::notation::{event_text, fields_text, parse_event, parse_fields, RoundFields};
use dratp::rules::{BoardView, Catalogue, Declarable, Declaration, Event, Phase, Round, RoundError, Seat};

/// What the board core would answer for a position: declarable kinds, team totals, who can act.
#[derive(Clone)]
struct Table {
    declarable: [Declarable; 4],
    totals: [u32; 4],
    can_act: [bool; 4],
}

impl BoardView for Table {
    fn catalogue(&self) -> &Catalogue {
        cat()
    }
    fn declarable(&self, seat: Seat) -> Declarable {
        self.declarable[seat.index()]
    }
    fn team_total(&self, seat: Seat) -> u32 {
        self.totals[seat.index()]
    }
    fn can_act(&self, seat: Seat) -> bool {
        self.can_act[seat.index()]
    }
}

/// Every seat can declare `kinds` and act; totals as given.
fn table(kinds: &[Declaration], totals: [u32; 4]) -> Table {
    let set: Declarable = kinds.iter().copied().collect();
    Table {
        declarable: [set; 4],
        totals,
        can_act: [true; 4],
    }
}

/// A table where each seat can declare what the fields say it declared (the T-positions' declarations are
/// declarable, F20).
fn table_for(fields: &RoundFields, totals: [u32; 4]) -> Table {
    let decl = fields.round.declarations.unwrap_or([Declaration::Nothing; 4]);
    Table {
        declarable: decl.map(|d| [d].into_iter().collect()),
        totals,
        can_act: [true; 4],
    }
}

/// The fields 2–10 of an NFEN4 string (the board is the board core's).
fn after_board(nfen4: &str) -> &str {
    nfen4.split_once(' ').map_or(nfen4, |(_, rest)| rest)
}

fn fields(text: &str) -> RoundFields {
    parse_fields(text, cat()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn round(f: &RoundFields, t: &Table) -> Round {
    Round::from_setup(&f.round, t).unwrap_or_else(|e| panic!("{}: {e}", fields_text(f, cat())))
}

fn event(text: &str) -> Event {
    parse_event(text, cat()).unwrap_or_else(|e| panic!("{e}"))
}

/// Play space-separated events.
fn play(r: &mut Round, t: &Table, events: &str) {
    for e in events.split_whitespace() {
        r.apply(&event(e), t).unwrap_or_else(|err| panic!("{e}: {err}"));
    }
}

/// The fields of `r` with the keeps, graveyards and freezes of `f`.
fn text(r: &Round, f: &RoundFields) -> String {
    let g = RoundFields {
        round: r.setup(),
        ..f.clone()
    };
    fields_text(&g, cat())
}

/// A refused event names the reason and leaves the round as it was.
fn refused(r: &mut Round, t: &Table, e: &str) -> RoundError {
    let before = *r;
    let err = r.apply(&event(e), t).expect_err(e);
    assert_eq!(*r, before, "{e} was refused but changed the round");
    err
}

const T7: &str = "3n[N02]3/2nB4/11/11/11/w[N03]1w[M17]7e[N04]/1wB9/10eR/11/2sB4/1sR1s[N01]3 b nwse B/M17/N/R - 5/4/0/6 -/-/-/- -/-/-/- - 14";
const T9: &str = "3n[N02]3/2nB4/11/1wB9/1wB9/w[N03]9e[N04]/1wB7eB1/11/11/1sBsB4/3s[N01]3 b nwse B/B/N/N - 2/2/0/0 M01/M15/-/- -/-/-/- - 8";
const T10: &str = "3n[N02]3/2nB4/11/11/11/w[N03]2wB6e[N04]/1wB1sB5eB1/11/11/2sB4/3s[N01]3 b nwse B/B/N/N - 3/3/0/0 M01/M15/-/- -/-/-/- - 8";
const T14: &str = "3n[N02]3/7/11/11/11/w[N03]9e[N04]/11/11/11/7/3s[N01]3 d swne - - 0/0/0/0 -/-/-/- -/-/-/- - 1";

fn t7() -> (RoundFields, Table, Round) {
    let f = fields(after_board(T7));
    let t = table_for(&f, [50, 50, 50, 50]);
    let r = round(&f, &t);
    (f, t, r)
}

// ---------------------------------------------------------------- the auction

#[test]
fn t7_rebid_breaks_the_tie_and_the_queue_is_swen() {
    // F23: South and West tie at 3 and re-bid; F25: East (1) before North (0); stakes spent.
    let (f, t, mut r) = t7();
    assert_eq!(
        r.bid_step().iter().collect::<Vec<_>>(),
        Seat::ALL,
        "North takes part with a forced 0"
    );
    play(&mut r, &t, "b:3/3/0/1");
    assert_eq!(text(&r, &f), "b nwse B/M17/N/R 3/3/0/1 2/1/0/5 -/-/-/- -/-/-/- - 14");
    assert_eq!(r.bid_step().iter().collect::<Vec<_>>(), [Seat::South, Seat::West]);
    play(&mut r, &t, "b:1/0/-/-");
    assert_eq!(text(&r, &f), after_board(
        "3n[N02]3/2nB4/11/11/11/w[N03]1w[M17]7e[N04]/1wB9/10eR/11/2sB4/1sR1s[N01]3 a swen B/M17/N/R - 1/1/0/5 -/-/-/- -/-/-/- - 14"
    ));
    assert_eq!(r.actor(), Some(Seat::South));
    // F10: the spent stakes went to the vaults.
    assert_eq!(Seat::ALL.map(|s| r.vault(s)), [59, 59, 60, 55]);
}

#[test]
fn t8_tie_settled_by_figure_value() {
    // F24.1: South's B (1) before West's M17 (11); North before East by base order (stakes 0).
    let (f, t, mut r) = t7();
    play(&mut r, &t, "b:2/2/0/0 b:0/0/-/-");
    assert_eq!(text(&r, &f), "a swne B/M17/N/R - 3/2/0/6 -/-/-/- -/-/-/- - 14");
}

#[test]
fn t9_tie_settled_by_team_total() {
    // F24.2: equal figure values; South's total 36 is below West's 37. With the totals swapped, West first.
    let f = fields(after_board(T9));
    for (totals, queue) in [([36, 37, 60, 60], "swne"), ([37, 36, 60, 60], "wsne")] {
        let t = table_for(&f, totals);
        let mut r = round(&f, &t);
        play(&mut r, &t, "b:2/2/0/0");
        // F23: both pools are empty, the forced 0s are still written.
        let err = refused(&mut r, &t, "b:-/-/-/-");
        assert_eq!(
            err.to_string(),
            "South is in this bid step; write its amount (0 when forced)"
        );
        play(&mut r, &t, "b:0/0/-/-");
        assert_eq!(
            text(&r, &f),
            format!("a {queue} B/B/N/N - 0/0/0/0 M01/M15/-/- -/-/-/- - 8")
        );
    }
}

#[test]
fn t10_promise_step_orders_the_promiser_first() {
    // F24.3: equal figure values and totals; South promises, West does not.
    let f = fields(after_board(T10));
    let t = table_for(&f, [36, 36, 60, 60]);
    let mut r = round(&f, &t);
    play(&mut r, &t, "b:3/3/0/0 b:0/0/-/-");
    assert_eq!(text(&r, &f), "p nwse B/B/N/N 3/3/0/0 0/0/0/0 M01/M15/-/- -/-/-/- - 8");
    assert_eq!(r.promise_step(&t).iter().collect::<Vec<_>>(), [Seat::South, Seat::West]);
    play(&mut r, &t, "p:y/n/-/-");
    assert_eq!(text(&r, &f), "a swne B!/B/N/N - 0/0/0/0 M01/M15/-/- -/-/-/- - 8");
    assert!(r.promised(Seat::South) && !r.promised(Seat::West));
}

#[test]
fn t10b_equal_promises_forfeit_and_refund() {
    // F24: all promised or none did: both forfeit, their stakes return; F25: the pair keeps its places in base
    // order (West before South), upper case as done; North acts first.
    let f = fields(after_board(T10));
    let t = table_for(&f, [36, 36, 60, 60]);
    for (promises, declarations) in [("p:y/y/-/-", "B!/B!/N/N"), ("p:n/n/-/-", "B/B/N/N")] {
        let mut r = round(&f, &t);
        play(&mut r, &t, "b:3/3/0/0 b:0/0/-/-");
        play(&mut r, &t, promises);
        assert_eq!(
            text(&r, &f),
            format!("a WSne {declarations} - 3/3/0/0 M01/M15/-/- -/-/-/- - 8")
        );
        assert_eq!(r.actor(), Some(Seat::North));
    }
}

#[test]
fn f24_three_way_tie_splits_promisers_from_the_rest() {
    // F24 with three seats: two promisers stay equal and forfeit; the non-promiser comes after them and acts.
    let f = fields("b nwse B/B/B/N - 5/5/5/0 -/-/-/- -/-/-/- - 3");
    let t = table(&[Declaration::Black, Declaration::Navia], [40; 4]);
    let mut r = round(&f, &t);
    play(&mut r, &t, "b:2/2/2/0 b:0/0/0/-");
    assert_eq!(r.phase(), Phase::Promise);
    play(&mut r, &t, "p:y/n/y/-");
    // Promisers North and South (base order n before s) forfeit; West acts; East bid 0.
    assert_eq!(text(&r, &f), "a NSwe B!/B/B!/N - 5/3/5/0 -/-/-/- -/-/-/- - 3");
}

#[test]
fn f23_a_raise_can_tie_with_a_seat_that_was_not_tied() {
    // F23: South and West tie at 2, East stands at 3; West raises by 1 and ties East.
    let f = fields("b nwse B/B/N/R - 9/9/9/9 -/-/-/- -/-/-/- - 2");
    let t = table(&[Declaration::Black, Declaration::Navia, Declaration::Red], [40; 4]);
    let mut r = round(&f, &t);
    play(&mut r, &t, "b:2/2/0/3 b:0/1/-/-");
    assert_eq!(r.bid_step().iter().collect::<Vec<_>>(), [Seat::West, Seat::East]);
    play(&mut r, &t, "b:-/2/-/0");
    // West 5, East 3, South 2, North 0.
    assert_eq!(text(&r, &f), "a wesn B/B/N/R - 7/4/9/6 -/-/-/- -/-/-/- - 2");
}

// ---------------------------------------------------------------- rounds and actions

#[test]
fn f36_start_base_order_follows_the_team_totals() {
    // F22, F36: totals North 92, West 98, South 102, East 107 give the base order nwse.
    let start = "d nwse - - 0/0/0/0 M01,M02,M03,M04,M05,M06,M07/M15,M16,M17,M18,M19,M20,M21/M08,M09,M10,M11,M12,M13,M14/M30,M31,M32,M33,M34,M35,M36 -/-/-/- - 1";
    let f = fields(start);
    let t = table(&[Declaration::Black], [102, 98, 92, 107]);
    let r = Round::start(&t);
    assert_eq!(r.setup(), f.round);
    assert_eq!(text(&r, &f), start);
    // F22: equal totals keep seat order.
    assert_eq!(Round::start(&table(&[], [30; 4])).order(), Seat::ALL);
}

#[test]
fn t14_rounds_count_through_the_event_sequence() {
    // T14's events: four rounds, each d:, a forced b: step and four actions; round 5 starts in phase d.
    let f = fields(after_board(T14));
    let t = table(&[Declaration::Navia], [30; 4]);
    let mut r = round(&f, &t);
    let two_rounds = "d:N/N/N/N b:0/0/0/0 f1f2 a6b6 f11f10 k6j6 d:N/N/N/N b:0/0/0/0 f2f1 b6a6 f10f11 j6k6";
    for (n, e) in [two_rounds, two_rounds].join(" ").split_whitespace().enumerate() {
        r.apply(&event(e), &t).unwrap_or_else(|err| panic!("{e}: {err}"));
        if e.starts_with("b:") {
            // F23: equal stakes of 0 are no tie; the base order stands.
            assert_eq!(
                text(&r, &f),
                format!("a swne N/N/N/N - 0/0/0/0 -/-/-/- -/-/-/- - {}", n / 6 + 1)
            );
        }
    }
    assert_eq!(text(&r, &f), "d swne - - 0/0/0/0 -/-/-/- -/-/-/- - 5");
}

#[test]
fn f26_seats_without_a_legal_action_are_skipped() {
    // F26: after South acts, West has no legal action and is skipped; after East and North the round ends and
    // the queue is the next base order (F22).
    let (f, t, mut r) = t7();
    play(&mut r, &t, "b:3/3/0/1 b:1/0/-/-");
    let mut stuck = t.clone();
    stuck.can_act[Seat::West.index()] = false;
    play(&mut r, &stuck, "e2e3");
    assert_eq!(text(&r, &f), "a SWen B/M17/N/R - 1/1/0/5 -/-/-/- -/-/-/- - 14");
    play(&mut r, &stuck, "k4j4");
    assert_eq!(r.actor(), Some(Seat::North));
    play(&mut r, &stuck, "f11f10");
    assert_eq!(text(&r, &f), "d swen - - 1/1/0/5 -/-/-/- -/-/-/- - 15");
}

#[test]
fn f25_nothing_seats_and_forfeits_are_done_when_the_queue_is_fixed() {
    // F25, F26: a `-` seat has stake 0, stays out of the bid steps and is done (upper case) from the start.
    let f = fields("d nwse - - 4/4/4/4 -/-/-/- -/-/-/- - 6");
    let mut t = table(&[Declaration::Black], [40; 4]);
    t.declarable[Seat::North.index()] = Declarable::NONE;
    let mut r = round(&f, &t);
    play(&mut r, &t, "d:B/B/-/B");
    assert_eq!(
        r.bid_step().iter().collect::<Vec<_>>(),
        [Seat::South, Seat::West, Seat::East]
    );
    play(&mut r, &t, "b:0/1/-/0");
    assert_eq!(text(&r, &f), "a wNse B/B/-/B - 4/3/4/4 -/-/-/- -/-/-/- - 6");
}

// ---------------------------------------------------------------- elimination (F33)

#[test]
fn f33_eliminated_in_decision_phase_declares_nothing() {
    let f = fields(after_board(T14));
    let t = table(&[Declaration::Navia], [30; 4]);
    let mut r = round(&f, &t);
    play(&mut r, &t, "x:w");
    let err = refused(&mut r, &t, "d:N/N/N/N");
    assert_eq!(err.to_string(), "West is eliminated and declares '-', not N (F33)");
    play(&mut r, &t, "d:N/-/N/N b:0/-/0/0");
    assert_eq!(text(&r, &f), "a sWne N/-/N/N - 0/0/0/0 -/-/-/- -/-/-/- out:w 1");
}

#[test]
fn f33_eliminated_while_tied_gets_its_stake_back_and_the_tie_dissolves() {
    // T7 after the first step: South is eliminated; its 3 returns; West alone at 3, so the bidding ends.
    let (f, t, mut r) = t7();
    play(&mut r, &t, "b:3/3/0/1 x:s");
    assert_eq!(text(&r, &f), "a wenS -/M17/N/R - 5/1/0/5 -/-/-/- -/-/-/- out:s 14");
}

#[test]
fn f33_eliminated_in_the_promise_step() {
    // T10 in phase p: West is eliminated; South alone, no promise step; West's 3 returns to its pool.
    let f = fields(after_board(T10));
    let t = table_for(&f, [36, 36, 60, 60]);
    let mut r = round(&f, &t);
    play(&mut r, &t, "b:3/3/0/0 b:0/0/-/- x:w");
    assert_eq!(text(&r, &f), "a snWe B/-/N/N - 0/3/0/0 M01/M15/-/- -/-/-/- out:w 8");
    assert_eq!(r.actor(), Some(Seat::South));
}

#[test]
fn f33_eliminated_seat_to_act_is_done_and_the_next_acts() {
    let (f, t, mut r) = t7();
    play(&mut r, &t, "b:3/3/0/1 b:1/0/-/- x:s");
    assert_eq!(text(&r, &f), "a Swen -/M17/N/R - 1/1/0/5 -/-/-/- -/-/-/- out:s 14");
    assert_eq!(r.actor(), Some(Seat::West));
    assert_eq!(refused(&mut r, &t, "x:s"), RoundError::AlreadyOut(Seat::South));
}

#[test]
fn f33_the_last_seat_wins_and_nothing_follows() {
    let (f, t, mut r) = t7();
    play(&mut r, &t, "x:s x:w x:n");
    assert_eq!(r.last_seat(), Some(Seat::East));
    assert_eq!(
        text(&r, &f),
        "b nwse -/-/-/R - 5/4/0/6 -/-/-/- -/-/-/- out:n,out:s,out:w 14"
    );
    assert_eq!(refused(&mut r, &t, "b:-/-/-/0"), RoundError::GameOver(Seat::East));
    // A finished game still reads back (F35).
    assert_eq!(round(&fields(&text(&r, &f)), &t), r);
}

// ---------------------------------------------------------------- refusals (F20, F23, F38)

#[test]
fn f38_events_that_do_not_fit_the_phase_are_refused() {
    let (_, t, mut r) = t7();
    for (e, msg) in [
        ("d:B/M17/N/R", "a declaration event does not fit phase b (bidding)"),
        ("p:y/n/-/-", "a promise step does not fit phase b (bidding)"),
        ("e2e3", "an action does not fit phase b (bidding)"),
    ] {
        assert_eq!(refused(&mut r, &t, e).to_string(), msg);
    }
    play(&mut r, &t, "b:3/3/0/1 b:1/0/-/-");
    assert_eq!(
        refused(&mut r, &t, "b:0/0/0/0").to_string(),
        "a bid step does not fit phase a (actions)"
    );
}

#[test]
fn f23_bids_are_checked_against_the_step_and_the_pool() {
    let (_, t, mut r) = t7();
    for (e, msg) in [
        ("b:6/0/0/0", "South bids 6 with 5 in its pool"),
        (
            "b:3/-/0/1",
            "West is in this bid step; write its amount (0 when forced)",
        ),
    ] {
        assert_eq!(refused(&mut r, &t, e).to_string(), msg);
    }
    play(&mut r, &t, "b:3/3/0/1");
    assert_eq!(
        refused(&mut r, &t, "b:1/0/0/-").to_string(),
        "North is not in this bid step; write '-'"
    );
}

#[test]
fn f20_declarations_are_checked_against_the_declarable_kinds() {
    let f = fields(after_board(T14));
    let mut t = table(&[Declaration::Navia], [30; 4]);
    let mut r = round(&f, &t);
    assert_eq!(
        refused(&mut r, &t, "d:B/N/N/N").to_string(),
        "South cannot declare B: it has no legal action with it (F20)"
    );
    assert_eq!(
        refused(&mut r, &t, "d:N/N/M01/N").to_string(),
        "North cannot declare M01: it has no legal action with it (F20)"
    );
    assert_eq!(refused(&mut r, &t, "d:N/-/N/N"), RoundError::MustDeclare(Seat::West));
    t.declarable = [Declarable::NONE; 4];
    assert_eq!(refused(&mut r, &t, "d:-/-/-/-"), RoundError::NobodyDeclares);
}

#[test]
fn f13_pools_stay_within_sixty_with_the_stake() {
    let (_, t, mut r) = t7();
    play(&mut r, &t, "b:3/3/0/1");
    assert_eq!(
        r.set_pool(Seat::South, 58).unwrap_err().to_string(),
        "South cannot hold 58 in its pool with 3 at stake (at most 60 together)"
    );
    r.set_pool(Seat::South, 57).unwrap();
    assert_eq!(r.vault(Seat::South), 0);
}

// ---------------------------------------------------------------- notation (F35, F38)

/// Fields 2–10 of the spec's positions (T1–T15, F36) and some of this module's own.
const VALID: [&str; 14] = [
    "a swne B/N/N/N - 0/0/0/0 -/-/-/- -/-/-/- - 5",
    "a Swne B/N/N/N - 31/0/0/0 -/-/-/- -/-/-/- - 5",
    "a wsne B/N/B/N - 0/60/0/0 -/-/-/- -/-/-/- - 9",
    "a wsne B/B/N/N - 0/0/0/0 M01,M02/M15/-/- -/-/-/- - 31",
    "a nswe N/B/N/N - 0/0/60/0 -/-/-/- -/-/-/- - 40",
    "a swne M90/M90/N/N - 0/0/0/0 -/-/-/- -/-/-/- - 3",
    "a SWNe N/B/N/N - 10/0/5/5 -/M15/-/M30 -/-/-/- - 200",
    "b nwse B/M17/N/R 3/3/0/1 2/1/0/5 -/-/-/- -/-/-/- - 14",
    "p nwse B/B/N/N 3/3/0/0 0/0/0/0 M01/M15/-/- -/-/-/- - 8",
    "a WSne B!/B!/N/N - 3/3/0/0 M01/M15/-/- -/-/-/- - 8",
    "a sWne N/-/R/M06 - 0/0/11/0 -/-/M01,M01,M03/- B,B,M03,R/-/B/M05,M06 freeze:c10c9,freeze:i3k4,out:w 12",
    "d nwse - - 0/0/0/0 M01,M02,M03,M04,M05,M06,M07/M15,M16,M17,M18,M19,M20,M21/M08,M09,M10,M11,M12,M13,M14/M30,M31,M32,M33,M34,M35,M36 -/-/-/- - 1",
    "d swen - - 1/1/0/5 -/-/-/- -/-/-/- out:e,out:n 15",
    "b wsne -/-/-/R - 0/0/0/60 -/-/-/- -/-/-/- out:n,out:s,out:w 65535",
];

#[test]
fn f35_fields_round_trip_canonically() {
    for text in VALID {
        let f = fields(text);
        assert_eq!(fields_text(&f, cat()), text);
        assert_eq!(fields(&fields_text(&f, cat())), f);
    }
}

#[test]
fn f35_malformed_fields_are_refused_by_field() {
    for (text, field) in [
        ("d swne - - 0/0/0/0 -/-/-/- -/-/-/- - 0", "round"),
        ("d swne - - 0/0/0/0 -/-/-/- -/-/-/- - 01", "round"),
        ("d swne - - 0/0/0/0 -/-/-/- -/-/-/- - 65536", "round"),
        ("x swne - - 0/0/0/0 -/-/-/- -/-/-/- - 1", "phase"),
        ("d swnw - - 0/0/0/0 -/-/-/- -/-/-/- - 1", "order"),
        ("d swn - - 0/0/0/0 -/-/-/- -/-/-/- - 1", "order"),
        ("a swne B!/N/-!/N - 0/0/0/0 -/-/-/- -/-/-/- - 1", "declarations"),
        ("a swne B/M6/N/N - 0/0/0/0 -/-/-/- -/-/-/- - 1", "declarations"),
        ("a swne B/N01/N/N - 0/0/0/0 -/-/-/- -/-/-/- - 1", "declarations"),
        ("a swne B/M99/N/N - 0/0/0/0 -/-/-/- -/-/-/- - 1", "declarations"),
        ("p swne B/N/N/N 61/0/0/0 0/0/0/0 -/-/-/- -/-/-/- - 1", "stakes"),
        ("d swne - - 05/0/0/0 -/-/-/- -/-/-/- - 1", "pools"),
        ("d swne - - 0/0/0 -/-/-/- -/-/-/- - 1", "pools"),
        ("d swne - - 0/0/0/0 M02,M01/-/-/- -/-/-/- - 1", "keeps"),
        ("d swne - - 0/0/0/0 N01/-/-/- -/-/-/- - 1", "keeps"),
        ("d swne - - 0/0/0/0 ,/-/-/- -/-/-/- - 1", "keeps"),
        ("d swne - - 0/0/0/0 -/-/-/- M03,B/-/-/- - 1", "graveyards"),
        ("d swne - - 0/0/0/0 -/-/-/- R,B/-/-/- - 1", "graveyards"),
        ("d swne - - 0/0/0/0 -/-/-/- -/-/-/- out:w,out:e 1", "effects"),
        ("d swne - - 0/0/0/0 -/-/-/- -/-/-/- out:w,out:w 1", "effects"),
        ("d swne - - 0/0/0/0 -/-/-/- -/-/-/- freeze:a1c3 1", "effects"),
        ("d swne - - 0/0/0/0 -/-/-/- -/-/-/- freeze:c12c3 1", "effects"),
        ("d swne - - 0/0/0/0 -/-/-/- -/-/-/- goal:w 1", "effects"),
        ("d  swne - - 0/0/0/0 -/-/-/- -/-/-/- - 1", "fields"),
        ("", "fields"),
        ("d swne - - 0/0/0/0 -/-/-/- -/-/-/- 1", "fields"),
        ("d swne - - 0/0/0/0 -/-/-/- -/-/-/-  1", "fields"),
    ] {
        let e = parse_fields(text, cat()).expect_err(text);
        assert_eq!(e.field, field, "{text}: {e}");
    }
}

#[test]
fn f35_fields_must_fit_the_phase() {
    let t = table(&[Declaration::Black, Declaration::Navia], [40; 4]);
    for (text, field) in [
        ("d swne - 0/0/0/0 0/0/0/0 -/-/-/- -/-/-/- - 1", "stakes"),
        ("d Swne - - 0/0/0/0 -/-/-/- -/-/-/- - 1", "order"),
        ("d swne B/B/B/B - 0/0/0/0 -/-/-/- -/-/-/- - 1", "declarations"),
        ("b swne - - 0/0/0/0 -/-/-/- -/-/-/- - 1", "declarations"),
        ("b swne B!/B/B/B - 0/0/0/0 -/-/-/- -/-/-/- - 1", "declarations"),
        ("b swne B/B/B/B 3/2/1/0 0/0/0/0 -/-/-/- -/-/-/- - 1", "phase"),
        ("b swne B/B/-/B 3/3/1/0 0/0/0/0 -/-/-/- -/-/-/- - 1", "stakes"),
        ("b swne B/B/B/B 3/3/1/0 58/0/0/0 -/-/-/- -/-/-/- - 1", "pools"),
        ("b swne B/B/B/R 3/3/1/0 0/0/0/0 -/-/-/- -/-/-/- - 1", "declarations"),
        ("b swne B/B/B/B - 0/0/0/0 -/-/-/- -/-/-/- out:w 1", "declarations"),
        ("p swne B/B/B/B - 0/0/0/0 -/-/-/- -/-/-/- - 1", "stakes"),
        ("p swne B/N/B/B 3/3/1/0 0/0/0/0 -/-/-/- -/-/-/- - 1", "phase"),
        ("a swne B/B/-/B - 0/0/0/0 -/-/-/- -/-/-/- - 1", "order"),
        ("a swne B/B/B/B 0/0/0/0 0/0/0/0 -/-/-/- -/-/-/- - 1", "stakes"),
        ("a SWNE B/B/B/B - 0/0/0/0 -/-/-/- -/-/-/- - 1", "phase"),
        (
            "d swne - - 0/0/0/0 -/-/-/- -/-/-/- out:e,out:n,out:s,out:w 1",
            "effects",
        ),
    ] {
        let f = fields(text);
        match Round::from_setup(&f.round, &t) {
            Err(RoundError::Setup { field: got, reason }) => assert_eq!(got, field, "{text}: {reason}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    // F35: the next seat to act has a legal action.
    let mut stuck = t.clone();
    stuck.can_act[Seat::South.index()] = false;
    let f = fields("a swne B/B/B/B - 0/0/0/0 -/-/-/- -/-/-/- - 1");
    assert!(Round::from_setup(&f.round, &stuck).is_err());
    assert!(Round::from_setup(&f.round, &t).is_ok());
}

#[test]
fn f38_events_round_trip_canonically() {
    for text in [
        "d:B/M16/M09/R",
        "d:-/N/-/B",
        "b:3/3/0/1",
        "b:1/0/-/-",
        "b:60/-/-/0",
        "p:y/n/-/-",
        "x:w",
        "e2e3",
        "M09@e11",
        "d5d6=c9",
        "e5f6=i9+:d4",
    ] {
        let e = event(text);
        assert_eq!(event_text(&e, cat()), text);
    }
    assert_eq!(event("x:e"), Event::Eliminate(Seat::East));
    assert!(matches!(event("f1f2"), Event::Action(a) if a == "f1f2"));
    for text in [
        "",
        "d:B/M16/M09",
        "d:B!/N/N/N",
        "d:B/M6/N/N",
        "b:3/3/0/61",
        "b:03/0/0/0",
        "b:3/3/0/1/",
        "p:y/n/-/x",
        "x:q",
        "x:ww",
        "x:",
        "e2 e3",
        "é2e3",
    ] {
        assert!(parse_event(text, cat()).is_err(), "{text:?} was read");
    }
}

// ---------------------------------------------------------------- fuzz

/// Random texts and mutations of valid ones: parsing never panics; every parsed round applies every parsed
/// event or refuses it without a change.
#[test]
fn fuzz_fields_and_events_never_panic_and_refusals_change_nothing() {
    let mut rng = Rng::new(0x4e41_5649_4134);
    let alphabet = b"abcdefghijknswepxyBRNM!-+/:,@=0123456789 SWNE";
    let events = [
        "d:B/M17/N/R",
        "d:N/N/N/N",
        "d:B/B/-/B",
        "b:3/3/0/1",
        "b:1/0/-/-",
        "b:0/0/-/-",
        "b:0/0/0/0",
        "p:y/n/-/-",
        "p:y/y/-/-",
        "x:s",
        "x:w",
        "x:n",
        "x:e",
        "e2e3",
    ];
    let mut every_kind = vec![Declaration::Black, Declaration::Navia, Declaration::Red];
    every_kind.extend(
        cat()
            .kinds()
            .filter(|&k| !cat().get(k).is_navia())
            .map(Declaration::Maseitai),
    );
    let mut tables = Vec::new();
    for seed in 0..4u64 {
        let mut t = table(&every_kind, [36, 36 + seed as u32 % 2, 40, 50]);
        t.can_act[seed as usize] = seed % 2 == 0;
        tables.push(t);
    }
    let mutate = |text: &str, rng: &mut Rng| -> String {
        let mut bytes = text.as_bytes().to_vec();
        for _ in 0..rng.below(3) {
            let at = rng.below(bytes.len() + 1);
            let c = alphabet[rng.below(alphabet.len())];
            match rng.below(3) {
                0 if at < bytes.len() => bytes[at] = c,
                1 if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, c),
            }
        }
        String::from_utf8_lossy(&bytes).into_owned()
    };
    // How often the fuzz got as far as a round, an accepted event and a refused one.
    let (mut rounds, mut accepted, mut refused) = (0, 0, 0);
    for i in 0..20_000 {
        let text = match i % 3 {
            0 => {
                let n = rng.below(60);
                let raw: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
                String::from_utf8_lossy(&raw).into_owned()
            }
            _ => mutate(VALID[rng.below(VALID.len())], &mut rng),
        };
        let Ok(f) = parse_fields(&text, cat()) else { continue };
        assert_eq!(fields(&fields_text(&f, cat())), f, "{text}");
        let t = &tables[rng.below(tables.len())];
        let Ok(mut r) = Round::from_setup(&f.round, t) else {
            continue;
        };
        rounds += 1;
        for _ in 0..8 {
            let e = mutate(events[rng.below(events.len())], &mut rng);
            let Ok(ev) = parse_event(&e, cat()) else { continue };
            assert_eq!(event(&event_text(&ev, cat())), ev);
            let before = r;
            if r.apply(&ev, t).is_err() {
                refused += 1;
                assert_eq!(r, before, "{text} + {e}");
            } else {
                accepted += 1;
                // Whatever the round became, it is a consistent position again (F35).
                let g = RoundFields {
                    round: r.setup(),
                    ..f.clone()
                };
                assert_eq!(
                    Round::from_setup(&fields(&fields_text(&g, cat())).round, t),
                    Ok(r),
                    "{text} + {e}"
                );
            }
        }
    }
    eprintln!("fuzz: {rounds} rounds, {accepted} events accepted, {refused} refused");
    assert!(
        rounds > 1000 && accepted > 1000 && refused > 1000,
        "{rounds} {accepted} {refused}"
    );
}
