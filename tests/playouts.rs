//! Seeded random playouts from the default start and from random forces drawn
//! from the whole catalogue (all 44 Maseitai and the test pieces).
//!
//! After every move: the incremental key equals the key from scratch, NFEN
//! print→parse→print is stable, the played action's text parses back to the
//! same action, pools stay within 0–60 (R12). On every position of the first
//! games (then on a sample) the fast and reference generators agree and every
//! legal action's text parses back to it, and the search's fast paths (reach map, check, generation from the
//! map) agree with the plain ones. Then the same comparison on random
//! scattered positions (pieces anywhere, random pools, sometimes a freeze; every
//! other one with Maseitai of the later sets only), which reach corners of the
//! rules that games from the start rarely do.

mod reference;

use dratp::rules::catalogue::{Catalogue, Kind, PieceClass};
use dratp::rules::piece::{Piece, Placed};
use dratp::rules::position::{Freeze, GraveSetup, Lasting, Setup};
use dratp::rules::rng::Rng;
use dratp::rules::square::Square;
use dratp::rules::{action_text, nfen, parse_action, parse_nfen, Bitboard, Position, Side, START_NFEN};

use reference::{compare, test_catalogue};

/// Number of games; half from the default start, half from random forces.
const GAMES: u64 = 2_000;
/// Games whose every position is compared with the reference.
const FULLY_CHECKED: u64 = 200;
/// In the other games, one position in this many is compared.
const SAMPLE_EVERY: u64 = 16;
/// Game length cap, in plies.
const MAX_PLIES: usize = 150;
/// Random scattered positions compared with the reference, with their children.
const POSITIONS: usize = 900;

/// Seed offset: `REFERENCE_SEED=n cargo test --release --test playouts` explores other games and positions.
fn seed() -> u64 {
    std::env::var("REFERENCE_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// A random force (R28: a Maseitai at most twice) with random pools, as NFEN.
fn random_start(rng: &mut Rng, cat: &Catalogue) -> String {
    let navias: Vec<String> = cat
        .entries()
        .iter()
        .filter(|e| e.code.class == PieceClass::Navia)
        .map(|e| e.code.to_string())
        .collect();
    let maseitai: Vec<String> = cat
        .entries()
        .iter()
        .filter(|e| e.code.class == PieceClass::Maseitai)
        .map(|e| e.code.to_string())
        .collect();
    let mut keep = || {
        let mut k: Vec<String> = Vec::new();
        while k.len() < 7 {
            let m = &maseitai[rng.below(maseitai.len())];
            if k.iter().filter(|x| *x == m).count() < 2 {
                k.push(m.clone());
            }
        }
        k.sort();
        k.join(",")
    };
    let (kw, kb) = (keep(), keep());
    let nw = navias[rng.below(navias.len())].clone();
    let nb = navias[rng.below(navias.len())].to_lowercase();
    let (pw, pb) = (rng.below(61), rng.below(61));
    format!("1r1[{nb}]1r1/bbbbbbb/7/7/7/BBBBBBB/1R1[{nw}]1R1 w {pw}/{pb} {kw}/{kb} -/- - 1")
}

/// Every action's text parses back to the same action.
fn check_texts(pos: &Position) {
    let cat = pos.catalogue();
    for a in pos.legal_actions() {
        let text = action_text(&a, cat);
        let back = parse_action(&text, pos).unwrap_or_else(|e| panic!("{text} in {}: {e}", nfen(pos)));
        assert_eq!(back, a, "{text} in {}", nfen(pos));
    }
}

fn check_after_move(pos: &Position, cat: &'static Catalogue) {
    let text = nfen(pos);
    assert_eq!(pos.key(), pos.compute_key(), "incremental key in {text}");
    let again = parse_nfen(&text, cat).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(nfen(&again), text, "NFEN print-parse-print");
    assert_eq!(again.key(), pos.key(), "key after NFEN round trip in {text}");
    for side in Side::BOTH {
        assert!(pos.pool(side) <= 60, "pool over 60 in {text}");
    }
}

/// The search's fast paths against the plain ones: the reach map against each piece's `reach` and `in_check`
/// (R24), and generation from the map against `legal_actions`.
fn check_fast_paths(pos: &Position) {
    let text = nfen(pos);
    let map = pos.reach_map();
    for side in Side::BOTH {
        let mut all = Bitboard::EMPTY;
        for sq in pos.side_bb(side) {
            let reach = pos.reach(sq);
            all |= reach;
            assert_eq!(map.reach(sq), reach, "reach of the piece on {sq} in {text}");
        }
        assert_eq!(map.side(side), all, "reach of {side:?} in {text}");
        assert!(
            Square::all().all(|sq| pos.occupied().has(sq) || map.reach(sq).is_empty()),
            "{text}"
        );
        assert_eq!(
            map.in_check(pos, side),
            pos.in_check(side),
            "check of {side:?} in {text}"
        );
    }
    let mut fast = Vec::new();
    pos.generate_with(&map, &mut fast);
    assert_eq!(fast, pos.legal_actions(), "generation from the reach map in {text}");
}

#[test]
fn random_playouts_agree_with_the_reference() {
    let cat = test_catalogue();
    let mut rng = Rng::new(0x5EED_D7A7 ^ seed());
    let mut compared = 0u64;
    let mut plies = 0u64;
    for game in 0..GAMES {
        let start = if game % 2 == 0 {
            START_NFEN.to_string()
        } else {
            random_start(&mut rng, cat)
        };
        let mut pos = parse_nfen(&start, cat).unwrap_or_else(|e| panic!("{start}: {e}"));
        check_after_move(&pos, cat);
        for ply in 0..MAX_PLIES {
            let full = game < FULLY_CHECKED || (ply as u64 + game).is_multiple_of(SAMPLE_EVERY);
            if full {
                if let Err(e) = compare(&pos) {
                    panic!("game {game} ply {ply} from {start}\n{e}");
                }
                check_fast_paths(&pos);
                check_texts(&pos);
                compared += 1;
            }
            let actions = pos.legal_actions();
            if actions.is_empty() {
                break;
            }
            let a = actions[rng.below(actions.len())];
            let text = action_text(&a, cat);
            assert_eq!(parse_action(&text, &pos).as_ref(), Ok(&a), "{text} in {}", nfen(&pos));
            pos = pos.play(&a);
            plies += 1;
            check_after_move(&pos, cat);
            if pos.outcome().is_some() {
                if let Err(e) = compare(&pos) {
                    panic!("game {game} final position from {start}\n{e}");
                }
                break;
            }
        }
    }
    assert!(compared > 30_000, "only {compared} positions compared");
    assert!(plies > 100_000, "only {plies} plies played");
}

/// A random scatter of pieces: Navias, Gulled and Maseitai (dratped or not) on
/// random squares, random keeps, graveyards and pools. `None` when the draw
/// breaks a count NFEN refuses (D15).
fn random_position(rng: &mut Rng, cat: &'static Catalogue, later_sets: bool) -> Option<Position> {
    let of = |class| {
        cat.kinds()
            .filter(|&k| cat.get(k).code.class == class)
            .collect::<Vec<Kind>>()
    };
    let (navias, mut maseitai) = (of(PieceClass::Navia), of(PieceClass::Maseitai));
    if later_sets {
        // Only M15-M44, so their effects meet each other more often.
        maseitai.retain(|&k| (15..=44).contains(&cat.get(k).code.number));
    }
    let mut board = [None; 49];
    let mut free: Vec<usize> = (0..49).collect();
    let mut put = |rng: &mut Rng, pl: Placed| {
        let q = free.swap_remove(rng.below(free.len()));
        board[q] = Some(pl);
    };
    let mut keeps = [Vec::new(), Vec::new()];
    let mut graves: [GraveSetup; 2] = Default::default();
    for side in Side::BOTH {
        let i = side.index();
        let navia = Piece::Navia(navias[rng.below(navias.len())]);
        put(
            rng,
            Placed {
                side,
                piece: navia,
                dratped: false,
            },
        );
        for _ in 0..rng.below(6) {
            put(
                rng,
                Placed {
                    side,
                    piece: Piece::BlackGulled,
                    dratped: false,
                },
            );
        }
        for _ in 0..rng.below(3) {
            put(
                rng,
                Placed {
                    side,
                    piece: Piece::RedGulled,
                    dratped: false,
                },
            );
        }
        for _ in 0..rng.below(6) {
            let k = maseitai[rng.below(maseitai.len())];
            match rng.below(4) {
                0 => keeps[i].push(k),
                1 => graves[i].maseitai.push(k),
                _ => {
                    let dratped = rng.below(2) == 0;
                    put(
                        rng,
                        Placed {
                            side,
                            piece: Piece::Maseitai(k),
                            dratped,
                        },
                    )
                }
            }
        }
        graves[i].black = rng.below(3) as u8;
        graves[i].red = rng.below(2) as u8;
        keeps[i].sort();
        graves[i].maseitai.sort();
    }
    // D16: now and then a dratped Kanaba freezing some other battle piece.
    let mut lasting = Vec::new();
    let kanaba = cat.find_by_name("Kanaba").expect("Kanaba in the catalogue");
    for side in Side::BOTH {
        if rng.below(3) == 0 && free.len() > 1 {
            let at = free.swap_remove(rng.below(free.len()));
            board[at] = Some(Placed {
                side,
                piece: Piece::Maseitai(kanaba),
                dratped: true,
            });
            let battle: Vec<usize> = (0..49)
                .filter(|&q| q != at && board[q].is_some_and(|p| p.piece.is_battle()))
                .collect();
            if !battle.is_empty() {
                lasting.push(Lasting::Freeze(Freeze {
                    by: Square::from_index(at),
                    target: Square::from_index(battle[rng.below(battle.len())]),
                }));
            }
        }
    }
    // Pools near the cap (R12) and near the Navia dratp (R19) come up often.
    let mut pool = || [0, 59, 60, rng.below(61) as u8][rng.below(4)];
    let pools = [pool(), pool()];
    let side = if rng.below(2) == 0 { Side::White } else { Side::Black };
    let setup = Setup {
        board,
        side,
        pools,
        keeps,
        graves,
        lasting,
        turn: 9,
    };
    Position::from_setup(cat, &setup).ok()
}

#[test]
fn random_positions_and_their_children_agree_with_the_reference() {
    let cat = test_catalogue();
    let mut rng = Rng::new(0xD7A7_5CA7 ^ seed());
    let mut compared = 0;
    for i in 0..POSITIONS {
        let Some(pos) = random_position(&mut rng, cat, i % 2 == 1) else {
            continue;
        };
        let children: Vec<Position> = pos.legal_actions().iter().map(|a| pos.play(a)).collect();
        for p in std::iter::once(pos).chain(children) {
            if let Err(e) = compare(&p) {
                panic!("{e}");
            }
            check_fast_paths(&p);
            compared += 1;
        }
    }
    assert!(compared > 20_000, "only {compared} positions compared");
}
