//! One test (at least) per rule R1–R27 and per starter effect (M01–M14), each on
//! a position written in NFEN, asserting exact legal actions or exact results.

mod common;

use common::*;
use dratp::rules::{EndReason, Game, Side, Square, START_NFEN};

const NAVIAS_ONLY: &str = "3[n02]3/7/7/7/7/7/3[N01]3 w 0/0 -/- -/- - 1";

#[test]
fn r1_squares_are_named_a1_to_g7_from_the_first_players_side() {
    assert_eq!(Square::from_name("a1").unwrap().index(), 0);
    assert_eq!(Square::from_name("g1").unwrap().index(), 6);
    assert_eq!(Square::from_name("a2").unwrap().index(), 7);
    assert_eq!(Square::from_name("g7").unwrap().index(), 48);
    assert!(Square::from_name("h1").is_none() && Square::from_name("a8").is_none());
    for sq in Square::all() {
        assert_eq!(Square::from_name(&sq.to_string()), Some(sq));
    }
    let p = pos(START_NFEN);
    for sq in Square::all() {
        if let Some(pl) = p.piece_at(sq) {
            let want = if sq.rank() <= 1 { Side::White } else { Side::Black };
            assert!(sq.rank() <= 1 || sq.rank() >= 5, "{sq}");
            assert_eq!(pl.side, want, "{sq}");
        }
    }
    assert_eq!(p.side_to_move(), Side::White, "the first player moves first");
}

#[test]
fn r2_navias_start_on_d1_and_d7() {
    let p = pos(START_NFEN);
    assert_eq!(p.navia_square(Side::White), Square::from_name("d1"));
    assert_eq!(p.navia_square(Side::Black), Square::from_name("d7"));
}

#[test]
fn r3_summon_squares_are_the_eight_of_each_side() {
    let w = "3[n02]3/7/7/7/7/7/3[N01]3 w 0/0 M02/- -/- - 1";
    assert_eq!(
        legal_from(w, "M02@"),
        set(&["M02@a1", "M02@b1", "M02@c1", "M02@e1", "M02@f1", "M02@g1", "M02@a2", "M02@g2"])
    );
    let b = "3[n02]3/7/7/7/7/7/3[N01]3 b 0/0 -/M02 -/- - 1";
    assert_eq!(
        legal_from(b, "M02@"),
        set(&["M02@a7", "M02@b7", "M02@c7", "M02@e7", "M02@f7", "M02@g7", "M02@a6", "M02@g6"])
    );
}

#[test]
fn r4_r17_dratp_in_the_reduction_zone_costs_half_rounded_up() {
    // Troll (cost 4) on c3 with 2 gyullas: only a dratp after moving into the zone (b4, d4) is affordable.
    let p = "3[n02]3/7/7/7/2[M01]4/7/3[N01]3 w 2/0 -/- -/- - 1";
    assert_eq!(
        legal(p),
        set(&["c3b2", "c3b4", "c3b4+", "c3d2", "c3d4", "c3d4+", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2"])
    );
    assert_eq!(after(p, "c3d4+"), "3[n02]3/7/7/3[+M01]3/7/7/3[N01]3 b 0/0 -/- -/- - 1");
    // Tiny Kiggoshi costs 14: 7 in the zone (odd halves round up: Netol 5 -> 3 below).
    let netol = "3[n02]3/7/7/3[M05]3/7/7/3[N01]3 w 3/0 -/- -/- - 1";
    assert!(is_legal(netol, "d4+"));
    assert_eq!(
        after(netol, "d4+"),
        "3[n02]3/7/7/3[+M05]3/7/7/3[N01]3 b 0/0 -/- -/- - 1"
    );
    assert!(!is_legal("3[n02]3/7/7/3[M05]3/7/7/3[N01]3 w 2/0 -/- -/- - 1", "d4+"));
}

#[test]
fn r5_r22_a_gulled_on_the_far_rank_can_only_cross_the_end_line() {
    let p = "3[n02]2B/7/7/7/7/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(legal_from(p, "g7"), set(&["g7^:G"]));
    let b = "3[n02]3/7/7/7/7/7/b2[N01]3 b 0/0 -/- -/- - 1";
    assert_eq!(legal_from(b, "a1"), set(&["a1^:G"]));
}

#[test]
fn r6_r7_default_setup() {
    let p = pos(START_NFEN);
    assert_eq!(dratp::rules::nfen(&p), START_NFEN);
    for side in Side::BOTH {
        let mine = p.side_bb(side);
        assert_eq!((mine & p.gulled_bb()).count(), 9);
        assert_eq!(p.keep(side).len(), 7);
        assert_eq!(p.pool(side), 0);
        assert!(p.navia_square(side).is_some());
        assert_eq!(mine.count(), 10, "Navia + 9 Gulled on the board");
    }
    let red = |s: &str| p.piece_at(Square::from_name(s).unwrap()).map(|pl| pl.piece);
    assert_eq!(red("b1"), Some(dratp::rules::Piece::RedGulled));
    assert_eq!(red("f7"), Some(dratp::rules::Piece::RedGulled));
    assert_eq!(red("c6"), Some(dratp::rules::Piece::BlackGulled));
}

#[test]
fn r8_gulled_step_forward_and_capture_the_same_way() {
    let p = "3[n02]3/7/7/3b3/2B1R2/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(
        targets(p, "c3"),
        set(&["c4"]),
        "black Gulled: straight ahead only, no diagonal capture"
    );
    assert_eq!(targets(p, "e3"), set(&["d4", "e4", "f4"]));
    assert_eq!(after(p, "e3d4"), "3[n02]3/7/7/3R3/2B4/7/3[N01]3 b 4/0 -/- -/B - 1");
    // The second player's forward is toward rank 1.
    let b = "3[n02]3/7/2b4/7/7/7/3[N01]3 b 0/0 -/- -/- - 1";
    assert_eq!(targets(b, "c5"), set(&["c4"]));
}

#[test]
fn r9_the_navia_steps_to_its_eight_neighbours() {
    let p = "3[n02]3/7/7/3[N01]3/7/7/7 w 0/0 -/- -/- - 1";
    assert_eq!(targets(p, "d4"), set(&["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]));
}

#[test]
fn r10_troll_grid_before_and_after_dratp() {
    let before = "3[n02]3/7/7/3[M01]3/7/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(targets(before, "d4"), set(&["c3", "c5", "e3", "e5"]));
    let after_ = "3[n02]3/7/7/3[+M01]3/7/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(
        targets(after_, "d4"),
        set(&["b4", "c3", "c5", "d2", "d6", "e3", "e5", "f4"])
    );
}

#[test]
fn r10_second_players_compass_is_turned_180_degrees() {
    // Hamulus Garuda leaps forward (-1,2), (1,2): for the second player that is toward rank 1.
    let p = "3[n02]3/7/7/3[m03]3/7/7/3[N01]3 b 0/0 -/- -/- - 1";
    assert_eq!(targets(p, "d4"), set(&["c2", "c3", "c5", "d3", "e2", "e3", "e5"]));
}

#[test]
fn r10_r11_slides_stop_at_the_first_piece_and_take_only_enemies() {
    let p = "3[n02]3/7/3b3/1B1[+M02]3/7/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(
        targets(p, "d4"),
        set(&[
            "d5", "d3", "d2", "e4", "f4", "g4", "c4", "e5", "f6", "g7", "c5", "b6", "a7", "e3", "f2", "g1", "c3", "b2",
            "a1"
        ])
    );
}

#[test]
fn r10_d13_jumps_pass_exactly_one_piece() {
    // Dratped Garrison on d3: jumps north over its own Gulled on d4 to take d5, but not beyond;
    // south it may jump its own Navia, but then leaves the board.
    let p = "3[n02]3/7/3b3/3B3/3[+M04]3/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(targets(p, "d3"), set(&["c3", "c4", "d2", "d5", "e3", "e4"]));
    // Test Jumper before dratp: jump sideways over the first piece, then slide on to the next.
    let j = "3[n02]3/7/7/b[M92]1B1b1/7/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(
        targets(j, "b4"),
        set(&["a3", "a4", "b5", "b6", "b7", "c3", "c4", "e4", "f4"])
    );
}

#[test]
fn r10_d12_bounces_reflect_once_off_the_edge() {
    // Test Bouncer on e2: NE to g4, reflects to f5, e6 and takes the Navia on d7;
    // NW is blocked by its own Gulled on c4, so it does not bounce.
    let p = "3[n02]3/7/7/2B4/7/4[M90]2/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(targets(p, "e2"), set(&["d3", "d7", "e3", "e6", "f3", "f5", "g4"]));
    // Unblocked NW: d3, c4, b5, a6, then reflects to b7 only (one reflection).
    let q = "3[n02]3/7/7/7/7/4[M90]2/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(
        targets(q, "e2"),
        set(&["a6", "b5", "b7", "c4", "d3", "d7", "e3", "e6", "f3", "f5", "g4"])
    );
    // Standing on the a-file, the NW arrow reflects at once off the edge it stands against (so it runs
    // like the NE one); the NE arrow reflects off rank 7 at f7 to g6.
    let r = "3[n02]3/7/7/7/7/[M90]6/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(targets(r, "a2"), set(&["a3", "b3", "c4", "d5", "e6", "f7", "g6"]));
}

#[test]
fn r12_pools_never_pass_60() {
    let p = "3[n02]3/7/7/7/4R2/7/3[N01]3 w 59/0 -/- -/- - 1";
    assert_eq!(after(p, "e3e4"), "3[n02]3/7/7/4R2/7/7/3[N01]3 b 60/0 -/- -/- - 1");
}

#[test]
fn r13_income_and_capture_rewards() {
    let p = "3[n02]3/7/7/3[m02]3/2B1R2/7/3[N01]3 w 10/0 -/- -/- - 1";
    assert_eq!(
        after(p, "c3c4"),
        "3[n02]3/7/7/2B[m02]3/4R2/7/3[N01]3 b 11/0 -/- -/- - 1"
    );
    assert_eq!(
        after(p, "e3d4"),
        "3[n02]3/7/7/3R3/2B4/7/3[N01]3 b 29/0 -/- -/M02 - 1",
        "3 + 16"
    );
}

#[test]
fn r14_r21_removal_by_effect_pays_nothing_and_never_hits_a_navia() {
    let p = "3[n02]3/7/3[m02]3/7/7/7/[M07]2[N01]3 w 14/0 -/- -/- - 1";
    assert_eq!(legal_from(p, "a1+"), set(&["a1+:d5"]));
    assert_eq!(after(p, "a1+:d5"), "3[n02]3/7/7/7/7/7/3[N01]3 b 0/0 -/- M07/M02 - 1");
}

#[test]
fn r15_one_action_per_turn() {
    // A Gulled move is never followed by a dratp; a summon never by anything; taking the Navia ends the turn.
    let p = "7/7/7/3[n02]3/2[M01]4/B6/3[N01]3 w 60/0 M02/- -/- - 1";
    let all = legal(p);
    assert!(all.iter().all(|m| !m.starts_with("a2a3+")));
    assert!(all.iter().filter(|m| m.contains('@')).all(|m| m.len() == 6));
    assert!(all.contains(&"c3d4".to_string()));
    assert!(!all.contains(&"c3d4+".to_string()), "no dratp after taking the Navia");
    assert!(all.contains(&"c3b4+".to_string()), "move then dratp");
    assert!(all.contains(&"c3+".to_string()), "dratp without moving");
}

#[test]
fn r16_navia_guards_are_summoned_next_to_their_navia_only() {
    let p = "3[n02]3/7/7/3[N01]3/7/7/7 w 0/0 M01,M02/- -/- - 1";
    assert_eq!(
        legal_from(p, "M01@"),
        set(&["M01@c3", "M01@d3", "M01@e3", "M01@c4", "M01@e4", "M01@c5", "M01@d5", "M01@e5"])
    );
    assert_eq!(legal_from(p, "M02@").len(), 8, "others use the summon squares");
    assert_eq!(
        after(p, "M01@c5"),
        "3[n02]3/7/2[M01]4/3[N01]3/7/7/7 b 0/0 M02/- -/- - 1"
    );
}

#[test]
fn r18_d11_gundrill_invokes_for_half_in_the_zone() {
    let p = "3[n02]3/7/7/3[+M06]3/7/6B/3[N01]3 w 2/0 -/- -/- - 1";
    let invokes = legal_from(p, "d4*");
    assert_eq!(invokes.len(), 16, "2 own battle pieces x 8 empty dots: {invokes:?}");
    assert!(invokes.contains(&"d4*:g2f4".to_string()) && invokes.contains(&"d4*:d4b6".to_string()));
    assert_eq!(
        after(p, "d4*:g2f4"),
        "3[n02]3/7/7/3[+M06]1B1/7/7/3[N01]3 b 0/0 -/- -/- - 1"
    );
    assert!(legal_from("3[n02]3/7/7/3[+M06]3/7/6B/3[N01]3 w 1/0 -/- -/- - 1", "d4*").is_empty());
    // Outside the zone after moving, the full 4 is due.
    assert!(legal_from(p, "d4d5*").is_empty());
}

#[test]
fn r19_navia_dratp_costs_60_is_never_halved_and_needs_no_check() {
    assert!(is_legal("3[n02]3/7/7/7/7/7/3[N01]3 w 60/0 -/- -/- - 1", "d1+"));
    assert!(
        !is_legal("3[n02]3/7/7/3[N01]3/7/7/7 w 59/0 -/- -/- - 1", "d4+"),
        "no zone discount"
    );
    let checked = "3[n02]3/7/7/7/7/4r2/3[N01]3 w 60/0 -/- -/- - 1";
    let dratps: Vec<String> = legal(checked).into_iter().filter(|m| m.ends_with('+')).collect();
    assert_eq!(
        dratps,
        set(&["d1c1+", "d1c2+", "d1d2+", "d1e2+"]),
        "not from d1 or e1, attacked by the red Gulled"
    );
    let won = after("3[n02]3/7/7/7/7/7/3[N01]3 w 60/0 -/- -/- - 1", "d1+");
    assert_eq!(won, "3[n02]3/7/7/7/7/7/3[+N01]3 b 0/0 -/- -/- - 1");
    assert!(legal(&won).is_empty());
}

#[test]
fn r20_captures_go_to_the_graveyard_and_immortals_cannot_be_taken() {
    let p = "3[n02]3/7/7/3[+m91]3/2[M01]4/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(targets(p, "c3"), set(&["b2", "b4", "d2"]));
    let q = "3[n02]3/7/7/3[m91]3/2[M01]4/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(after(q, "c3d4"), "3[n02]3/7/7/3[M01]3/7/7/3[N01]3 b 13/0 -/- -/M91 - 1");
    let mut g = Game::new(pos("7/7/7/3[n02]3/2[M01]4/7/3[N01]3 w 0/0 -/- -/- - 1"));
    g.play_text("c3d4").unwrap();
    let r = g.result().unwrap();
    assert_eq!((r.winner, r.reason), (Some(Side::White), EndReason::NaviaTaken));
    assert_eq!(
        dratp::rules::nfen(g.position()),
        "7/7/7/3[M01]3/7/7/3[N01]3 b 0/0 -/- -/- - 1"
    );
}

#[test]
fn r22_line_over_earns_income_and_one_bonus() {
    let p = "3[n02]2B/7/7/7/7/7/3[N01]3 w 0/0 -/- M03/- - 1";
    let lo = legal_from(p, "g7^");
    assert_eq!(
        lo.len(),
        9,
        "10 gyullas, or M03 onto one of 8 empty summon squares: {lo:?}"
    );
    assert_eq!(after(p, "g7^:G"), "3[n02]3/7/7/7/7/7/3[N01]3 b 11/0 -/- B,M03/- - 1");
    assert_eq!(
        after(p, "g7^:M03@a1"),
        "3[n02]3/7/7/7/7/7/[M03]2[N01]3 b 1/0 -/- B/- - 1"
    );
    let red = "1R1[n02]3/7/7/7/7/7/3[N01]3 w 55/0 -/- -/- - 1";
    assert_eq!(legal_from(red, "b7"), set(&["b7^:G"]));
    assert_eq!(
        after(red, "b7^:G"),
        "3[n02]3/7/7/7/7/7/3[N01]3 b 60/0 -/- R/- - 1",
        "3 + 10, capped"
    );
}

#[test]
fn r23_navia_goal_needs_an_empty_keep() {
    let p = "3[N01]3/7/7/7/7/7/[n02]6 w 0/0 -/- -/- - 1";
    assert!(is_legal(p, "d7^"));
    let won = after(p, "d7^");
    assert_eq!(won, "7/7/7/7/7/7/[n02]6 b 0/0 -/- -/- goal:w 1");
    let g = Game::new(pos(&won));
    assert_eq!(
        g.result().map(|r| (r.winner, r.reason)),
        Some((Some(Side::White), EndReason::NaviaGoal))
    );
    assert!(!is_legal("3[N01]3/7/7/7/7/7/[n02]6 w 0/0 M02/- -/- - 1", "d7^"));
}

#[test]
fn r24_moving_into_check_is_legal() {
    let p = "3[n02]3/7/7/7/4r2/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert!(is_legal(p, "d1d2"));
    let q = pos(&after(p, "d1d2"));
    assert!(q.in_check(Side::White));
    assert!(
        is_legal(&after(p, "d1d2"), "e3d2"),
        "and the opponent may take the Navia"
    );
}

#[test]
fn r25_the_three_wins_are_reported() {
    let dratp_win = {
        let mut g = Game::new(pos("3[n02]3/7/7/7/7/7/3[N01]3 w 60/0 -/- -/- - 1"));
        g.play_text("d1+").unwrap();
        g.result().unwrap()
    };
    assert_eq!(
        (dratp_win.winner, dratp_win.reason),
        (Some(Side::White), EndReason::NaviaDratp)
    );
    let taken = {
        let mut g = Game::new(pos("3[n02]3/3[N01]3/7/7/7/7/7 b 0/0 -/- -/- - 1"));
        g.play_text("d7d6").unwrap();
        g.result().unwrap()
    };
    assert_eq!((taken.winner, taken.reason), (Some(Side::Black), EndReason::NaviaTaken));
    assert!(Game::new(pos(START_NFEN)).result().is_none());
}

#[test]
fn r26_thousand_war_is_a_draw() {
    let mut g = Game::new(pos(NAVIAS_ONLY));
    for mv in ["d1c1", "d7c7", "c1d1", "c7d7", "d1c1", "d7c7", "c1d1"] {
        g.play_text(mv).unwrap();
        assert!(g.result().is_none(), "after {mv}");
    }
    g.play_text("c7d7").unwrap();
    let r = g.result().unwrap();
    assert_eq!((r.winner, r.reason), (None, EndReason::ThousandWar));
    assert!(g.play_text("d1c1").is_err(), "no moves after the end");
}

/// D14: a game with a result has no legal actions, even when only its history shows the result (R26), and
/// `try_play` refuses what `legal_actions` does not list (issue 11.11).
#[test]
fn d14_a_finished_game_has_no_legal_actions() {
    let mut g = Game::new(pos(NAVIAS_ONLY));
    for mv in ["d1c1", "d7c7", "c1d1", "c7d7", "d1c1", "d7c7", "c1d1", "c7d7"] {
        assert!(!g.legal_actions().is_empty(), "before {mv}");
        g.play_text(mv).unwrap();
    }
    assert!(g.result().is_some());
    assert!(g.legal_actions().is_empty(), "{:?}", g.legal_actions());
    let before = g.position().legal_actions()[0];
    assert!(
        g.try_play(before).is_err(),
        "the position alone still lists it; the game does not"
    );
    assert_eq!(g.actions().len(), 8);
    let goal = Game::new(pos("7/7/7/7/7/7/3[n02]3 w 0/0 -/- -/- goal:w 9"));
    assert!(goal.result().is_some() && goal.legal_actions().is_empty());
    let mut live = Game::new(pos(NAVIAS_ONLY));
    let first = live.legal_actions()[0];
    assert!(live.try_play(first).is_ok());
    assert_eq!(live.actions(), &[first]);
}

#[test]
fn r26_perpetual_check_wins_for_the_checked_side() {
    let mut g = Game::new(pos("[n02]6/7/1[+M02]5/7/7/7/3[N01]3 w 0/0 -/- -/- - 1"));
    for mv in ["b5c5", "a7b7", "c5b5", "b7a7", "b5c5", "a7b7", "c5b5"] {
        g.play_text(mv).unwrap();
        assert!(g.result().is_none(), "after {mv}");
    }
    g.play_text("b7a7").unwrap();
    let r = g.result().unwrap();
    assert_eq!((r.winner, r.reason), (Some(Side::Black), EndReason::PerpetualCheck));
}

#[test]
fn r27_no_legal_action_loses() {
    let p = "6[n02]/7/7/7/[+m91][+m91]5/BB5/[N01]B5 w 0/0 -/- -/- - 1";
    assert!(legal(p).is_empty());
    let r = Game::new(pos(p)).result().unwrap();
    assert_eq!((r.winner, r.reason), (Some(Side::Black), EndReason::NoAction));
}

#[test]
fn m01_troll_pays_a_bounty_when_taken_dratped() {
    let p = "3[n02]3/7/7/3[+m01]3/4R2/7/3[N01]3 w 0/5 -/- -/- - 1";
    assert_eq!(after(p, "e3d4"), "3[n02]3/7/7/3R3/7/7/3[N01]3 b 7/15 -/- -/M01 - 1");
    let q = "3[n02]3/7/7/3[m01]3/4R2/7/3[N01]3 w 0/5 -/- -/- - 1";
    assert_eq!(
        after(q, "e3d4"),
        "3[n02]3/7/7/3R3/7/7/3[N01]3 b 7/5 -/- -/M01 - 1",
        "undratped: no bounty"
    );
}

#[test]
fn m01_troll_bounty_from_an_enemy_effect_but_not_an_own_one() {
    let enemy_tk = "3[n02]3/7/7/3[+m01]3/7/7/[M07]2[N01]3 w 14/0 -/- -/- - 1";
    assert_eq!(
        after(enemy_tk, "a1+:d4"),
        "3[n02]3/7/7/7/7/7/3[N01]3 b 0/10 -/- M07/M01 - 1"
    );
    let own_tk = "3[n02]3/7/7/3[+M01]3/7/7/[M07]2[N01]3 w 14/0 -/- -/- - 1";
    assert_eq!(
        after(own_tk, "a1+:d4"),
        "3[n02]3/7/7/7/7/7/3[N01]3 b 0/0 -/- M01,M07/- - 1"
    );
}

#[test]
fn movement_only_dratps_flip_the_compass() {
    // M02, M03, M04, M09, M10, M11: dratp takes no choice, costs the printed cost, and the next turn uses the after face.
    for (id, cost) in [
        ("M02", 16),
        ("M03", 9),
        ("M04", 5),
        ("M09", 11),
        ("M10", 10),
        ("M11", 3),
    ] {
        let p = format!("3[n02]3/7/7/7/3[{id}]3/7/3[N01]3 w {cost}/0 -/- -/- - 1");
        assert_eq!(legal_from(&p, "d3+"), set(&["d3+"]), "{id}");
        let next = after(&p, "d3+");
        assert_eq!(next, format!("3[n02]3/7/7/7/3[+{id}]3/7/3[N01]3 b 0/0 -/- -/- - 1"));
        let mine = next.replace(" b 0/0", " w 0/0");
        let kind = cat().find_by_name(id).unwrap();
        let expect: Vec<String> = {
            let d3 = Square::from_name("d3").unwrap();
            let mut v: Vec<String> = pos(&mine).reach(d3).map(|s| s.to_string()).collect();
            v.sort();
            v
        };
        assert_eq!(targets(&mine, "d3"), expect, "{id}");
        assert_ne!(cat().get(kind).before, cat().get(kind).after, "{id} changes grid");
    }
}

#[test]
fn m05_netol_revives_from_its_own_graveyard_onto_a_summon_square() {
    let p = "3[n02]3/7/7/7/3[M05]3/7/3[N01]3 w 5/0 -/- M02/M03 - 1";
    let revives = legal_from(p, "d3+");
    assert_eq!(
        revives.len(),
        8,
        "M02 onto 8 empty summon squares, never the opponent's M03: {revives:?}"
    );
    assert_eq!(
        after(p, "d3+:M02@b1"),
        "3[n02]3/7/7/7/3[+M05]3/7/1[M02]1[N01]3 b 0/0 -/- -/M03 - 1"
    );
    let empty = "3[n02]3/7/7/7/3[M05]3/7/3[N01]3 w 5/0 -/- -/- - 1";
    assert_eq!(
        legal_from(empty, "d3+"),
        set(&["d3+"]),
        "nothing to revive: a plain dratp (D1)"
    );
}

#[test]
fn m06_gundrill_dratp_reduces_movement() {
    let before = "3[n02]3/7/7/3[M06]3/7/7/3[N01]3 w 0/0 -/- -/- - 1";
    let after_ = "3[n02]3/7/7/3[+M06]3/7/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert!(targets(after_, "d4").len() < targets(before, "d4").len());
}

#[test]
fn m08_olip_swaps_two_other_battle_pieces() {
    let p = "3[n02]3/6b/4[m02]2/7/2[M08]4/BB5/3[N01]3 w 4/0 -/- -/- - 1";
    assert_eq!(
        legal_from(p, "c3+"),
        set(&["c3+:a2,e5", "c3+:a2,g6", "c3+:b2,e5", "c3+:b2,g6", "c3+:e5,g6"]),
        "never a Navia, never Olip itself, never the no-op a2,b2"
    );
    assert_eq!(
        after(p, "c3+:a2,g6"),
        "3[n02]3/6B/4[m02]2/7/2[+M08]4/bB5/3[N01]3 b 0/0 -/- -/- - 1"
    );
}

#[test]
fn m12_gyullas_turtle_earns_six_per_move_once_dratped() {
    let p = "3[n02]3/7/7/3b3/3[+M12]3/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(after(p, "d3c3"), "3[n02]3/7/7/3b3/2[+M12]4/7/3[N01]3 b 6/0 -/- -/- - 1");
    assert_eq!(after(p, "d3d4"), "3[n02]3/7/7/3[+M12]3/7/7/3[N01]3 b 7/0 -/- -/B - 1");
    let undratped = "3[n02]3/7/7/7/3[M12]3/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(
        after(undratped, "d3d4"),
        "3[n02]3/7/7/3[M12]3/7/7/3[N01]3 b 0/0 -/- -/- - 1"
    );
}

#[test]
fn m13_kapinah_may_teleport_on_its_dratp() {
    let p = "3[n02]3/7/7/7/7/7/[M13]2[N01]3 w 8/0 -/- -/- - 1";
    let dratps = legal_from(p, "a1+");
    assert_eq!(dratps.len(), 1 + 46, "decline, or any of the 46 empty squares");
    assert_eq!(after(p, "a1+"), "3[n02]3/7/7/7/7/7/[+M13]2[N01]3 b 0/0 -/- -/- - 1");
    assert_eq!(after(p, "a1+:e6"), "3[n02]3/4[+M13]2/7/7/7/7/3[N01]3 b 0/0 -/- -/- - 1");
}

#[test]
fn m14_koma_returns_a_maseitai_to_its_owners_keep_then_leaves() {
    let p = "3[n02]3/7/4[+m02]2/7/7/7/[M14]2[N01]3 w 8/0 -/M09 -/- - 1";
    assert_eq!(legal_from(p, "a1+"), set(&["a1+:e5"]));
    assert_eq!(
        after(p, "a1+:e5"),
        "3[n02]3/7/7/7/7/7/3[N01]3 b 0/0 -/M02,M09 M14/- - 1"
    );
}

#[test]
fn m07_tiny_kiggoshi_without_targets_just_leaves() {
    let p = "3[n02]3/7/7/7/7/7/[M07]2[N01]3 w 14/0 -/- -/- - 1";
    assert_eq!(legal_from(p, "a1+"), set(&["a1+"]));
    assert_eq!(after(p, "a1+"), "3[n02]3/7/7/7/7/7/3[N01]3 b 0/0 -/- M07/- - 1");
}
