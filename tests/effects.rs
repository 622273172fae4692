//! One test (at least) per effect of M15–M44 (issue 5), each on a position in NFEN, asserting exact legal
//! actions or the exact resulting NFEN, including what an effect cannot target.

mod common;

use common::*;
use dratp::rules::Square;

#[test]
fn m15_schmidt_invokes_to_a_square_next_to_its_navia() {
    let p = "3[n02]3/7/7/[+M15]6/7/7/3[N01]3 w 2/0 -/- -/- - 1";
    assert_eq!(
        legal_from(p, "a4*"),
        set(&["a4*:c1", "a4*:c2", "a4*:d2", "a4*:e1", "a4*:e2"])
    );
    assert_eq!(after(p, "a4*:c2"), "3[n02]3/7/7/7/7/2[+M15]4/3[N01]3 b 0/0 -/- -/- - 1");
    assert!(legal_from("3[n02]3/7/7/[+M15]6/7/7/3[N01]3 w 1/0 -/- -/- - 1", "a4*").is_empty());
}

#[test]
fn m16_matogayu_doubles_its_capture_rewards_once_dratped() {
    let p = "3[n02]3/7/3[m02]3/2[+M16]4/7/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(
        after(p, "c4d5"),
        "3[n02]3/7/3[+M16]3/7/7/7/3[N01]3 b 32/0 -/- -/M02 - 1"
    );
    let undratped = "3[n02]3/7/3[m02]3/2[M16]4/7/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(
        after(undratped, "c4d5"),
        "3[n02]3/7/3[M16]3/7/7/7/3[N01]3 b 16/0 -/- -/M02 - 1"
    );
}

#[test]
fn m17_midrah_clears_its_file_but_not_navias_or_itself() {
    let p = "3[n02]3/3b3/3B3/7/3[M17]3/3B3/3[N01]3 w 11/0 -/- -/- - 1";
    assert_eq!(legal_from(p, "d3+"), set(&["d3+"]));
    assert_eq!(after(p, "d3+"), "3[n02]3/7/7/7/3[+M17]3/7/3[N01]3 b 0/0 -/- B,B/B - 1");
}

#[test]
fn m18_kanaba_freezes_a_piece_while_it_stays() {
    let p = "3[n02]3/7/3[m02]3/7/7/7/[M18]2[N01]3 w 13/0 -/- -/- - 1";
    assert_eq!(legal_from(p, "a1+"), set(&["a1+:d5"]));
    let frozen = after(p, "a1+:d5");
    assert_eq!(
        frozen,
        "3[n02]3/7/3[m02]3/7/7/7/[+M18]2[N01]3 b 0/0 -/- -/- freeze:a1d5 1"
    );
    assert!(
        legal_from(&frozen, "d5").is_empty(),
        "the frozen piece can neither move nor dratp"
    );
    let white = frozen.replace(" b 0/0", " w 0/0");
    assert!(
        legal_from(&white, "a1").is_empty(),
        "Kanaba cannot move after its dratp"
    );
    // Taking Kanaba ends the freeze.
    let q = "3[n02]3/7/3[m02]3/7/7/1r5/[+M18]2[N01]3 b 0/0 -/- -/- freeze:a1d5 1";
    let thawed = after(q, "b2a1");
    let thawed = after(&thawed, "d1e1");
    assert!(!legal_from(&thawed, "d5").is_empty(), "{thawed}");
    assert!(!thawed.contains("freeze"));
}

#[test]
fn m18_a_freeze_follows_a_piece_moved_by_an_effect() {
    // Olip swaps the frozen Agunilyos with a Gulled: the freeze moves with it.
    let p = "3[n02]3/6b/3[m02]3/7/2[M08]4/7/[+M18]2[N01]3 w 4/0 -/- -/- freeze:a1d5 1";
    assert_eq!(
        after(p, "c3+:d5,g6"),
        "3[n02]3/6[m02]/3b3/7/2[+M08]4/7/[+M18]2[N01]3 b 0/0 -/- -/- freeze:a1g6 1"
    );
}

/// D4, D16: swapping two like pieces is offered when one of them is frozen, because the freeze moves (issue 11.10).
#[test]
fn m08_olip_swaps_a_frozen_piece_with_a_like_one() {
    let p = "3[n02]3/7/7/5[+m18]1/4B2/B3[M08]2/3[N01]3 w 4/0 -/- -/- freeze:f4e3 10";
    assert!(is_legal(p, "e2+:a2,e3"), "{:?}", legal_from(p, "e2+"));
    assert_eq!(
        after(p, "e2+:a2,e3"),
        "3[n02]3/7/7/5[+m18]1/4B2/B3[+M08]2/3[N01]3 b 0/0 -/- -/- freeze:f4a2 10"
    );
    // Two like Gulled, each frozen by its own Kanaba: the swap exchanges the freezes.
    let two = "3[n02]3/7/7/5[+m18]1/1[+m18]2B2/B3[M08]2/3[N01]3 w 4/0 -/- -/- freeze:b3a2,freeze:f4e3 10";
    assert_eq!(
        after(two, "e2+:a2,e3"),
        "3[n02]3/7/7/5[+m18]1/1[+m18]2B2/B3[+M08]2/3[N01]3 b 0/0 -/- -/- freeze:b3e3,freeze:f4a2 10"
    );
    // Like pieces with no freeze on either: still no swap (D4).
    let free = "3[n02]3/7/7/7/4B2/B3[M08]2/3[N01]3 w 4/0 -/- -/- - 10";
    assert!(!is_legal(free, "e2+:a2,e3"));
}

#[test]
fn m19_sungyullas_drains_15_then_leaves() {
    let p = "3[n02]3/7/7/7/3[M19]3/7/3[N01]3 w 8/20 -/- -/- - 1";
    assert_eq!(after(p, "d3+"), "3[n02]3/7/7/7/7/7/3[N01]3 b 0/5 -/- M19/- - 1");
    let poor = "3[n02]3/7/7/7/3[M19]3/7/3[N01]3 w 8/10 -/- -/- - 1";
    assert_eq!(
        after(poor, "d3+"),
        "3[n02]3/7/7/7/7/7/3[N01]3 b 0/0 -/- M19/- - 1",
        "never below 0"
    );
}

#[test]
fn m20_tanhoizer_adds_its_dots_to_the_summon_squares() {
    let p = "3[n02]3/7/7/7/3[+M20]3/7/3[N01]3 w 0/0 M01,M02/- -/- - 1";
    assert_eq!(
        legal_from(p, "M02@"),
        set(&[
            "M02@a1", "M02@b1", "M02@c1", "M02@e1", "M02@f1", "M02@g1", "M02@a2", "M02@g2", "M02@b3", "M02@f3",
            "M02@d5"
        ])
    );
    assert_eq!(
        legal_from(p, "M01@").len(),
        5,
        "Navia Guards still go next to the Navia only"
    );
    let undratped = "3[n02]3/7/7/7/3[M20]3/7/3[N01]3 w 0/0 M02/- -/- - 1";
    assert_eq!(legal_from(undratped, "M02@").len(), 8);
}

#[test]
fn m22_billpentod_advances_every_black_gulled_that_can() {
    let p = "4B1[n02]/2b4/2B3R/6B/[+M22]B5/1B5/3[N01]3 w 3/0 -/- -/- - 1";
    assert_eq!(legal_from(p, "a3*"), set(&["a3*"]));
    assert_eq!(
        after(p, "a3*"),
        "4B1[n02]/2B4/6R/1B4B/[+M22]B5/7/3[N01]3 b 1/0 -/- -/B - 1"
    );
}

#[test]
fn m24_kapinahs_must_teleport() {
    let p = "3[n02]3/7/7/7/7/7/[M24]2[N01]3 w 3/0 -/- -/- - 1";
    let dratps = legal_from(p, "a1+");
    assert_eq!(dratps.len(), 46, "any empty square, no declining");
    assert_eq!(after(p, "a1+:g4"), "3[n02]3/7/7/6[+M24]/7/7/3[N01]3 b 0/0 -/- -/- - 1");
}

#[test]
fn m25_odd_brings_black_gulled_back_to_the_second_rank() {
    let p = "3[n02]3/7/7/7/3[M25]3/1B5/3[N01]3 w 6/0 -/- B,B,B,R/- - 1";
    assert_eq!(
        after(p, "d3+"),
        "3[n02]3/7/7/7/3[+M25]3/BBBB3/3[N01]3 b 0/0 -/- R/- - 1"
    );
    let black = "3[n02]3/1b5/3[m25]3/7/7/7/3[N01]3 b 0/6 -/- -/B - 1";
    assert_eq!(
        after(black, "d5+"),
        "3[n02]3/bb5/3[+m25]3/7/7/7/3[N01]3 w 0/0 -/- -/- - 2"
    );
}

#[test]
fn m26_coydrocomp_cannot_be_taken_once_dratped() {
    let p = "3[n02]3/7/7/3[+m26]3/2[M01]4/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert!(!legal(p).contains(&"c3d4".to_string()));
    let q = "3[n02]3/7/7/3[m26]3/2[M01]4/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert!(legal(q).contains(&"c3d4".to_string()));
    // An effect still removes it.
    let tk = "3[n02]3/7/7/3[+m26]3/7/7/[M07]2[N01]3 w 14/0 -/- -/- - 1";
    assert_eq!(legal_from(tk, "a1+"), set(&["a1+:d4"]));
}

#[test]
fn m27_nemchant_undoes_every_other_dratp() {
    let p = "3[n02]2[+m09]/7/7/7/3[M27]3/7/[+M02]2[N01]3 w 7/0 -/- -/- - 1";
    assert_eq!(
        after(p, "d3+"),
        "3[n02]2[m09]/7/7/7/3[+M27]3/7/[M02]2[N01]3 b 0/0 -/- -/- - 1"
    );
}

#[test]
fn m28_lord_kiggoshi_clears_the_block_around_it() {
    let p = "7/7/2b[n02]3/3[M28]3/4B2/7/3[N01]3 w 13/0 -/- -/- - 1";
    assert_eq!(after(p, "d4+"), "7/7/3[n02]3/3[+M28]3/7/7/3[N01]3 b 0/0 -/- B/B - 1");
}

#[test]
fn m29_chugyullas_pays_one_per_battle_piece_move() {
    let p = "3[n02]3/7/7/7/[+M29]6/3B3/3[N01]3 w 0/0 -/- -/- - 1";
    assert!(after(p, "d2d3").contains(" b 2/0 "), "1 + 1 for a Gulled");
    assert!(after(p, "a3a4").contains(" b 1/0 "), "1 for a Maseitai");
    assert!(after(p, "d1c1").contains(" b 0/0 "), "nothing for the Navia");
}

#[test]
fn m30_chakrabat_invokes_to_drain_4() {
    let p = "3[n02]3/7/7/7/[+M30]6/7/3[N01]3 w 2/10 -/- -/- - 1";
    assert_eq!(after(p, "a3*"), "3[n02]3/7/7/7/[+M30]6/7/3[N01]3 b 0/6 -/- -/- - 1");
}

#[test]
fn m31_papillonera_takes_its_taker_along() {
    let p = "3[n02]3/7/7/3[+m31]3/4R2/7/3[N01]3 w 0/0 -/- -/- - 1";
    assert_eq!(after(p, "e3d4"), "3[n02]3/7/7/7/7/7/3[N01]3 b 7/0 -/- R/M31 - 1");
    let navia = "3[n02]3/7/7/3[+m31]3/3[N01]3/7/7 w 0/0 -/- -/- - 1";
    assert_eq!(
        after(navia, "d3d4"),
        "3[n02]3/7/7/3[N01]3/7/7/7 b 4/0 -/- -/M31 - 1",
        "never a Navia (R21)"
    );
}

#[test]
fn m32_tagu_grants_two_more_moves_then_leaves() {
    let p = "3[n02]3/7/7/7/7/2B1B2/[M32]2[N01]3 w 12/0 -/- -/- - 1";
    assert_eq!(
        legal_from(p, "a1+"),
        set(&["a1+:c2c3,c3c4", "a1+:c2c3,e2e3", "a1+:e2e3,c2c3", "a1+:e2e3,e3e4"])
    );
    assert_eq!(
        after(p, "a1+:c2c3,e2e3"),
        "3[n02]3/7/7/7/2B1B2/7/3[N01]3 b 2/0 -/- M32/- - 1"
    );
}

#[test]
fn m33_viskunmateus_invokes_its_compass_back() {
    let p = "3[n02]3/7/7/7/[+M33]6/7/3[N01]3 w 2/0 -/- -/- - 1";
    assert_eq!(after(p, "a3*"), "3[n02]3/7/7/7/[M33]6/7/3[N01]3 b 0/0 -/- -/- - 1");
}

#[test]
fn m34_laynard_pays_back_10() {
    let p = "3[n02]3/7/7/3[M34]3/7/7/3[N01]3 w 5/0 -/- -/- - 1";
    assert_eq!(after(p, "d4+"), "3[n02]3/7/7/3[+M34]3/7/7/3[N01]3 b 10/0 -/- -/- - 1");
    let rich = "3[n02]3/7/7/3[M34]3/7/7/3[N01]3 w 56/0 -/- -/- - 1";
    assert!(after(rich, "d4+").contains(" b 60/0 "), "vault cap (R12)");
}

#[test]
fn m36_kairas_returns_to_the_keep() {
    let p = "3[n02]3/7/7/7/3[M36]3/7/3[N01]3 w 6/0 M01/- -/- - 1";
    assert_eq!(after(p, "d3+"), "3[n02]3/7/7/7/7/7/3[N01]3 b 0/0 M01,M36/- -/- - 1");
}

#[test]
fn m38_gyullasbon_pays_per_graveyard_piece() {
    let p = "3[n02]3/7/7/7/3[M38]3/7/3[N01]3 w 2/0 -/- B,M02/R,R - 1";
    assert_eq!(
        after(p, "d3+"),
        "3[n02]3/7/7/7/3[+M38]3/7/3[N01]3 b 4/0 -/- B,M02/R,R - 1"
    );
}

#[test]
fn m39_wishborn_protects_its_dot_squares() {
    let p = "3[n02]3/7/7/3r3/2B[+M39]3/7/3[N01]3 b 0/0 -/- -/- - 1";
    assert_eq!(targets(p, "d4"), set(&["d3", "e3"]));
    let undratped = "3[n02]3/7/7/3r3/2B[M39]3/7/3[N01]3 b 0/0 -/- -/- - 1";
    assert_eq!(targets(undratped, "d4"), set(&["c3", "d3", "e3"]));
}

#[test]
fn m40_peojin_moves_any_battle_piece_then_leaves() {
    let p = "3[n02]3/7/3b3/7/7/7/[M40]2[N01]3 w 18/0 -/- -/- - 1";
    assert_eq!(
        legal_from(p, "a1+").len(),
        45,
        "the Gulled on d5 to any of 45 empty squares"
    );
    assert_eq!(after(p, "a1+:d5d2"), "3[n02]3/7/7/7/7/3b3/3[N01]3 b 0/0 -/- M40/- - 1");
}

#[test]
fn m41_neso_steals_from_the_opponents_graveyard() {
    let p = "3[n02]3/7/7/7/3[M41]3/7/3[N01]3 w 8/0 -/- -/B,M02,R - 1";
    assert_eq!(
        legal_from(p, "d3+").len(),
        3 * 8,
        "B, R or M02 onto 8 empty summon squares"
    );
    assert_eq!(
        after(p, "d3+:B@a1"),
        "3[n02]3/7/7/7/3[+M41]3/7/B2[N01]3 b 0/0 -/- -/M02,R - 1"
    );
    assert_eq!(
        after(p, "d3+:M02@g2"),
        "3[n02]3/7/7/7/3[+M41]3/6[M02]/3[N01]3 b 0/0 -/- -/B,R - 1"
    );
    let empty = "3[n02]3/7/7/7/3[M41]3/7/3[N01]3 w 8/0 -/- M02/- - 1";
    assert_eq!(legal_from(empty, "d3+"), set(&["d3+"]), "never from its own graveyard");
}

#[test]
fn m43_oriondober_takes_an_enemy_summon_square_and_holds_it() {
    let p = "3[n02]3/7/7/3[M43]3/7/7/3[N01]3 w 3/0 -/M02 -/- - 1";
    assert_eq!(legal_from(p, "d4+").len(), 8);
    let held = after(p, "d4+:b7");
    assert_eq!(held, "1[+M43]1[n02]3/7/7/7/7/7/3[N01]3 b 0/0 -/M02 -/- - 1");
    assert_eq!(
        legal_from(&held, "M02@"),
        set(&["M02@a6", "M02@e7", "M02@f7", "M02@g6", "M02@g7"])
    );
    let next_to = "1[+M43][n02]4/7/7/7/7/7/3[N01]3 b 0/0 -/- -/- - 1";
    assert!(
        !targets(next_to, "c7").contains(&"b7".to_string()),
        "cannot be taken there"
    );
}

#[test]
fn movement_only_dratps_of_the_later_sets_flip_the_compass() {
    for (id, cost) in [
        ("M21", 5),
        ("M23", 12),
        ("M35", 24),
        ("M37", 18),
        ("M42", 5),
        ("M44", 6),
    ] {
        let p = format!("3[n02]3/7/7/7/3[{id}]3/7/3[N01]3 w {cost}/0 -/- -/- - 1");
        assert_eq!(legal_from(&p, "d3+"), set(&["d3+"]), "{id}");
        let next = after(&p, "d3+");
        assert_eq!(next, format!("3[n02]3/7/7/7/3[+{id}]3/7/3[N01]3 b 0/0 -/- -/- - 1"));
        let kind = cat().find_by_name(id).unwrap();
        assert!(cat().get(kind).effect.on_dratp.is_empty() && cat().get(kind).effect.invoke.is_none());
        let mine = next.replace(" b 0/0", " w 0/0");
        let d3 = Square::from_name("d3").unwrap();
        let before = pos(&p).reach(d3).count();
        assert!(
            pos(&mine).reach(d3).count() > before,
            "{id}: the dratped face reaches further"
        );
    }
}

#[test]
fn d27_an_invoke_that_would_change_nothing_is_not_offered() {
    // Chakrabat with the opponent's pool empty, Billpentod with no Gulled able to step, Gundrill with no empty dot.
    assert!(legal_from("3[n02]3/7/7/7/[+M30]6/7/3[N01]3 w 2/0 -/- -/- - 1", "a3*").is_empty());
    assert!(legal_from("3[n02]3/7/7/7/[+M22]6/7/3[N01]3 w 3/0 -/- -/- - 1", "a3*").is_empty());
    assert_eq!(
        legal_from("3[n02]3/7/7/7/[+M22]6/B6/3[N01]3 w 3/0 -/- -/- - 1", "a3*").len(),
        0,
        "blocked by a3"
    );
    assert_eq!(
        legal_from("3[n02]3/7/7/7/[+M22]6/1B5/3[N01]3 w 3/0 -/- -/- - 1", "a3*"),
        set(&["a3*"])
    );
}

/// The heads of the families a position lists (the actions whose effect asks for choices).
#[derive(Default)]
struct Heads(Vec<dratp::rules::Action>);

impl dratp::rules::movegen::ActionSink for Heads {
    fn push(&mut self, _: dratp::rules::Action) {}

    fn push_family(&mut self, family: dratp::rules::movegen::Family<'_>) {
        self.0.push(family.head());
    }
}

#[test]
fn m32_tagu_knows_without_listing_its_actions_where_its_further_moves_can_end() {
    // D20: `Family::may_move_onto` says for every square exactly whether some action of Tagu's family makes a further
    // move onto it, as listing the hundreds of actions would. The search asks it before looking through them for
    // a take of the Navia.
    use dratp::rules::forces::{random_force, start_position};
    use dratp::rules::rng::Rng;
    use dratp::rules::{nfen, parse_nfen, ForceRule};
    let cat = cat();
    let tagu = cat.find_by_name("Tagu").unwrap();
    let force = |seed| {
        let mut f = random_force(ForceRule::Standard, cat, seed).unwrap();
        if !f.maseitai.contains(&tagu) {
            f.maseitai[0] = tagu;
        }
        f
    };
    let mut rng = Rng::new(32);
    let (mut families, mut partial) = (0, 0);
    for game in 0..80u64 {
        let start = start_position(&force(2 * game), &force(2 * game + 1), cat).unwrap();
        let mut p = parse_nfen(&nfen(&start).replacen(" 0/0 ", " 40/40 ", 1), cat).unwrap();
        for _ in 0..80 {
            let legal = p.legal_actions();
            if legal.is_empty() {
                break;
            }
            let mut heads = Heads::default();
            p.generate_with(&p.reach_map(), &mut heads);
            for head in heads.0.iter().filter(|h| p.kind_at(h.from) == tagu) {
                let family = p.family(head).unwrap();
                let mut actions = Vec::new();
                family.expand(&mut actions);
                let mut reached = dratp::rules::Bitboard::EMPTY;
                for a in &actions {
                    for m in a.choices.iter().filter_map(|t| t.further_move()) {
                        reached |= m.to.bb();
                    }
                }
                for sq in Square::all() {
                    assert_eq!(family.may_move_onto(sq.bb()), reached.has(sq), "{sq:?} in {}", nfen(&p));
                }
                families += 1;
                partial += usize::from(!reached.is_empty() && reached.count() < 49);
            }
            p = p.play(&legal[rng.below(legal.len())]);
        }
    }
    assert!(
        families > 100 && partial > 100,
        "{families} families, {partial} partial"
    );
}
