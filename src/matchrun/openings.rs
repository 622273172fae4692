//! Start positions: an openings file (one NFEN a line), or random forces drawn
//! from the catalogue (R28 standard, R29 singleton) in the standard setup (R7).

use super::cli::{ForceRule, OpeningOrder, OpeningsConfig};
use crate::rules::catalogue::PieceClass;
use crate::rules::position::Setup;
use crate::rules::{parse_nfen, Catalogue, Kind, Piece, Placed, Position, Side, Square};

/// A small deterministic generator (SplitMix64): the same seed gives the same
/// openings and forces on every machine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0), without modulo bias.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let v = self.next_u64();
            if v < zone {
                return (v % n) as usize;
            }
        }
    }

    /// Shuffle a slice (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// Read an openings file: every non-blank line not starting with `#` must be a
/// valid NFEN of a game still in progress; errors name the line.
pub fn parse_openings(text: &str, cat: &'static Catalogue) -> Result<Vec<Position>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let pos = parse_nfen(line, cat).map_err(|e| format!("line {}: {e}", n + 1))?;
        if pos.outcome().is_some() || pos.legal_actions().is_empty() {
            return Err(format!("line {}: the game is already over in this position", n + 1));
        }
        out.push(pos);
    }
    if out.is_empty() {
        return Err("no positions in the file".to_string());
    }
    Ok(out)
}

/// Put the openings in the order of use: from `start` (1-based), shuffled with the seed for `order=random`.
pub fn order_openings(mut list: Vec<Position>, cfg: &OpeningsConfig) -> Vec<Position> {
    if cfg.order == OpeningOrder::Random {
        Rng::new(cfg.seed).shuffle(&mut list);
    }
    let start = (cfg.start - 1) % list.len();
    list.rotate_left(start);
    list
}

/// One side's force: a Navia and seven Maseitai (R6, R28).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Force {
    /// The Navia.
    pub navia: Kind,
    /// The seven Maseitai, ascending.
    pub maseitai: Vec<Kind>,
}

/// Draw a force: a Navia uniformly, then 7 Maseitai from a bag holding each
/// Maseitai twice (standard, R28) or once (singleton, R29).
pub fn draw_force(cat: &Catalogue, rule: ForceRule, rng: &mut Rng) -> Result<Force, String> {
    let of = |class| {
        cat.kinds()
            .filter(|&k| cat.get(k).code.class == class)
            .collect::<Vec<_>>()
    };
    let navias = of(PieceClass::Navia);
    let maseitai = of(PieceClass::Maseitai);
    if navias.is_empty() {
        return Err("the catalogue has no Navia".to_string());
    }
    let copies = match rule {
        ForceRule::Standard => 2,
        ForceRule::Singleton => 1,
    };
    let mut bag: Vec<Kind> = maseitai.iter().flat_map(|&k| std::iter::repeat_n(k, copies)).collect();
    if bag.len() < 7 {
        return Err(format!(
            "the catalogue has too few Maseitai for a force ({} copies available)",
            bag.len()
        ));
    }
    let navia = navias[rng.below(navias.len())];
    // A partial Fisher–Yates: the first 7 of a random permutation of the bag.
    for i in 0..7 {
        let j = i + rng.below(bag.len() - i);
        bag.swap(i, j);
    }
    let mut chosen = bag[..7].to_vec();
    chosen.sort();
    Ok(Force {
        navia,
        maseitai: chosen,
    })
}

/// The standard setup (R7) with the given forces: Navia on d1/d7, red Gulled on
/// b1 f1 (b7 f7), black Gulled on rank 2 (6), the Maseitai in the keeps, pools 0.
pub fn setup_position(cat: &'static Catalogue, forces: &[Force; 2]) -> Result<Position, String> {
    let mut board = [None; Square::COUNT];
    let mut put = |name: &str, side: Side, piece: Piece| {
        let sq = Square::from_name(name).expect("setup squares are valid");
        board[sq.index()] = Some(Placed {
            side,
            piece,
            dratped: false,
        });
    };
    for (side, back, front) in [(Side::White, '1', '2'), (Side::Black, '7', '6')] {
        put(&format!("d{back}"), side, Piece::Navia(forces[side.index()].navia));
        put(&format!("b{back}"), side, Piece::RedGulled);
        put(&format!("f{back}"), side, Piece::RedGulled);
        for file in 'a'..='g' {
            put(&format!("{file}{front}"), side, Piece::BlackGulled);
        }
    }
    let setup = Setup {
        board,
        side: Side::White,
        pools: [0, 0],
        keeps: [forces[0].maseitai.clone(), forces[1].maseitai.clone()],
        graves: [(0, 0, Vec::new()), (0, 0, Vec::new())],
        lasting: Vec::new(),
        turn: 1,
    };
    Position::from_setup(cat, &setup).map_err(|e| format!("random forces: {e}"))
}

/// A random start: both forces drawn with `rng` under `rule`, set up by R7.
pub fn random_start(cat: &'static Catalogue, rule: ForceRule, rng: &mut Rng) -> Result<Position, String> {
    let forces = [draw_force(cat, rule, rng)?, draw_force(cat, rule, rng)?];
    setup_position(cat, &forces)
}
