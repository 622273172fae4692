//! The four-player game `naviadratp4` end to end: the spec's test positions T1–T15 played through `Game4`
//! (board core and round together), the start position (F36), NFEN4 round trips, refused input that changes
//! nothing, and random games with their invariants checked after every event.

use std::sync::OnceLock;

use dratp::rules::catalogue::BUILTIN_TEXT;
use dratp::rules::forces::find_piece;
use dratp::rules::rng::Rng;
use dratp::rules::round::actions::{Folded, SeatActions};
use dratp::rules::round::game::{Game4, State4, Termination4, DEFAULT_ROUND_LIMIT};
use dratp::rules::round::notation::event_text;
use dratp::rules::{Catalogue, CrossAction, CrossPosition, Declarable, Declaration, Event, Force, Phase, Piece, Seat};

fn cat() -> &'static Catalogue {
    Catalogue::builtin()
}

/// The built-in catalogue plus T12's test slider M90.
fn t12_cat() -> &'static Catalogue {
    static CAT: OnceLock<&'static Catalogue> = OnceLock::new();
    CAT.get_or_init(|| {
        let extra = include_str!("data/t12.cat");
        Catalogue::parse(&format!("{BUILTIN_TEXT}\n{extra}")).unwrap().intern()
    })
}

fn game_in(nfen: &str, cat: &'static Catalogue) -> Game4 {
    Game4::from_nfen4(nfen, cat, DEFAULT_ROUND_LIMIT).unwrap_or_else(|e| panic!("{nfen}: {e}"))
}

fn game(nfen: &str) -> Game4 {
    game_in(nfen, cat())
}

/// Sorted texts of the legal actions of the seat to act.
fn legal(g: &Game4) -> Vec<String> {
    let s = g.state();
    let mut v: Vec<String> = s.legal_actions().iter().map(|a| s.action_text(a)).collect();
    v.sort();
    v
}

fn set(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn play(g: &mut Game4, events: &str) {
    for e in events.split_whitespace() {
        g.play_text(e).unwrap_or_else(|err| panic!("{e}: {err}"));
    }
}

fn winner(g: &Game4) -> Option<(Option<Seat>, Termination4)> {
    g.result().map(|r| (r.winner, r.termination))
}

fn nfen(g: &Game4) -> String {
    g.state().nfen4()
}

const F36: &str = "nBnR1n[N02]1nRnB/1nBnBnBnBnB1/wB9eB/wRwB7eBeR/1wB7eB1/w[N03]wB7eBe[N04]/1wB7eB1/wRwB7eBeR/wB9eB/1sBsBsBsBsB1/sBsR1s[N01]1sRsB d nwse - - 0/0/0/0 M01,M02,M03,M04,M05,M06,M07/M15,M16,M17,M18,M19,M20,M21/M08,M09,M10,M11,M12,M13,M14/M30,M31,M32,M33,M34,M35,M36 -/-/-/- - 1";

#[test]
fn f36_start_position_and_base_order_by_team_total() {
    let g = Game4::startpos(cat(), None, DEFAULT_ROUND_LIMIT).unwrap();
    assert_eq!(nfen(&g), F36);
    let s = g.state();
    // F22: North 92, West 98, South 102, East 107.
    assert_eq!(Seat::ALL.map(|x| s.team_total(x)), [102, 98, 92, 107]);
    assert_eq!(game(F36).state().nfen4(), F36);
    // Everybody decides at once in phase d (F20).
    assert_eq!(s.deciding().len(), 4);
    assert!(s.legal_actions().is_empty());
}

#[test]
fn t1_taking_a_navia_and_the_fallback() {
    let mut g =
        game("3n[N02]3/7/11/11/11/3w[N03]6e[N04]/3sB7/1wB9/11/7/3s[N01]3 a swne B/N/N/N - 0/0/0/0 -/-/-/- -/-/-/- - 5");
    assert_eq!(legal(&g), set(&["d5d6=c3", "d5d6=c9", "d5d6=i3", "d5d6=i9"]));
    play(&mut g, "d5d6=c9");
    assert_eq!(
        nfen(&g),
        "3n[N02]3/7/2s[N03]8/11/11/3sB6e[N04]/11/1wB9/11/7/3s[N01]3 a Swne B/N/N/N - 31/0/0/0 -/-/-/- -/-/-/- - 5"
    );
    // West declared N but holds no Navia now: every action of its team (F26).
    assert_eq!(legal(&g), set(&["b4c4"]));
}

#[test]
fn t2_no_empty_pharaoh_square_no_check_then_navia_dratp() {
    let t2 = "3n[N02]3/7/2nB5nB2/11/11/3w[N03]6e[N04]/3sB7/11/2wB5eB2/2sB4/3s[N01]3 a wsne B/N/B/N - 0/60/0/0 -/-/-/- -/-/-/- - 9";
    let mut g = game(t2);
    assert!(legal(&g).contains(&"d6+".to_string()));
    play(&mut g, "d6+");
    assert_eq!(winner(&g), Some((Some(Seat::West), Termination4::NaviaDratp)));
    assert!(g.play_text("d5d6=c9").is_err(), "nothing is played after the end");

    // T2b: c9 is empty, so South's d5d6=c9 would be legal: West's Navia is in check on d6 (F17).
    let t2b = t2.replace("2nB5nB2", "8nB2");
    let mut g = game(&t2b);
    let l = legal(&g);
    assert!(!l.contains(&"d6+".to_string()), "{l:?}");
    assert!(l.contains(&"d6c5+".to_string()), "{l:?}");
    play(&mut g, "d6c5+");
    assert_eq!(winner(&g), Some((Some(Seat::West), Termination4::NaviaDratp)));
}

#[test]
fn t3_taking_a_navia_that_stands_on_a_pharaoh_square() {
    let t3 =
        "7/7/2nB8/11/11/w[N03]9e[N04]/11/11/1wBs[N02]5eB2/7/3s[N01]3 a wsne N/B/B/N - 0/0/0/0 -/-/-/- -/-/-/- - 12";
    let mut g = game(t3);
    assert_eq!(legal(&g), set(&["b3c3=i9"]));
    play(&mut g, "b3c3=i9");
    let s = g.state();
    let text = nfen(&g);
    assert!(text.starts_with("7/7/2nB5w[N02]2/"), "{text}");
    assert_eq!(s.round().pool(Seat::West), 31);

    // T3b: i9 is taken too: no take, and West's B has no legal action, so it may move its Navia (F26).
    let t3b = t3.replace("/2nB8/", "/2nB5nB2/");
    let g = game(&t3b);
    let l = legal(&g);
    assert!(l.iter().all(|m| !m.starts_with("b3c3")), "{l:?}");
    assert!(l.contains(&"a6b6".to_string()), "{l:?}");
}

#[test]
fn t4_three_navia_win_at_once() {
    let mut g = game(
        "7/4nB2/11/11/4e[N04]6/w[N03]3sB6/11/11/2s[N02]8/7/3s[N01]3 a swne B/N/B/N - 0/0/0/0 -/-/-/- -/-/-/- - 20",
    );
    assert_eq!(legal(&g), set(&["e6e7=c9", "e6e7=i3", "e6e7=i9"]));
    play(&mut g, "e6e7=i9");
    assert_eq!(winner(&g), Some((Some(Seat::South), Termination4::ThreeNavia)));
    assert!(g.state().deciding().is_empty(), "nobody acts after the win");
    assert_eq!(g.state().ranking()[Seat::South.index()], 1);
}

#[test]
fn t5_a_seat_without_its_own_navia_wins_by_three() {
    let t5 = "7/2nB4/11/5wBn[N03]4/w[N02]10/10e[N04]/11/11/2w[N01]8/2sB4/7 a wsne B/B/N/N - 0/0/0/0 M01,M02/M15/-/- -/-/-/- - 31";
    for target in ["c9", "i3", "i9"] {
        let mut g = game(t5);
        assert_eq!(legal(&g), set(&["f8g8=c9", "f8g8=i3", "f8g8=i9"]));
        play(&mut g, &format!("f8g8={target}"));
        assert_eq!(winner(&g), Some((Some(Seat::West), Termination4::ThreeNavia)));
    }
    // At the start of a round: South may declare B or M02, not the Navia Guard M01 (no Navia, F16); West may
    // declare its Guard M15.
    let g = game(&t5.replace(" a wsne B/B/N/N ", " d wsne - "));
    let s = g.state();
    let m = |id: &str| Declaration::Maseitai(find_piece(id, cat()).unwrap());
    assert_eq!(s.declarable(Seat::South), vec![m("M02"), Declaration::Black]);
    assert!(s.declarable(Seat::West).contains(&m("M15")));
}

#[test]
fn t6_navia_dratp_with_a_taken_navia_and_check() {
    let t6 = "7/7/8n[N03]2/11/9e[N02]1/10e[N04]/1wB9/11/11/7/3s[N01]3 a nswe N/B/N/N - 0/0/60/0 -/-/-/- -/-/-/- - 40";
    let g = game(t6);
    let l = legal(&g);
    assert!(l.contains(&"i9+".to_string()), "{l:?}");
    assert!(
        !l.contains(&"i9i8+".to_string()) && !l.contains(&"i9j8+".to_string()),
        "{l:?}"
    );
    let mut won = g.clone();
    play(&mut won, "i9+");
    assert_eq!(winner(&won), Some((Some(Seat::North), Termination4::NaviaDratp)));

    // T6b: East's Gulled on j9 can take i9 (c3, i3 and c9 are empty): in check, no dratp in place.
    let g = game(&t6.replace("/8n[N03]2/", "/8n[N03]eB1/"));
    assert!(!legal(&g).contains(&"i9+".to_string()));
}

const T7: &str = "3n[N02]3/2nB4/11/11/11/w[N03]1w[M17]7e[N04]/1wB9/10eR/11/2sB4/1sR1s[N01]3 b nwse B/M17/N/R - 5/4/0/6 -/-/-/- -/-/-/- - 14";

#[test]
fn t7_auction_with_a_rebid() {
    let mut g = game(T7);
    play(&mut g, "b:3/3/0/1");
    assert_eq!(g.state().phase(), Phase::Bidding);
    assert!(nfen(&g).contains(" b nwse B/M17/N/R 3/3/0/1 2/1/0/5 "), "{}", nfen(&g));
    play(&mut g, "b:1/0/-/-");
    assert_eq!(
        nfen(&g),
        "3n[N02]3/2nB4/11/11/11/w[N03]1w[M17]7e[N04]/1wB9/10eR/11/2sB4/1sR1s[N01]3 a swen B/M17/N/R - 1/1/0/5 -/-/-/- -/-/-/- - 14"
    );
}

#[test]
fn t8_tie_settled_by_figure_value() {
    let mut g = game(T7);
    play(&mut g, "b:2/2/0/0 b:0/0/-/-");
    let text = nfen(&g);
    assert!(
        text.ends_with(" a swne B/M17/N/R - 3/2/0/6 -/-/-/- -/-/-/- - 14"),
        "{text}"
    );
}

#[test]
fn t9_tie_settled_by_team_total() {
    let mut g = game("3n[N02]3/2nB4/11/1wB9/1wB9/w[N03]9e[N04]/1wB7eB1/11/11/1sBsB4/3s[N01]3 b nwse B/B/N/N - 2/2/0/0 M01/M15/-/- -/-/-/- - 8");
    assert_eq!(g.state().team_total(Seat::South), 36);
    assert_eq!(g.state().team_total(Seat::West), 37);
    play(&mut g, "b:2/2/0/0 b:0/0/-/-");
    assert_eq!(
        g.state().round().order(),
        [Seat::South, Seat::West, Seat::North, Seat::East]
    );
    assert_eq!(g.state().phase(), Phase::Actions);
}

const T10: &str = "3n[N02]3/2nB4/11/11/11/w[N03]2wB6e[N04]/1wB1sB5eB1/11/11/2sB4/3s[N01]3 b nwse B/B/N/N - 3/3/0/0 M01/M15/-/- -/-/-/- - 8";

#[test]
fn t10_tie_settled_by_a_promise() {
    let mut g = game(T10);
    play(&mut g, "b:3/3/0/0 b:0/0/-/-");
    assert_eq!(g.state().phase(), Phase::Promise);
    assert!(nfen(&g).contains(" p nwse B/B/N/N 3/3/0/0 0/0/0/0 "), "{}", nfen(&g));
    play(&mut g, "p:y/n/-/-");
    let text = nfen(&g);
    assert!(text.contains(" a swne B!/B/N/N - 0/0/0/0 "), "{text}");
    // The promise removes d5d6, which would take West's Gulled (F24).
    assert_eq!(legal(&g), set(&["e2e3"]));
    assert!(g.play_text("d5d6").is_err());
}

#[test]
fn t10b_all_promised_or_none_forfeit() {
    for promises in ["p:y/y/-/-", "p:n/n/-/-"] {
        let mut g = game(T10);
        play(&mut g, &format!("b:3/3/0/0 b:0/0/-/- {promises}"));
        let text = nfen(&g);
        assert!(text.contains(" a WSne "), "{text}");
        assert_eq!(g.state().round().pool(Seat::South), 3);
        assert_eq!(g.state().round().pool(Seat::West), 3);
        assert_eq!(g.state().round().actor(), Some(Seat::North));
    }
}

#[test]
fn t11_fallback_after_the_declared_piece_is_taken() {
    let mut g = game("3n[N02]3/7/11/11/11/w[N03]9e[N04]/11/2wBs[M04]7/11/2sB4/3s[N01]3 a wsne M04/B/N/N - 0/0/0/0 -/-/-/- -/-/-/- - 6");
    play(&mut g, "c4d4");
    let garrison = u8::try_from(1 + cat().cost(find_piece("M04", cat()).unwrap()) as u32).unwrap();
    assert_eq!(g.state().round().pool(Seat::West), garrison);
    assert_eq!(legal(&g), set(&["e2e3", "f1e1", "f1f2", "f1g1", "f1g2"]));
}

const T12: &str = "3n[N02]3/7/11/11/11/w[N03]4s[+M90]w[M90]3e[N04]/11/4s[+M90]6/9eB1/6s[M01]/3s[N01]3 a swne M90/M90/N/N - 0/0/0/0 -/-/-/- -/-/-/- - 3";

#[test]
fn t12_turned_compasses_and_the_cut_corners() {
    let g = game_in(T12, t12_cat());
    assert_eq!(legal(&g), set(&["e4c2", "e4d1", "e4d3", "f6c3", "f6d4", "f6e5"]));
    // West first: its undratped slider goes back-left for West, board north-west, and stops before b11.
    let g = game_in(&T12.replace(" a swne ", " a wsne "), t12_cat());
    assert_eq!(legal(&g), set(&["g6c10", "g6d9", "g6e8", "g6f7"]));
    // South declared the Troll: its diagonal step across the notch takes East's Gulled on j3.
    let g = game_in(&T12.replace(" M90/M90/N/N ", " M01/M90/N/N "), t12_cat());
    assert_eq!(legal(&g), set(&["i2h1", "i2h3", "i2j3"]));
}

#[test]
fn t13_line_over_only_across_the_opposite_end_line() {
    let t13 =
        "2sBn[N02]3/7/sR10/11/11/w[N03]9e[N04]/eB10/11/11/7/3s[N01]3 a swne B/N/N/B - 0/0/0/0 -/-/-/- -/-/-/- - 50";
    let mut g = game(t13);
    assert_eq!(legal(&g), set(&["e11^:G"]));
    play(&mut g, "e11^:G");
    let text = nfen(&g);
    assert!(text.contains(" 11/0/0/0 ") && text.contains(" B/-/-/- "), "{text}");
    // South's red Gulled on a9 has no move, so R is not declarable for South.
    let g = game(&t13.replace(" a swne B/N/N/B ", " d swne - "));
    assert!(!g.state().declarable(Seat::South).contains(&Declaration::Red));
    // East, later in the round: West's back rank is its line-over rank.
    let g = game(&t13.replace(" a swne ", " a SWNe "));
    assert_eq!(legal(&g), set(&["a5^:G"]));
}

#[test]
fn t14_thousand_war() {
    let mut g = game("3n[N02]3/7/11/11/11/w[N03]9e[N04]/11/11/11/7/3s[N01]3 d swne - - 0/0/0/0 -/-/-/- -/-/-/- - 1");
    let two_rounds = "d:N/N/N/N b:0/0/0/0 f1f2 a6b6 f11f10 k6j6 d:N/N/N/N b:0/0/0/0 f2f1 b6a6 f10f11 j6k6";
    play(&mut g, two_rounds);
    assert_eq!(g.result(), None, "round 3 repeats round 1 once");
    play(&mut g, two_rounds);
    assert_eq!(winner(&g), Some((None, Termination4::ThousandWar)));
    assert!(g.play_text("d:N/N/N/N").is_err());
}

#[test]
fn t15_round_limit_and_ranking() {
    let mut g = game("3n[N02]3/1nBnB4/11/11/11/10e[N04]/1wB9/11/2s[N03]8/2sB4/3s[N01]3 a SWNe N/B/N/N - 10/0/5/5 -/M15/-/M30 -/-/-/- - 200");
    play(&mut g, "k6j6");
    assert_eq!(winner(&g), Some((None, Termination4::RoundLimit)));
    // South two Navia; East and North one each, East's total 34 above North's 32; West none.
    assert_eq!(g.state().ranking(), [1, 4, 3, 2]);
}

#[test]
fn refused_input_changes_nothing() {
    let mut g = game(T7);
    let before = nfen(&g);
    for bad in [
        "b:6/0/0/0",
        "b:3/3/0",
        "d:B/B/B/B",
        "p:y/y/-/-",
        "e2e3",
        "x:q",
        "b:1/1/1/1",
        "",
        "b:3/3/0/1 ",
    ] {
        assert!(g.play_text(bad).is_err(), "{bad:?} was accepted");
        assert_eq!(nfen(&g), before);
        assert!(g.events().is_empty());
    }
    for bad in [
        "",
        "x",
        &F36.replace(" d ", " q "),
        &F36.replace("sBsR1s[N01]1sRsB", "sBsR1s[N01]1sRs"),
        &F36.replace(" 1", " 0"),
        &F36.replace("0/0/0/0", "61/0/0/0"),
        &F36.replace("n[N02]", "n[M02]"),
    ] {
        let e = Game4::from_nfen4(bad, cat(), DEFAULT_ROUND_LIMIT)
            .expect_err(bad)
            .to_string();
        assert!(e.starts_with("bad NFEN4: ") && !e.contains('\n'), "{e}");
    }
}

/// A random event for the state: a declarable kind for each seat, a bid within each pool, a promise, or a
/// legal action; now and then an elimination.
fn random_event(s: &State4, rng: &mut Rng) -> Event {
    if rng.below(200) == 0 {
        let left: Vec<Seat> = Seat::ALL.into_iter().filter(|&x| !s.round().is_out(x)).collect();
        return Event::Eliminate(left[rng.below(left.len())]);
    }
    match s.phase() {
        Phase::Decision => Event::Declare(Seat::ALL.map(|x| {
            let d = s.declarable(x);
            if d.is_empty() {
                Declaration::Nothing
            } else {
                d[rng.below(d.len())]
            }
        })),
        Phase::Bidding => {
            let step = s.round().bid_step();
            Event::Bid(Seat::ALL.map(|x| step.contains(x).then(|| rng.below(usize::from(s.max_bid(x)) + 1) as u8)))
        }
        Phase::Promise => {
            let step = s.deciding();
            Event::Promise(Seat::ALL.map(|x| step.contains(x).then(|| rng.below(2) == 0)))
        }
        Phase::Actions => {
            let l = s.legal_actions();
            Event::Action(s.action_text(&l[rng.below(l.len())]))
        }
    }
}

#[test]
fn random_games_keep_their_invariants() {
    let mut rng = Rng::new(0x4A11);
    let (mut ended, mut actions) = (0, 0);
    for game_no in 0..40 {
        let mut g = Game4::startpos(cat(), None, 30).unwrap();
        let mut replay = Game4::startpos(cat(), None, 30).unwrap();
        while g.result().is_none() {
            let s = *g.state();
            // The position string round-trips, and the key is the key from scratch.
            let text = s.nfen4();
            let back = State4::from_nfen4(&text, cat(), 30).unwrap_or_else(|e| panic!("game {game_no}: {text}: {e}"));
            assert_eq!(back.nfen4(), text);
            assert_eq!(s.position().key(), s.position().compute_key(), "{text}");
            for x in Seat::ALL {
                assert!(u16::from(s.round().pool(x)) + u16::from(s.round().stake(x)) <= 60);
                assert_eq!(s.position().pool(x), s.round().pool(x), "{text}");
            }
            if s.phase() == Phase::Actions {
                assert!(!s.legal_actions().is_empty(), "the seat to act can act: {text}");
            }
            let ev = random_event(&s, &mut rng);
            actions += usize::from(matches!(ev, Event::Action(_)));
            let t = event_text(&ev, cat());
            g.play(&ev)
                .unwrap_or_else(|e| panic!("game {game_no}: {text}: {t}: {e}"));
            replay.play_text(&t).unwrap_or_else(|e| panic!("replay {t}: {e}"));
            assert_eq!(replay.state().nfen4(), g.state().nfen4());
        }
        ended += 1;
        let r = g.result().unwrap();
        let places = g.state().ranking();
        if let Some(w) = r.winner {
            assert_eq!(places[w.index()], 1);
        }
        assert!(places.iter().all(|&p| (1..=4).contains(&p)));
    }
    assert_eq!(ended, 40);
    assert!(
        actions > 40 * 20,
        "the games were played, not cut short: {actions} actions"
    );
}

/// F20: the kind a piece is declared as.
fn kind_of(piece: Piece) -> Declaration {
    match piece {
        Piece::Navia(_) => Declaration::Navia,
        Piece::Maseitai(k) => Declaration::Maseitai(k),
        Piece::BlackGulled => Declaration::Black,
        Piece::RedGulled => Declaration::Red,
    }
}

/// F26 the slow, obvious way: every legal action of the seat, less those that take after a promise (F24), then
/// those of the declared kind unless it has none.
fn f26_by_hand(pos: &CrossPosition, seat: Seat, declared: Option<Declaration>, promised: bool) -> Vec<CrossAction> {
    let mut p = *pos;
    p.set_side(seat);
    let mut all = p.legal_actions();
    if promised {
        all.retain(|a| !p.takes_piece(a));
    }
    let Some(d) = declared else { return all };
    let with: Vec<CrossAction> = all
        .iter()
        .filter(|a| p.acting_piece(a).map(kind_of) == Some(d))
        .copied()
        .collect();
    if with.is_empty() {
        all
    } else {
        with
    }
}

#[test]
fn folded_seat_actions_list_what_f26_lists() {
    // Two seats with Peojin (M40: its dratp moves any battle piece to any empty square, a family of hundreds of
    // actions per move) and Kanaba; the state's pools are raised so that dratps are affordable.
    let words = ["M40", "M18", "M07", "M10", "M31", "M35", "M37"];
    let peojin = Force::from_words("N02", &words, cat()).unwrap();
    let mut rng = Rng::new(0xF26);
    let (mut checked, mut folded, mut listed, mut alike) = (0, 0, 0, 0);
    for game_no in 0..2 {
        let forces = [peojin.clone(), peojin.clone(), peojin.clone(), peojin.clone()];
        let mut g = Game4::startpos(cat(), Some(&forces), 40).unwrap();
        while g.result().is_none() {
            let s = *g.state();
            if s.phase() == Phase::Actions && rng.below(8) == 0 {
                let mut fields: Vec<String> = s.nfen4().split(' ').map(str::to_string).collect();
                fields[5] = (0..4)
                    .map(|_| (20 + rng.below(40)).to_string())
                    .collect::<Vec<_>>()
                    .join("/");
                let rich = State4::from_nfen4(&fields.join(" "), cat(), 40).unwrap();
                let pos = rich.position();
                for seat in Seat::ALL {
                    let open = SeatActions::new(pos, seat, None, false);
                    let mut kinds = Declarable::NONE;
                    for a in f26_by_hand(pos, seat, None, false) {
                        let mut p = *pos;
                        p.set_side(seat);
                        kinds.insert(kind_of(p.acting_piece(&a).unwrap()));
                    }
                    assert_eq!(open.kinds(), kinds, "game {game_no}, {seat}");
                    let declared = [None, Some(Declaration::Navia), Some(Declaration::Black)]
                        .into_iter()
                        .chain(
                            words[..2]
                                .iter()
                                .map(|w| Some(Declaration::Maseitai(find_piece(w, cat()).unwrap()))),
                        );
                    for d in declared {
                        for promised in [false, true] {
                            let acts = SeatActions::new(pos, seat, d, promised);
                            let by_hand = f26_by_hand(pos, seat, d, promised);
                            assert_eq!(
                                acts.list(),
                                by_hand,
                                "game {game_no}, {seat}, {d:?}, promised {promised}"
                            );
                            assert_eq!(acts.is_empty(), by_hand.is_empty());
                            for e in acts.entries() {
                                let Folded::Family {
                                    head,
                                    moves_further,
                                    removes_others,
                                } = *e
                                else {
                                    continue;
                                };
                                // What the search relies on to leave a family unlisted: its actions share the
                                // head's Maseitai, move and Navia take, and take a piece the head does not take
                                // only by a further move.
                                let p = acts.position();
                                let members = acts.family(&head);
                                for m in &members {
                                    assert!(matches!(p.acting_piece(m), Some(Piece::Maseitai(_))));
                                    assert_eq!((m.from, m.to, m.pharaoh), (head.from, head.to, head.pharaoh));
                                    assert!(!p.takes_piece(m) || p.takes_piece(&head) || moves_further);
                                }
                                // Moving no further and removing no other piece, each action leaves the other
                                // seats the pieces the first leaves them: the search asks the first alone whether
                                // a rival's family strikes the answering seat.
                                if !moves_further && !removes_others {
                                    let left = |m: &CrossAction| {
                                        let after = p.play(m);
                                        Seat::ALL.map(|o| (o != seat).then(|| after.side_bb(o).count()))
                                    };
                                    let first = members.first().map(left);
                                    assert!(members.iter().all(|m| Some(left(m)) == first), "game {game_no}, {seat}");
                                    alike += 1;
                                }
                                folded += 1;
                                listed += members.len();
                            }
                            checked += 1;
                        }
                    }
                }
            }
            let ev = random_event(&s, &mut rng);
            g.play(&ev).unwrap();
        }
    }
    // Not a vacuous pass: many lists, with families of many actions among them.
    assert!(checked > 200, "{checked} lists");
    assert!(
        folded > 100 && listed > 20 * folded && alike > 50,
        "{folded} families ({alike} alike), {listed} actions"
    );
}

#[test]
fn perft_counts_the_actions_of_the_round() {
    let mut g = Game4::startpos(cat(), None, DEFAULT_ROUND_LIMIT).unwrap();
    play(&mut g, "d:B/B/B/B b:0/0/0/0");
    let s = g.state();
    assert_eq!(s.phase(), Phase::Actions);
    assert_eq!(s.perft(0), 1);
    assert_eq!(s.perft(1), s.legal_actions().len() as u64);
    // Depth 2 by hand: each first action, then the next seat's actions.
    let by_hand: u64 = s
        .legal_actions()
        .iter()
        .map(|a| {
            let mut n = *s;
            n.play_action(a);
            n.legal_actions().len() as u64
        })
        .sum();
    assert_eq!(s.perft(2), by_hand);
    // Four seats act: no fifth action in this round.
    assert_eq!(s.perft(5), 0);
}

#[test]
fn d16_four_forces_hold_up_to_eight_freezes() {
    // Four of West's dratped Kanabas freeze North's Gulled; South's fifth Kanaba can still dratp and freeze.
    let mut g = game("3n[N02]3/7/11/11/11/w[N03]9e[N04]/2nBnBnBnB5/2w[+M18]w[+M18]w[+M18]w[+M18]5/7s[M18]3/7/3s[N01]3 a swne M18/N/N/N - 13/0/0/0 -/-/-/- -/-/-/- freeze:c4c5,freeze:d4d5,freeze:e4e5,freeze:f4f5 7");
    let freeze = legal(&g)
        .into_iter()
        .find(|m| m.starts_with("h3+:"))
        .expect("a freeze by the fifth Kanaba");
    play(&mut g, &freeze);
    assert_eq!(g.state().position().freeze_list().len(), 5);
    let text = nfen(&g);
    assert_eq!(game(&text).state().nfen4(), text);
}
