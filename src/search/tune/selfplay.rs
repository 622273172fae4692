//! Games for tuning: random forces from the whole catalogue, a few random
//! plies for variety, then both sides searching at a small fixed budget; and
//! the quiet positions of a finished game, labelled by its result.

use crate::rules::forces::{random_force, start_position};
use crate::rules::rng::Rng;
use crate::rules::{Catalogue, ForceRule, Game, GameResult, Position, Side};
use crate::search::eval::Weights;
use crate::search::ordering::is_tactical;
use crate::search::score::MATE_BOUND;
use crate::search::{Limits, Score, SearchOptions, Searcher, Signals};

use super::texel::sample_line;

/// How tuning games are played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayConfig {
    /// Depth of each search.
    pub depth: u32,
    /// Node budget of each search (bounds the few positions with huge effect families).
    pub nodes: u64,
    /// Random plies at the start, for variety.
    pub random_plies: usize,
    /// Plies after which the game is abandoned unfinished.
    pub max_plies: usize,
}

/// A played game and, per ply, whether the mover's search saw a forced win or loss.
pub struct Played {
    /// The game.
    pub game: Game,
    /// Per ply played: the search's score was a mate score (random plies: false).
    pub decided: Vec<bool>,
    /// The result; `None` if the game hit `max_plies`.
    pub result: Option<GameResult>,
}

/// The start with two random standard forces (R28) drawn from the whole catalogue, the same for the same seed.
pub fn random_start(seed: u64, cat: &'static Catalogue) -> Position {
    let draw = |s: u64| random_force(ForceRule::Standard, cat, s).expect("the catalogue makes forces");
    start_position(&draw(2 * seed), &draw(2 * seed + 1), cat).expect("random forces are standard")
}

/// Play a game from `start`, the first player evaluating with `weights[0]`,
/// the second with `weights[1]`; the random plies follow `seed`.
pub fn play_game(start: Position, weights: [Weights; 2], cfg: &PlayConfig, seed: u64) -> Played {
    let opts = SearchOptions {
        hash_mb: 4,
        ..SearchOptions::default()
    };
    let mut searchers = weights.map(|w| {
        let mut s = Searcher::new(&opts);
        s.set_weights(w);
        s
    });
    let limits = Limits {
        depth: Some(cfg.depth),
        nodes: Some(cfg.nodes),
        ..Limits::default()
    };
    let signals = Signals::default();
    let mut rng = Rng::new(seed ^ 0x5eed_7a7e);
    let mut game = Game::new(start);
    let mut decided = Vec::new();
    let result = loop {
        if let Some(r) = game.result() {
            break Some(r);
        }
        if game.actions().len() >= cfg.max_plies {
            break None;
        }
        if game.actions().len() < cfg.random_plies {
            let actions = game.position().legal_actions();
            game.play(actions[rng.below(actions.len())]);
            decided.push(false);
            continue;
        }
        let mut score = Score::Cp(0);
        let side = game.position().side_to_move().index();
        let r = searchers[side].search(&game, &limits, &signals, &mut |i| score = i.score);
        let Some(best) = r.best else { break game.result() };
        decided.push(matches!(score, Score::Mate(_)) || matches!(score, Score::Cp(c) if c.abs() >= MATE_BOUND));
        game.play(best);
    };
    Played { game, decided, result }
}

/// The result for `side` of a game won by `winner` (`None`: a draw): 1, 0.5 or 0.
pub fn result_for(side: Side, winner: Option<Side>) -> f64 {
    match winner {
        None => 0.5,
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
    }
}

/// Data lines for the quiet positions of a game won by `winner`: from ply
/// `from_ply` on, the side to move not in check (R24), the move played from
/// it neither a capture nor a line over, goal or effect, its search not
/// `decided` (a mate score). At most `per_game` of them (0: all), chosen by `seed`, in game order.
pub fn quiet_samples(
    game: &Game,
    winner: Option<Side>,
    from_ply: usize,
    decided: &[bool],
    per_game: usize,
    seed: u64,
) -> Vec<String> {
    let mut plies: Vec<usize> = (from_ply..game.actions().len())
        .filter(|&i| {
            let pos = &game.positions()[i];
            !decided.get(i).copied().unwrap_or(false)
                && !pos.in_check(pos.side_to_move())
                && !is_tactical(pos, &game.actions()[i])
        })
        .collect();
    if per_game > 0 && plies.len() > per_game {
        Rng::new(seed).shuffle(&mut plies);
        plies.truncate(per_game);
        plies.sort_unstable();
    }
    plies
        .into_iter()
        .map(|i| {
            let pos = &game.positions()[i];
            sample_line(pos, result_for(pos.side_to_move(), winner))
        })
        .collect()
}
