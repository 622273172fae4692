//! A game: a start position plus the actions played, with its result (R25–R27).

use super::action::Action;
use super::catalogue::Catalogue;
use super::make::IllegalAction;
use super::notation::{action_text, nfen, parse_action, parse_nfen, MoveError};
use super::position::{Position, WinReason};
use super::square::Side;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// R20: a Navia was taken.
    NaviaTaken,
    /// R19: a player dratped their Navia.
    NaviaDratp,
    /// R23: a Navia crossed the opponent's end line.
    NaviaGoal,
    /// R26: third repetition without perpetual check: a draw.
    ThousandWar,
    /// R26: third repetition while one side was in check at each of its turns; that side wins.
    PerpetualCheck,
    /// R27: the side to move has no legal action and loses.
    NoAction,
}

impl EndReason {
    /// A short lower-case phrase for reports (`d`, records).
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::NaviaTaken => "navia taken",
            EndReason::NaviaDratp => "navia dratp",
            EndReason::NaviaGoal => "navia goal",
            EndReason::ThousandWar => "thousand war",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::NoAction => "no legal action",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why it ended.
    pub reason: EndReason,
}

/// A start position and the actions played from it.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    actions: Vec<Action>,
}

impl Game {
    /// A game from a start position.
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            actions: Vec::new(),
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has its start")
    }

    /// Every position so far, the start first and the current last.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The actions played.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The legal actions of the current position, or none once the game has a result (D14), including a result
    /// that only the history shows (R26 repetition).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.position().outcome().is_some() || self.thousand_war().is_some() {
            return Vec::new();
        }
        self.position().legal_actions()
    }

    /// Play an action known to be legal: the caller guarantees it is one of `legal_actions()`. Not checked in
    /// release builds (the search plays its own generated actions); use `try_play` for actions from outside.
    pub fn play(&mut self, a: Action) {
        debug_assert!(self.position().outcome().is_none(), "play after the game ended");
        let next = self.position().play(&a);
        self.positions.push(next);
        self.actions.push(a);
    }

    /// Play `a` if it is one of `legal_actions()`: the checked `play`.
    ///
    /// ```
    /// use dratp::rules::{Catalogue, Game, Position};
    ///
    /// let mut game = Game::new(Position::startpos(Catalogue::builtin())?);
    /// let first = game.legal_actions()[0];
    /// game.try_play(first)?;
    /// assert_eq!(game.actions(), &[first]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_play(&mut self, a: Action) -> Result<(), IllegalAction> {
        if !self.legal_actions().contains(&a) {
            return Err(IllegalAction);
        }
        self.play(a);
        Ok(())
    }

    /// The same game on another catalogue: its start position and every action, each printed on this game's
    /// catalogue and read back on `cat`. `None` if the start or an action does not exist or is not legal there.
    pub fn replay_on(&self, cat: &'static Catalogue) -> Option<Game> {
        let start = parse_nfen(&nfen(self.start()), cat).ok()?;
        let mut g = Game::new(start);
        for (a, p) in self.actions.iter().zip(&self.positions) {
            g.play_text(&action_text(a, p.catalogue())).ok()?;
        }
        Some(g)
    }

    /// Parse, check and play a move text; a finished game takes no more moves.
    pub fn play_text(&mut self, text: &str) -> Result<Action, MoveError> {
        if let Some(r) = self.result() {
            return Err(MoveError::Illegal(
                text.to_string(),
                format!("the game is over ({})", r.reason.describe()),
            ));
        }
        let a = parse_action(text, self.position())?;
        self.play(a);
        Ok(a)
    }

    /// The result, if the game has ended (R19, R20, R23, R26, R27).
    pub fn result(&self) -> Option<GameResult> {
        let pos = self.position();
        if let Some(o) = pos.outcome() {
            let reason = match o.reason {
                WinReason::NaviaTaken => EndReason::NaviaTaken,
                WinReason::NaviaDratp => EndReason::NaviaDratp,
                WinReason::NaviaGoal => EndReason::NaviaGoal,
                // F28 needs Pharaoh squares; on the duel board a Navia take ends the game at once.
                WinReason::ThreeNavia => EndReason::NaviaTaken,
            };
            return Some(GameResult {
                winner: Some(o.winner),
                reason,
            });
        }
        if let Some(r) = self.thousand_war() {
            return Some(r);
        }
        if pos.legal_actions().is_empty() {
            return Some(GameResult {
                winner: Some(pos.side_to_move().opponent()),
                reason: EndReason::NoAction,
            });
        }
        None
    }

    /// R26: the current position occurs for the third time.
    fn thousand_war(&self) -> Option<GameResult> {
        let key = self.position().key();
        let same: Vec<usize> = (0..self.positions.len())
            .filter(|&i| self.positions[i].key() == key)
            .collect();
        if same.len() < 3 {
            return None;
        }
        let span = &self.positions[same[same.len() - 3]..];
        let always_checked = |side: Side| {
            span.iter()
                .filter(|p| p.side_to_move() == side)
                .all(|p| p.in_check(side))
        };
        let winner = match (always_checked(Side::White), always_checked(Side::Black)) {
            (true, false) => Some(Side::White),
            (false, true) => Some(Side::Black),
            _ => None,
        };
        let reason = if winner.is_some() {
            EndReason::PerpetualCheck
        } else {
            EndReason::ThousandWar
        };
        Some(GameResult { winner, reason })
    }
}
