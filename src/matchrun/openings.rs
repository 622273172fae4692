//! Start positions: an openings file (one NFEN a line, or one NFEN4 a line for
//! four players), or random forces drawn from the catalogue (R28 standard, R29
//! singleton) in the standard setup (R7), both made by `rules::forces`.

use super::cli::{ForcesConfig, OpeningOrder, OpeningsConfig};
use crate::rules::forces::{random_force, start_position};
use crate::rules::rng::Rng;
use crate::rules::{parse_nfen, Catalogue, Force, Game4, Position};

/// Every non-blank line of an openings file not starting with `#`, read by `parse`: a position, or why not.
/// Errors name the line; a file without positions is an error.
fn parse_lines<T>(text: &str, parse: impl Fn(&str) -> Result<T, String>) -> Result<Vec<T>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        out.push(parse(line).map_err(|e| format!("line {}: {e}", n + 1))?);
    }
    if out.is_empty() {
        return Err("no positions in the file".to_string());
    }
    Ok(out)
}

const GAME_OVER: &str = "the game is already over in this position";

/// Read an openings file: every non-blank line not starting with `#` must be a
/// valid NFEN of a game still in progress; errors name the line.
pub fn parse_openings(text: &str, cat: &'static Catalogue) -> Result<Vec<Position>, String> {
    parse_lines(text, |line| {
        let pos = parse_nfen(line, cat).map_err(|e| e.to_string())?;
        if pos.outcome().is_some() || pos.legal_actions().is_empty() {
            return Err(GAME_OVER.to_string());
        }
        Ok(pos)
    })
}

/// Read a four-player openings file: every non-blank line not starting with `#` must be a valid NFEN4 (F35)
/// of a game still in progress in which some seat decides; each game gets `round_limit` (F31), and comes with
/// its canonical NFEN4. Errors name the line.
pub fn parse_openings4(text: &str, cat: &'static Catalogue, round_limit: u16) -> Result<Vec<(Game4, String)>, String> {
    parse_lines(text, |line| {
        let game = Game4::from_nfen4(line, cat, round_limit).map_err(|e| e.to_string())?;
        if game.result().is_some() || game.state().deciding().is_empty() {
            return Err(GAME_OVER.to_string());
        }
        let nfen = game.state().nfen4();
        Ok((game, nfen))
    })
}

/// The openings file of `cfg`, read by `parse` and put in the order of use; errors name the file.
pub fn load_openings<T>(
    cfg: &OpeningsConfig,
    parse: impl Fn(&str) -> Result<Vec<T>, String>,
) -> Result<Vec<T>, String> {
    let file = cfg.file.display();
    let text = std::fs::read_to_string(&cfg.file).map_err(|e| format!("-openings: {file}: {e}"))?;
    let list = parse(&text).map_err(|e| format!("-openings: {file}: {e}"))?;
    Ok(order_openings(list, cfg))
}

/// Put the openings in the order of use: from `start` (1-based), shuffled with the seed for `order=random`.
pub fn order_openings<T>(mut list: Vec<T>, cfg: &OpeningsConfig) -> Vec<T> {
    if cfg.order == OpeningOrder::Random {
        Rng::new(cfg.seed).shuffle(&mut list);
    }
    let start = (cfg.start - 1) % list.len();
    list.rotate_left(start);
    list
}

/// The `N` forces of start slot `slot` under `-forces … seed=S`: force k is
/// `random_force(rule, S' * N + k)` with `S' = S + slot`, or force 0 for every k with
/// `sides=mirror`. Two players: a game pair's forces, as `draft-bench` draws them;
/// four: a rotation's, in seat order.
pub fn random_forces<const N: usize>(
    cat: &'static Catalogue,
    f: &ForcesConfig,
    slot: usize,
) -> Result<[Force; N], String> {
    let s = f.seed.wrapping_add(slot as u64).wrapping_mul(N as u64);
    let forces: Vec<Force> = (0..N as u64)
        .map(|k| {
            let k = if f.mirror { 0 } else { k };
            random_force(f.rule, cat, s.wrapping_add(k)).map_err(|e| format!("-forces: {e}"))
        })
        .collect::<Result<_, _>>()?;
    forces
        .try_into()
        .map_err(|_| "-forces: wrong number of forces".to_string())
}

/// The random start of game pair `pair` (from 0): its two [`random_forces`] set up by R7 with `start_position`.
pub fn random_start(cat: &'static Catalogue, f: &ForcesConfig, pair: usize) -> Result<Position, String> {
    let [first, second] = random_forces::<2>(cat, f, pair)?;
    start_position(&first, &second, cat).map_err(|e| format!("-forces: {e}"))
}
