//! The wording of replies: `info` lines, the `d` diagram, game results; the duel's, then `naviadratp4`'s.

use std::time::Duration;

use super::command::{expect_word, Dialect, Query};
use crate::rules::round::notation::{declaration_text, ranking_text};
use crate::rules::{
    action_text, nfen, Action, Catalogue, Cross, Game, Game4, GameResult, Phase, Piece, Position, Result4, Seat,
    SeatSet, Side, Square, SquareOf, State4,
};
use crate::search::draft::Candidate;
use crate::search::four::{Answer4, Info4};
use crate::search::{Bound, Info, Score};

/// The `d` diagram of the current position, then its fixed lines (side to move, fields, NFEN, key, result).
pub(super) fn diagram(game: &Game) -> Vec<String> {
    let pos = game.position();
    let text = nfen(pos);
    let fields: Vec<&str> = text.split(' ').collect();
    let mut lines = Vec::new();
    let border = format!("  +{}", "-----+".repeat(7));
    lines.push(format!(
        "    {}",
        ('a'..='g').map(|f| format!("{f:^6}")).collect::<String>().trim_end()
    ));
    for rank in (0..7).rev() {
        lines.push(border.clone());
        let cells: String = (0..7)
            .map(|file| {
                let sq = Square::new(file, rank).expect("on the board");
                format!("{:^5}|", cell(pos, sq))
            })
            .collect();
        lines.push(format!("{} |{cells} {}", rank + 1, rank + 1));
    }
    lines.push(border);
    let field = |i: usize| fields.get(i).copied().unwrap_or("?");
    let mover = match pos.side_to_move() {
        Side::White => "w (first player)",
        Side::Black => "b (second player)",
    };
    lines.push(format!("Side to move: {mover}, turn {}", field(6)));
    lines.push(format!("Pools: {}", field(2)));
    lines.push(format!("Keeps: {}", field(3)));
    lines.push(format!("Graveyards: {}", field(4)));
    lines.push(format!("Effects: {}", field(5)));
    lines.push(format!("Fen: {text}"));
    lines.push(format!("Key: {:016X}", pos.key()));
    // R24: a GUI marks the checked Navia without rules of its own.
    let to_move = pos.side_to_move();
    match pos.navia_square(to_move).filter(|_| pos.in_check(to_move)) {
        Some(sq) => lines.push(format!("Check: {sq}")),
        None => lines.push("Check: none".to_string()),
    }
    let r = game.result();
    lines.push(match r {
        Some(res) => format!("Result: {} {}", result_word(r), res.reason.describe()),
        None => "Result: none".to_string(),
    });
    lines
}

/// `p1win`, `p2win`, `draw` or `none`.
pub(super) fn result_word(r: Option<GameResult>) -> &'static str {
    match r {
        None => "none",
        Some(GameResult { winner: None, .. }) => "draw",
        Some(GameResult {
            winner: Some(Side::White),
            ..
        }) => "p1win",
        Some(GameResult {
            winner: Some(Side::Black),
            ..
        }) => "p2win",
    }
}

/// A piece in a diagram cell: `B`, `R`, or its id, `+` first when dratped.
fn piece_code(piece: Piece, dratped: bool, cat: &Catalogue) -> String {
    match piece {
        Piece::BlackGulled => "B".to_string(),
        Piece::RedGulled => "R".to_string(),
        Piece::Navia(k) | Piece::Maseitai(k) => format!("{}{}", if dratped { "+" } else { "" }, cat.get(k).code),
    }
}

/// A square's content in the diagram: NFEN letters and ids, `+` when dratped.
fn cell(pos: &Position, sq: Square) -> String {
    let Some(pl) = pos.piece_at(sq) else {
        return String::new();
    };
    let text = piece_code(pl.piece, pl.dratped, pos.catalogue());
    match pl.side {
        Side::White => text,
        Side::Black => text.to_lowercase(),
    }
}

/// The answer to `go` in a finished game: the result, a final `info`, `bestmove (none)`.
pub(super) fn game_over_answer(r: GameResult, to_move: Side) -> Vec<String> {
    let over = format!(
        "info string game over: {} {}",
        result_word(Some(r)),
        r.reason.describe()
    );
    let score = match r.winner {
        None => " score cp 0",
        Some(w) if w != to_move => " score mate 0",
        Some(_) => "",
    };
    vec![
        over,
        format!("info depth 0{score} nodes 0 time 0"),
        "bestmove (none)".to_string(),
    ]
}

/// One `info` line: integers only, score from the side to move, mate in moves.
pub(super) fn info_line(i: &Info, cat: &Catalogue) -> String {
    let score = match i.score {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(m) => format!("mate {m}"),
    };
    let bound = match i.bound {
        Bound::Exact => "",
        Bound::Lower => " lowerbound",
        Bound::Upper => " upperbound",
    };
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {} hashfull {} time {}",
        i.depth,
        i.seldepth,
        i.multipv,
        i.nodes,
        i.nps,
        i.hashfull,
        i.time.as_millis()
    );
    if !i.pv.is_empty() {
        s.push_str(" pv");
        for a in &i.pv {
            s.push(' ');
            s.push_str(&action_text(a, cat));
        }
    }
    s
}

/// `info string <text>`: free text for the user.
pub(super) fn info_string(text: &str) -> String {
    format!("info string {text}")
}

/// The last line of `perft` and `bench`: the total node count.
pub(super) fn nodes_searched(nodes: u64) -> String {
    format!("Nodes searched: {nodes}")
}

/// The answer of a `perft` that `stop` ended after `done` of the root's `of` moves.
pub(super) fn perft_stopped(done: usize, of: usize) -> String {
    info_string(&format!("perft stopped after {done} of {of} moves"))
}

/// `perft`'s mode in the duel: every leaf made (`perft <depth> full`).
pub(super) const PERFT_FULL: &str = "every leaf made";
/// `perft`'s mode in the duel: the last ply counted, not made.
pub(super) const PERFT_COUNTED: &str = "last ply counted";
/// `perft`'s mode in `naviadratp4`: sequences of actions by the seats still to act this round (F42).
pub(super) const PERFT_ACTIONS: &str = "actions of this round";

/// The answer of a finished `perft`: one line per root move (in the order of `counts`),
/// the timing, then the total; `mode` says what was counted.
pub(super) fn perft_answer(depth: u32, mode: &str, counts: &[(String, u64)], elapsed: Duration) -> Vec<String> {
    let total: u64 = counts.iter().map(|(_, n)| n).sum();
    let mut lines: Vec<String> = counts.iter().map(|(t, n)| format!("{t}: {n}")).collect();
    let nps = (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    lines.push(info_string(&format!(
        "perft {depth}: {total} nodes in {} ms, {nps} nodes/s ({mode})",
        elapsed.as_millis()
    )));
    lines.push(nodes_searched(total));
    lines
}

/// The totals of a `bench` (of the positions done, after `stop`).
pub(super) fn bench_totals(nodes: u64, time: Duration) -> Vec<String> {
    vec![
        nodes_searched(nodes),
        format!("Nodes/second: {}", nodes as u128 * 1000 / time.as_millis().max(1)),
    ]
}

/// The duel's `query` answer: `response <true|false>` or the result word; `None` for naviadratp4's queries.
pub(super) fn query_answer(q: Query, result: Option<GameResult>, to_move: Side) -> Option<String> {
    let answer = match q {
        Query::GameOver => result.is_some().to_string(),
        Query::P1Turn => (to_move == Side::White).to_string(),
        Query::Result => result_word(result).to_string(),
        Query::Phase | Query::Seats | Query::Ranking => return None,
    };
    Some(response(&answer))
}

/// `response <answer>`: the answer to `query`.
pub(super) fn response(answer: &str) -> String {
    format!("response {answer}")
}

/// The `go draft` answer once all `picks` picks are made.
pub(super) fn draft_complete(picks: usize) -> Vec<String> {
    vec![
        info_string(&format!("draft complete: {picks} picks")),
        "bestpick (none)".to_string(),
    ]
}

/// Who picks, in the `go draft` lines: `side p1`, `side p2` (R30).
pub(super) fn draft_side(side: Side) -> String {
    format!("side {}", if side == Side::White { "p1" } else { "p2" })
}

/// The `go draft` answer: one `pick` line per candidate in rank order for the picker `who` (`side p1`,
/// `seat w`), then the chosen one.
pub(super) fn draft_answer(ranked: &[Candidate], best: Option<&Candidate>, who: &str, cat: &Catalogue) -> Vec<String> {
    let mut lines: Vec<String> = ranked
        .iter()
        .map(|c| {
            let def = cat.get(c.kind);
            info_string(&format!(
                "pick {} score {} value {} cost {} {who} name {}",
                def.code, c.score, c.value, def.cost, def.name
            ))
        })
        .collect();
    let best = best.map_or("(none)".to_string(), |c| cat.get(c.kind).code.to_string());
    lines.push(format!("bestpick {best}"));
    lines
}

/// A final `info` line when the search left none for the chosen move: its counts and `pv` alone.
pub(super) fn move_info(nodes: u64, nps: u64, elapsed: Duration, pv: &[Action], cat: &Catalogue) -> String {
    let pv: Vec<String> = pv.iter().map(|a| action_text(a, cat)).collect();
    format!(
        "info depth 0 nodes {nodes} nps {nps} time {} pv {}",
        elapsed.as_millis(),
        pv.join(" ")
    )
}

/// `bestmove <move>`, with ` ponder <move>` when a ponder move is given (in its position's catalogue).
pub(super) fn bestmove(best: &Action, cat: &Catalogue, ponder: Option<(&Action, &Catalogue)>) -> String {
    let mut line = format!("bestmove {}", action_text(best, cat));
    if let Some((p, after)) = ponder {
        line.push_str(&format!(" ponder {}", action_text(p, after)));
    }
    line
}

/// Engine name sent after `uci`/`ugi`.
const NAME: &str = concat!("dratp ", env!("CARGO_PKG_VERSION"));

/// The answer to `isready`.
pub(super) const READY: &str = "readyok";

/// The answer to `uci`/`ugi`: the engine's name and author, its `option` lines, then `uciok`/`ugiok`.
pub(super) fn hello(d: Dialect, options: impl Iterator<Item = String>) -> Vec<String> {
    let mut lines = vec![format!("id name {NAME}"), "id author the dratp developers".to_string()];
    lines.extend(options);
    lines.push(match d {
        Dialect::Uci => "uciok".to_string(),
        Dialect::Ugi => "ugiok".to_string(),
    });
    lines
}

/// The error text for a word only `naviadratp4` knows, sent while the duel is played.
pub(super) fn four_player_word(command: &str, word: &str) -> String {
    format!("{command}: '{word}' is a naviadratp4 word; the variant is naviadratp (see UCI_Variant)")
}

/// The one line that reports bad input or a refused request.
pub(super) fn error(msg: &str) -> String {
    info_string(&format!("error: {msg}"))
}

/// The `legal` answer: `legal` then the moves' texts.
pub(super) fn legal(moves: &[String]) -> String {
    let mut line = "legal".to_string();
    for m in moves {
        line.push(' ');
        line.push_str(m);
    }
    line
}

/// The answer to a long job whose code panicked: the error line, and for `go` (`first` is
/// `Some`) a `bestmove` with its first legal move, or `(none)` when there is none.
pub(super) fn internal_error(first: Option<Option<Action>>, cat: &Catalogue) -> Vec<String> {
    let mut lines = vec![error("internal error (see the log on stderr)")];
    if let Some(first) = first {
        let best = first.map_or("(none)".to_string(), |a| action_text(&a, cat));
        lines.push(format!("info depth 0 nodes 0 time 0 pv {best}").replace(" pv (none)", ""));
        lines.push(format!("bestmove {best}"));
    }
    lines
}

// ---- naviadratp4 (F39–F42) ----

/// The error text for a duel word that `naviadratp4`'s `go` refuses and ignores (F41).
pub(super) fn duel_go_word(word: &str) -> String {
    format!("go: '{word}' is not a naviadratp4 word (clocks are p1time … p4time, p1inc … p4inc); ignored")
}

/// The error text for `declare`, `bid` or `promise` sent in another phase (F41).
pub(super) fn wrong_phase_word(expect: Phase, phase: Phase) -> String {
    format!(
        "go: '{}' does not fit phase {phase}; the answer follows the phase",
        expect_word(expect).unwrap_or("?")
    )
}

/// The error text when `seat` names a seat that decides nothing now (F41).
pub(super) fn decides_nothing(seat: Seat, phase: Phase, deciding: SeatSet) -> String {
    format!(
        "go: {} decides nothing in phase {phase}; deciding now: {}",
        seat.name(),
        seats_text(deciding)
    )
}

/// The error text when no `seat` is named and not exactly one seat decides (F41, F42).
pub(super) fn several_decide(command: &str, deciding: SeatSet) -> String {
    if deciding.is_empty() {
        format!("{command}: no seat decides now (every choice of this step is forced)")
    } else {
        format!(
            "{command}: {} seats decide now ({}); name one with 'seat <s|w|n|e>'",
            deciding.len(),
            seats_text(deciding)
        )
    }
}

/// Seats in seat order, space-separated; `-` for none (F42 `query seats`).
fn seats_text(seats: SeatSet) -> String {
    if seats.is_empty() {
        return "-".to_string();
    }
    let letters: Vec<String> = seats.iter().map(|s| s.letter().to_string()).collect();
    letters.join(" ")
}

/// `swin`, `wwin`, `nwin`, `ewin`, `draw` or `none` (F42).
fn result_word4(r: Option<Result4>) -> String {
    match r {
        None => "none".to_string(),
        Some(Result4 { winner: None, .. }) => "draw".to_string(),
        Some(Result4 { winner: Some(seat), .. }) => format!("{}win", seat.letter()),
    }
}

/// The `query` answer in `naviadratp4` (F39, F42).
pub(super) fn query_answer4(q: Query, game: &Game4) -> String {
    let state = game.state();
    let result = game.result();
    let answer = match q {
        Query::GameOver => result.is_some().to_string(),
        Query::P1Turn => state.deciding().contains(Seat::South).to_string(),
        Query::Result => result_word4(result),
        Query::Phase => state.phase().letter().to_string(),
        Query::Seats => seats_text(state.deciding()),
        Query::Ranking => ranking_text(state.ranking()),
    };
    response(&answer)
}

/// A seat's choices now (F42 `legal`): declarable kinds, `0-<pool>`, `no yes`, or its actions sorted.
pub(super) fn choices4(state: &State4, seat: Seat) -> Vec<String> {
    let cat = state.catalogue();
    match state.phase() {
        Phase::Decision => state
            .declarable(seat)
            .into_iter()
            .map(|d| declaration_text(d, cat))
            .collect(),
        Phase::Bidding => vec![format!("0-{}", state.max_bid(seat))],
        Phase::Promise => vec!["no".to_string(), "yes".to_string()],
        Phase::Actions => {
            let mut v: Vec<String> = state.legal_actions().iter().map(|a| state.action_text(a)).collect();
            v.sort();
            v
        }
    }
}

/// One `info` line of the four-player player: integers only, the score from the answering seat's side (F41).
pub(super) fn info4(i: &Info4) -> String {
    let nps = i.nodes * 1000 / i.time_ms.max(1);
    let multipv = if i.multipv > 0 {
        format!(" multipv {}", i.multipv)
    } else {
        String::new()
    };
    let mut s = format!(
        "info depth {}{multipv} score cp {} nodes {} nps {nps} time {}",
        i.depth, i.score_cp, i.nodes, i.time_ms
    );
    if !i.pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&i.pv.join(" "));
    }
    s
}

/// The answer word of a phase (F41): `bestdeclare`, `bestbid`, `bestpromise`, `bestmove`.
fn answer_word(phase: Phase) -> &'static str {
    match phase {
        Phase::Decision => "bestdeclare",
        Phase::Bidding => "bestbid",
        Phase::Promise => "bestpromise",
        Phase::Actions => "bestmove",
    }
}

/// `best…(none)` for the phase (F41): the seat decides nothing, or the game is over.
pub(super) fn answer4_none(phase: Phase) -> String {
    format!("{} (none)", answer_word(phase))
}

/// The last line of a four-player `go` (F41).
pub(super) fn answer4(answer: &Answer4, phase: Phase, state: &State4) -> String {
    match answer {
        Answer4::Declare(d) => format!("bestdeclare {}", declaration_text(*d, state.catalogue())),
        Answer4::Bid(n) => format!("bestbid {n}"),
        Answer4::Promise(yes) => format!("bestpromise {}", if *yes { "yes" } else { "no" }),
        Answer4::Action(a) => format!("bestmove {}", state.action_text(a)),
        Answer4::None => answer4_none(phase),
    }
}

/// The `d` diagram of a four-player game: the cross with its missing corners blank, then the fixed lines
/// (F42).
pub(super) fn diagram4(game: &Game4) -> Vec<String> {
    let state = game.state();
    let pos = state.position();
    let cat = state.catalogue();
    let square = |file: i8, rank: i8| SquareOf::<Cross>::new(file, rank);
    let exists = |file: i8, rank: i8| square(file, rank).is_some();
    let mut lines = vec![format!(
        "    {}",
        ('a'..='k').map(|f| format!("{f:^6}")).collect::<String>().trim_end()
    )];
    // A border between `rank` and the one above it: segments under squares on either side.
    let border = |rank: i8| {
        let mut line = "   ".to_string();
        for file in 0..=11 {
            let corner = [(file - 1, rank), (file, rank), (file - 1, rank + 1), (file, rank + 1)]
                .iter()
                .any(|&(f, r)| exists(f, r));
            line.push(if corner { '+' } else { ' ' });
            if file < 11 {
                line.push_str(if exists(file, rank) || exists(file, rank + 1) {
                    "-----"
                } else {
                    "     "
                });
            }
        }
        line.trim_end().to_string()
    };
    lines.push(border(10));
    for rank in (0..11).rev() {
        let mut row = format!("{:>2} ", rank + 1);
        for file in 0..=11 {
            row.push(if exists(file - 1, rank) || exists(file, rank) {
                '|'
            } else {
                ' '
            });
            if file < 11 {
                let text = square(file, rank)
                    .and_then(|sq| pos.piece_at(sq))
                    .map(|pl| format!("{}{}", pl.side.letter(), piece_code(pl.piece, pl.dratped, cat)))
                    .unwrap_or_default();
                row.push_str(&format!("{text:^5}"));
            }
        }
        lines.push(format!("{} {}", row.trim_end(), rank + 1));
        lines.push(border(rank - 1));
    }
    let text = state.nfen4();
    let fields: Vec<&str> = text.split(' ').collect();
    let field = |i: usize| fields.get(i).copied().unwrap_or("?");
    lines.push(format!("Phase: {}, round {}", state.phase(), field(9)));
    for (name, i) in [
        ("Order", 2),
        ("Declarations", 3),
        ("Stakes", 4),
        ("Pools", 5),
        ("Keeps", 6),
        ("Graveyards", 7),
        ("Effects", 8),
    ] {
        lines.push(format!("{name}: {}", field(i)));
    }
    lines.push(format!("Fen: {text}"));
    lines.push(format!("Key: {:016X}", pos.key()));
    let r = game.result();
    lines.push(match r {
        Some(res) => format!("Result: {} {}", result_word4(r), res.termination.text()),
        None => "Result: none".to_string(),
    });
    lines
}

/// Who picks, in the four-seat `go draft` lines: `seat s` … (F11).
pub(super) fn draft_seat(seat: Seat) -> String {
    format!("seat {}", seat.letter())
}

/// The answer to a four-player `go` whose code panicked: the error line, then the first legal action in phase
/// `a`, else `best…(none)`.
pub(super) fn internal_error4(state: &State4) -> Vec<String> {
    let first = state
        .legal_actions()
        .first()
        .map(|a| format!("bestmove {}", state.action_text(a)));
    vec![
        error("internal error (see the log on stderr)"),
        first.unwrap_or_else(|| answer4_none(state.phase())),
    ]
}
