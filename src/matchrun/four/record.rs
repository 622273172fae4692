//! The record of a four-player game (F43) in PGN's syntax: the seats' engines as
//! `South`, `West`, `North`, `East` tags, `Variant "naviadratp4"`, `FEN` for a start
//! other than F36, the round limit, `Result` (`S`, `W`, `N`, `E` or `draw`), `Ranking`
//! (`s e=n w`) and `Termination` (F28–F33); then the events (F38), one round per line
//! after its number, each elimination followed by its reason, and the result word.
//! `-replay` plays every event again through `Game4` and checks the three tags.

use super::referee::{EventRecord, Outcome4};
use super::result_letter;
use crate::matchrun::cli::{Variant, DEFAULT_ROUND_LIMIT};
use crate::matchrun::pgn::{tag_line, PgnGame, ReplayCheck};
use crate::rules::round::notation::ranking_text;
use crate::rules::{Catalogue, Game4, Seat};

/// Everything the writer needs about one finished four-player game.
pub struct Record4<'a> {
    /// `Event` tag.
    pub event: &'a str,
    /// `Site` tag.
    pub site: &'a str,
    /// `Date` tag, `YYYY.MM.DD`.
    pub date: String,
    /// `Round` tag (the game number).
    pub round: u32,
    /// The engine at each seat, in seat order.
    pub names: [&'a str; 4],
    /// The start's NFEN4 when it is not F36's.
    pub fen: Option<&'a str>,
    /// The round limit (F31).
    pub round_limit: u16,
    /// Time controls by seat, PGN style.
    pub time_controls: [String; 4],
    /// The start's round number and whether it starts with the decision phase.
    pub start_round: u16,
    /// Whether the start is at the beginning of a round (phase `d`).
    pub starts_with_decision: bool,
    /// The events played.
    pub events: &'a [EventRecord],
    /// How it ended.
    pub outcome: &'a Outcome4,
}

/// The `Result` word: the winner's upper-case letter, or `draw`.
pub fn result_text(winner: Option<Seat>) -> String {
    winner.map_or("draw".to_string(), |s| result_letter(s).to_string())
}

/// Write one game record, ending with a blank line.
pub fn write_game4(r: &Record4) -> String {
    let mut out = String::new();
    for (name, value) in [("Event", r.event), ("Site", r.site), ("Date", &r.date)] {
        out += &tag_line(name, value);
    }
    out += &tag_line("Round", &r.round.to_string());
    for seat in Seat::ALL {
        out += &tag_line(seat.name(), r.names[seat.index()]);
    }
    out += &tag_line("Result", &result_text(r.outcome.winner));
    out += &tag_line("Variant", Variant::Four.name());
    if let Some(fen) = r.fen {
        out += &tag_line("FEN", fen);
        out += &tag_line("SetUp", "1");
    }
    out += &tag_line("RoundLimit", &r.round_limit.to_string());
    if r.time_controls.iter().all(|t| *t == r.time_controls[0]) {
        out += &tag_line("TimeControl", &r.time_controls[0]);
    } else {
        for seat in Seat::ALL {
            out += &tag_line(&format!("{}TimeControl", seat.name()), &r.time_controls[seat.index()]);
        }
    }
    out += &tag_line("Ranking", &ranking_text(r.outcome.ranking));
    let termination = r.outcome.termination.map_or("unterminated", |t| t.text());
    out += &tag_line("Termination", termination);
    out.push('\n');
    // One round a line: a `d:` event opens the next round's line (F38).
    let mut round = r.start_round;
    let mut line = format!("{round}.");
    let mut opened = !r.starts_with_decision;
    for e in r.events {
        if e.text.starts_with("d:") {
            if opened {
                out += &line;
                out.push('\n');
                round = round.saturating_add(1);
                line = format!("{round}.");
            }
            opened = true;
        }
        line += &format!(" {}", e.text);
        if let Some(note) = &e.note {
            line += &format!(" {{{}}}", note.replace('}', ")"));
        }
    }
    if line.contains(' ') {
        out += &line;
        out.push('\n');
    }
    if !r.outcome.reason.is_empty() {
        out += &format!("{{{}}} ", r.outcome.reason.replace('}', ")"));
    }
    out += &result_text(r.outcome.winner);
    out += "\n\n";
    out
}

/// Replay one four-player record through `Game4`: every event must be legal, and the
/// game must end after the last one with the `Result`, `Termination` and `Ranking`
/// the record gives.
pub fn replay_game4(index: usize, g: &PgnGame, cat: &'static Catalogue) -> ReplayCheck {
    let mut check = ReplayCheck::start(index, g, "events");
    check.verdict = replay_events(g, cat, &mut check.plies);
    check
}

fn replay_events(g: &PgnGame, cat: &'static Catalogue, played: &mut usize) -> Result<String, String> {
    let limit = match g.tag("RoundLimit") {
        None => DEFAULT_ROUND_LIMIT,
        Some(t) => t
            .parse::<u16>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("RoundLimit tag '{t}' is not a round limit"))?,
    };
    let mut game = match g.tag("FEN") {
        Some(fen) => Game4::from_nfen4(fen, cat, limit).map_err(|e| format!("FEN tag: {e}"))?,
        None => Game4::startpos(cat, None, limit).map_err(|e| format!("start: {e}"))?,
    };
    if let Some(tagged) = g.tag("Result").filter(|t| *t != g.result) {
        return Err(format!(
            "Result tag '{tagged}' differs from the movetext's '{}'",
            g.result
        ));
    }
    for (i, m) in g.moves.iter().enumerate() {
        if let Some(r) = game.result() {
            return Err(format!(
                "event {}: the game is already over ({})",
                i + 1,
                r.termination.text()
            ));
        }
        game.play_text(&m.text).map_err(|e| format!("event {}: {e}", i + 1))?;
        *played += 1;
    }
    let r = game
        .result()
        .ok_or("the rules have not ended the game after the last event")?;
    let (result, ranking) = (result_text(r.winner), ranking_text(game.state().ranking()));
    let expect = [
        ("Result", g.result.as_str(), result.as_str()),
        ("Termination", g.tag("Termination").unwrap_or("?"), r.termination.text()),
        ("Ranking", g.tag("Ranking").unwrap_or("?"), ranking.as_str()),
    ];
    for (tag, recorded, rules) in expect {
        if recorded != rules {
            return Err(format!("the rules give {tag} '{rules}', the record says '{recorded}'"));
        }
    }
    Ok(format!("{result} {} ({ranking})", r.termination.text()))
}
