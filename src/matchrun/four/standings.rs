//! The standings of a four-player match (F43, F34): a game's winner scores 1 and the
//! others 0; a game without a winner gives 1/k to each of its k seats not eliminated.
//! Scores are kept in twelfths (1/k for k = 1..4 is a whole number of them), so sums
//! are exact. Each engine also has its average place and its score at each seat.

use super::referee::Outcome4;
use super::Job4;
use crate::rules::Seat;

/// Twelfths in one point.
const POINT: u32 = 12;

/// One four-player game as counted.
#[derive(Clone, Debug)]
pub struct Finished4 {
    /// The scheduled game.
    pub job: Job4,
    /// How it ended.
    pub outcome: Outcome4,
    /// Events recorded.
    pub events: usize,
    /// Start NFEN4.
    pub start: String,
}

/// F43: each seat's score in twelfths of a point, in seat order.
pub fn seat_scores(o: &Outcome4) -> [u32; 4] {
    match o.winner {
        Some(w) => Seat::ALL.map(|s| if s == w { POINT } else { 0 }),
        None => {
            let left = Seat::ALL.iter().filter(|&&s| !o.eliminated.contains(s)).count() as u32;
            Seat::ALL.map(|s| {
                if o.eliminated.contains(s) || left == 0 {
                    0
                } else {
                    POINT / left
                }
            })
        }
    }
}

/// Twelfths as points with two decimals: `0.33`, `1.50`.
pub fn points_text(twelfths: u32) -> String {
    format!("{:.2}", f64::from(twelfths) / f64::from(POINT))
}

/// One engine's totals.
#[derive(Clone, Debug, Default)]
pub struct Player4 {
    /// Display name.
    pub name: String,
    /// The `id name` the engine sent in the handshake.
    pub id_name: Option<String>,
    /// Games counted.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Score in twelfths of a point.
    pub score: u32,
    /// Sum of its places (F34), for the average.
    pub places: u32,
    /// Per seat (seat order): games played there and the score there, in twelfths.
    pub by_seat: [(u32, u32); 4],
}

impl Player4 {
    /// An engine with no games yet.
    pub fn named((name, id_name): (String, Option<String>)) -> Player4 {
        Player4 {
            name,
            id_name,
            ..Default::default()
        }
    }

    /// The average place (F34), NaN with no games.
    pub fn average_place(&self) -> f64 {
        f64::from(self.places) / f64::from(self.games)
    }
}

/// What a four-player run (or a merge of its shards) produced.
#[derive(Clone, Debug)]
pub struct Summary4 {
    /// Counted games in the order they finished.
    pub games: Vec<Finished4>,
    /// Per engine, in command-line order.
    pub players: Vec<Player4>,
    /// Why the match stopped early, if it did.
    pub stopped: Option<String>,
    /// Games in the whole run (all shards), counted or not.
    pub scheduled: usize,
}

impl Summary4 {
    /// Empty standings for engines with these names and handshake names, of a run of `scheduled` games.
    pub fn new(names: &[String], id_names: Vec<Option<String>>, scheduled: usize) -> Summary4 {
        Summary4 {
            games: Vec::new(),
            players: names.iter().cloned().zip(id_names).map(Player4::named).collect(),
            stopped: None,
            scheduled,
        }
    }

    /// Count one game; returns the `Standings after N games: …` line.
    pub fn record(&mut self, game: Finished4) -> String {
        let scores = seat_scores(&game.outcome);
        for seat in Seat::ALL {
            let p = &mut self.players[game.job.seats[seat.index()]];
            let i = seat.index();
            p.games += 1;
            p.wins += u32::from(game.outcome.winner == Some(seat));
            p.score += scores[i];
            p.places += u32::from(game.outcome.ranking[i]);
            p.by_seat[i].0 += 1;
            p.by_seat[i].1 += scores[i];
        }
        self.games.push(game);
        let list: Vec<String> = self
            .players
            .iter()
            .map(|p| format!("{} {}", p.name, points_text(p.score)))
            .collect();
        format!("Standings after {} games: {}", self.games.len(), list.join(", "))
    }

    /// The table printed every `-ratinginterval` games and at the end: engines by score,
    /// with games, wins, average place and score by seat (`points/games`).
    pub fn table(&self) -> String {
        let mut lines = vec![format!(
            "{:<4} {:<20} {:>6} {:>6} {:>5} {:>9} {:>9} {:>9} {:>9} {:>9}",
            "Rank", "Name", "Score", "Games", "Wins", "Avg place", "South", "West", "North", "East"
        )];
        let mut order: Vec<&Player4> = self.players.iter().collect();
        order.sort_by(|a, b| {
            b.score
                .cmp(&a.score)
                .then(a.average_place().total_cmp(&b.average_place()))
        });
        for (i, p) in order.iter().enumerate() {
            let seat = |k: usize| format!("{}/{}", points_text(p.by_seat[k].1), p.by_seat[k].0);
            lines.push(format!(
                "{:>4} {:<20} {:>6} {:>6} {:>5} {:>9.2} {:>9} {:>9} {:>9} {:>9}",
                i + 1,
                p.name,
                points_text(p.score),
                p.games,
                p.wins,
                p.average_place(),
                seat(0),
                seat(1),
                seat(2),
                seat(3)
            ));
        }
        lines.join("\n")
    }
}
