//! The engine process: a reader that turns input lines into commands and a
//! worker thread that owns the game and the search.
//!
//! The reader answers `isready` itself while a search runs and sets the stop and
//! ponderhit flags at once; every other command goes to the worker over a channel,
//! so commands take effect in the order they were sent.

use std::io::BufRead;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossbeam_channel::{unbounded, Receiver, Sender};

use super::command::{parse_line, Command, CommandError, Dialect, ForceWords, GoParams, Query, StartPos};
use super::output::Output;
use crate::rules::forces::{find_piece, start_position, validate, Draft, Force, ForceRule};
use crate::rules::{
    action_text, nfen, parse_action, parse_nfen, perft, Action, Catalogue, Game, GameResult, MoveError, Piece,
    Position, Side, Square,
};
use crate::search::draft::rank_picks;
use crate::search::{bench, Bound, Info, Limits, Score, SearchOptions, Searcher, Signals, BENCH_DEPTH};

/// Engine name sent after `uci`/`ugi`.
const NAME: &str = concat!("dratp ", env!("CARGO_PKG_VERSION"));

/// The `UCI_Variant` the engine plays.
const VARIANT: &str = "naviadratp";

/// What the reader hands the worker.
enum Job {
    /// A parsed line, or why it did not parse.
    Line(Result<Command, CommandError>),
    /// `go`, `perft`, `go perft` or `bench`: runs until done or stopped.
    Long {
        cmd: Command,
        signals: Arc<Signals>,
        error: Option<CommandError>,
    },
    /// `isready` while idle: answered after the jobs before it.
    IsReady,
    /// Finish the queued jobs, then end.
    Quit,
}

/// Run the engine: on the command-line arguments if there are any (see
/// [`arg_commands`]), else on stdin until `quit` or end of input.
pub fn run(args: &[String]) {
    let out = Output::stdout();
    let (tx, rx) = unbounded();
    let pending = Arc::new(AtomicUsize::new(0));
    let worker = {
        let (out, pending) = (out.clone(), pending.clone());
        std::thread::Builder::new()
            .name("worker".into())
            .spawn(move || Engine::new(out, pending).serve(rx))
            .expect("cannot start the worker thread")
    };
    let mut reader = Reader {
        tx,
        out,
        pending,
        current: Arc::new(Signals::default()),
        current_waits: false,
    };
    if args.is_empty() {
        let mut stdin = std::io::stdin().lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            // A read error counts as end of input; bytes that are not UTF-8 become U+FFFD
            // (and so an error line), never the end of the engine.
            match stdin.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let text = String::from_utf8_lossy(&buf);
            if !reader.line(text.trim_end_matches(['\n', '\r'])) {
                break;
            }
        }
        reader.quit(true);
    } else {
        for cmd in arg_commands(args) {
            if !reader.line(&cmd) {
                break;
            }
        }
        // Commands from the command line run to their end (a `go depth 5` finishes).
        reader.quit(false);
    }
    let _ = worker.join();
}

/// The commands that command-line arguments stand for. If any argument holds a
/// blank, each argument is a command (`dratp "position startpos" "perft 4"`);
/// otherwise all of them together are one (`dratp bench 8`). Either way `;`
/// also separates commands (`dratp "position startpos moves c2c3; d"`).
pub fn arg_commands(args: &[String]) -> Vec<String> {
    let lines: Vec<String> = if args.iter().any(|a| a.contains(char::is_whitespace)) {
        args.to_vec()
    } else {
        vec![args.join(" ")]
    };
    lines.iter().flat_map(|l| l.split(';')).map(str::to_string).collect()
}

/// The reader side: parses lines and routes them.
struct Reader {
    tx: Sender<Job>,
    out: Output,
    /// Long jobs sent and not yet finished.
    pending: Arc<AtomicUsize>,
    /// Signals of the latest long job.
    current: Arc<Signals>,
    /// Whether the latest long job runs until `stop` or `ponderhit`.
    current_waits: bool,
}

impl Reader {
    /// Handle one input line; false once `quit` was read.
    fn line(&mut self, line: &str) -> bool {
        self.out.log_input(line);
        let parsed = match parse_line(line) {
            Ok(None) => return true,
            Ok(Some(c)) => Ok(c),
            Err(e) => Err(e),
        };
        match parsed {
            Ok(Command::IsReady) => {
                if self.pending.load(Ordering::SeqCst) > 0 {
                    self.out.line("readyok");
                } else {
                    self.send(Job::IsReady);
                }
            }
            Ok(Command::Stop) => self.current.stop.store(true, Ordering::SeqCst),
            Ok(Command::PonderHit) => self.current.ponderhit.store(true, Ordering::SeqCst),
            Ok(Command::Quit) => return false,
            Ok(cmd @ (Command::Go(_) | Command::Perft { .. } | Command::Bench(_))) => self.long(cmd, None),
            // A `go` that does not parse is still answered with one `bestmove`, from a depth-1 search.
            Err(e @ CommandError::Bad { command: "go", .. }) => self.long(
                Command::Go(GoParams {
                    depth: Some(1),
                    ..GoParams::default()
                }),
                Some(e),
            ),
            other => self.send(Job::Line(other)),
        }
        true
    }

    /// Send a long job once the previous one has finished (as a UCI engine's `go`
    /// waits for the running search), so `stop` and `ponderhit` always mean the
    /// job started last. A previous job that would wait for `stop` forever is
    /// stopped first (it still answers its own `bestmove`).
    fn long(&mut self, cmd: Command, error: Option<CommandError>) {
        if self.current_waits {
            self.current.stop.store(true, Ordering::SeqCst);
        }
        while self.pending.load(Ordering::SeqCst) > 0 {
            std::thread::sleep(Duration::from_millis(1));
        }
        self.current_waits = matches!(&cmd, Command::Go(p) if p.waits_for_signal());
        self.current = Arc::new(Signals::default());
        self.pending.fetch_add(1, Ordering::SeqCst);
        self.send(Job::Long {
            cmd,
            signals: self.current.clone(),
            error,
        });
    }

    fn send(&self, job: Job) {
        // The worker only ends after `Quit`, so a failed send means it is already gone.
        let _ = self.tx.send(job);
    }

    /// End: optionally stop the running job, then let the worker drain its queue.
    fn quit(&self, stop: bool) {
        if stop {
            self.current.stop.store(true, Ordering::SeqCst);
        }
        self.send(Job::Quit);
    }
}

/// Options that are not the search's.
struct Options {
    search: SearchOptions,
    ponder: bool,
    catalogue_file: String,
    debug_log_file: String,
    force_rule: ForceRule,
}

/// The worker: game state, options and the search.
struct Engine {
    out: Output,
    pending: Arc<AtomicUsize>,
    dialect: Dialect,
    debug: bool,
    cat: &'static Catalogue,
    game: Game,
    opts: Options,
    searcher: Searcher,
}

impl Engine {
    fn new(out: Output, pending: Arc<AtomicUsize>) -> Engine {
        let cat = Catalogue::builtin();
        let start = Position::startpos(cat).unwrap_or_else(|e| panic!("the built-in start position is broken: {e}"));
        let search = SearchOptions::default();
        Engine {
            out,
            pending,
            dialect: Dialect::Uci,
            debug: false,
            cat,
            game: Game::new(start),
            searcher: Searcher::new(&search),
            opts: Options {
                search,
                ponder: false,
                catalogue_file: String::new(),
                debug_log_file: String::new(),
                force_rule: ForceRule::default(),
            },
        }
    }

    fn serve(mut self, rx: Receiver<Job>) {
        for job in rx {
            match job {
                Job::Line(Ok(cmd)) => self.command(cmd),
                Job::Line(Err(CommandError::Unknown(w))) => {
                    if self.debug {
                        self.error(&format!("unknown command '{w}'"));
                    }
                }
                Job::Line(Err(e)) => self.error(&e.to_string()),
                Job::Long { cmd, signals, error } => {
                    if let Some(e) = error {
                        self.error(&e.to_string());
                    }
                    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match &cmd {
                        Command::Go(p) => self.go(p, &signals),
                        Command::Perft { depth, full } => self.perft(*depth, *full, &signals),
                        Command::Bench(d) => self.bench(d.unwrap_or(BENCH_DEPTH)),
                        _ => unreachable!("only long commands are sent as Long"),
                    }));
                    // A bug in the search must not leave the GUI without its `bestmove`.
                    let last = run.unwrap_or_else(|_| self.after_panic(&cmd));
                    // Idle before the last line goes out: a GUI that saw `bestmove` and sends
                    // `isready` gets `readyok` after whatever it sent in between.
                    self.pending.fetch_sub(1, Ordering::SeqCst);
                    self.out.lines(last);
                }
                Job::IsReady => {
                    self.searcher.prepare();
                    self.out.line("readyok");
                }
                Job::Quit => break,
            }
        }
    }

    /// The answer to a long job whose code panicked: an error line, and for `go`
    /// the first legal move (or `(none)`), so the GUI still gets its `bestmove`.
    fn after_panic(&self, cmd: &Command) -> Vec<String> {
        let mut lines = vec!["info string error: internal error (see the log on stderr)".to_string()];
        if let Command::Go(_) = cmd {
            let best = match self.game.legal_actions().first() {
                Some(a) => action_text(a, self.game.position().catalogue()),
                None => "(none)".to_string(),
            };
            lines.push(format!("info depth 0 nodes 0 time 0 pv {best}").replace(" pv (none)", ""));
            lines.push(format!("bestmove {best}"));
        }
        lines
    }

    fn error(&self, msg: &str) {
        self.out.line(&format!("info string error: {msg}"));
    }

    fn command(&mut self, cmd: Command) {
        match cmd {
            Command::Hello(d) => self.hello(d),
            Command::Debug(on) => self.debug = on,
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => {
                self.searcher.new_game();
                if let Ok(p) = Position::startpos(self.cat) {
                    self.game = Game::new(p);
                }
            }
            Command::Position { start, moves } => self.position(&start, &moves),
            Command::Query(q) => self.query(q),
            Command::Display => self.display(),
            Command::Legal => {
                let mut moves = self.legal_texts();
                moves.insert(0, "legal".into());
                self.out.line(&moves.join(" "));
            }
            Command::Eval => self.out.lines(Searcher::eval_report(&self.game).lines()),
            Command::Catalogue => self.out.lines(self.cat.to_text().lines()),
            Command::Draft { pool, picks } => self.draft(&pool, &picks),
            // Handled by the reader; nothing reaches here.
            Command::IsReady | Command::Stop | Command::PonderHit | Command::Quit => {}
            Command::Go(_) | Command::Perft { .. } | Command::Bench(_) => {}
        }
    }

    fn hello(&mut self, d: Dialect) {
        self.dialect = d;
        let o = &self.opts;
        let s = &o.search;
        let empty = |v: &str| {
            if v.is_empty() {
                "<empty>".to_string()
            } else {
                v.to_string()
            }
        };
        self.out.lines([
            format!("id name {NAME}"),
            "id author the dratp developers".to_string(),
            format!(
                "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
                s.hash_mb
            ),
            format!(
                "option name Threads type spin default {} min 1 max {MAX_THREADS}",
                s.threads
            ),
            format!(
                "option name MultiPV type spin default {} min 1 max {MAX_MULTIPV}",
                s.multipv
            ),
            format!("option name Ponder type check default {}", o.ponder),
            format!(
                "option name Move Overhead type spin default {} min 0 max {MAX_OVERHEAD_MS}",
                s.move_overhead.as_millis()
            ),
            format!(
                "option name Skill Level type spin default {} min 0 max 20",
                s.skill_level
            ),
            format!("option name UCI_Variant type combo default {VARIANT} var {VARIANT}"),
            format!(
                "option name Catalogue File type string default {}",
                empty(&o.catalogue_file)
            ),
            format!(
                "option name Debug Log File type string default {}",
                empty(&o.debug_log_file)
            ),
            format!(
                "option name Force Rule type combo default {} var {} var {}",
                ForceRule::default().name(),
                ForceRule::Standard.name(),
                ForceRule::Singleton.name()
            ),
            match d {
                Dialect::Uci => "uciok".to_string(),
                Dialect::Ugi => "ugiok".to_string(),
            },
        ]);
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let value = value.map(|v| if v == "<empty>" { "" } else { v });
        let key = name.to_ascii_lowercase();
        let res = match key.as_str() {
            "hash" => spin(name, value, 1, MAX_HASH_MB).and_then(|v| {
                // A table larger than the free memory would get the process killed when it is filled.
                match available_mb() {
                    Some(free) if v > free * 3 / 4 => Err(format!(
                        "Hash {v} MB is more than this machine can give ({free} MB free)"
                    )),
                    _ => {
                        self.opts.search.hash_mb = v as usize;
                        Ok(())
                    }
                }
            }),
            "threads" => spin(name, value, 1, MAX_THREADS).map(|v| self.opts.search.threads = v as usize),
            "multipv" => spin(name, value, 1, MAX_MULTIPV).map(|v| self.opts.search.multipv = v as usize),
            "skill level" => spin(name, value, 0, 20).map(|v| self.opts.search.skill_level = v as u32),
            "move overhead" => {
                spin(name, value, 0, MAX_OVERHEAD_MS).map(|v| self.opts.search.move_overhead = Duration::from_millis(v))
            }
            "ponder" => match value.map(str::to_ascii_lowercase).as_deref() {
                Some(b @ ("true" | "false")) => {
                    self.opts.ponder = b == "true";
                    Ok(())
                }
                _ => Err(format!("{name} takes true or false")),
            },
            "uci_variant" => match value {
                Some(v) if v.eq_ignore_ascii_case(VARIANT) => Ok(()),
                _ => Err(format!("{name}: the only variant is {VARIANT}")),
            },
            "catalogue file" => self.set_catalogue(value.unwrap_or("")),
            "force rule" => match value.and_then(ForceRule::from_name) {
                Some(r) => {
                    self.opts.force_rule = r;
                    Ok(())
                }
                None => Err(format!("{name} takes standard or singleton")),
            },
            "debug log file" => {
                let path = value.unwrap_or("");
                match self.out.set_log_file(path) {
                    Ok(()) => {
                        self.opts.debug_log_file = path.to_string();
                        Ok(())
                    }
                    Err(e) => Err(format!("{name}: cannot open '{path}': {e}")),
                }
            }
            _ => Err(format!("unknown option '{name}'")),
        };
        match res {
            Ok(()) => self.searcher.set_options(&self.opts.search),
            Err(e) => self.error(&format!("setoption: {e}")),
        }
    }

    /// `Catalogue File`: a bad file is refused whole and the previous catalogue stays.
    fn set_catalogue(&mut self, path: &str) -> Result<(), String> {
        let cat = if path.is_empty() {
            Catalogue::builtin()
        } else {
            crate::catalogue_file::load(std::path::Path::new(path))
                .map_err(|e| match e {
                    crate::catalogue_file::LoadError::Unreadable(why) => {
                        format!("Catalogue File: cannot read '{path}': {why}")
                    }
                    other => format!("Catalogue File: '{path}' refused: {other}"),
                })?
                .intern()
        };
        // Replay the game on the new catalogue; failing that, its start position.
        if let Some(g) = self.game.replay_on(cat) {
            self.game = g;
        } else {
            let start = Position::startpos(cat).map_err(|e| {
                format!("Catalogue File: '{path}' refused: the current game and the start position do not fit it ({e})")
            })?;
            self.game = Game::new(start);
            self.out
                .line("info string the current position does not fit the new catalogue; reset to startpos");
        }
        self.cat = cat;
        self.opts.catalogue_file = path.to_string();
        Ok(())
    }

    /// `position`: built on a copy and committed only if the NFEN and every move are good.
    fn position(&mut self, start: &StartPos, moves: &[String]) {
        let pos = match start {
            StartPos::Start => Position::startpos(self.cat).map_err(|e| e.to_string()),
            StartPos::Fen(text) => parse_nfen(text, self.cat).map_err(|e| e.to_string()),
            StartPos::Forces(words) => self.forces_start(words),
        };
        let pos = match pos {
            Ok(p) => p,
            Err(e) => return self.error(&e),
        };
        let mut g = Game::new(pos);
        for (i, m) in moves.iter().enumerate() {
            if let Err(e) = g.play_text(m) {
                let msg = match e {
                    MoveError::Syntax(t, why) => format!("bad move '{t}' at index {i}: {why}"),
                    MoveError::Illegal(t, why) => format!("illegal move '{t}' at index {i}: {why}"),
                };
                return self.error(&msg);
            }
        }
        self.game = g;
    }

    /// `startpos forces`: each force resolved and checked under the `Force Rule` (R28, R29), then the setup (R7).
    fn forces_start(&self, words: &[ForceWords; 2]) -> Result<Position, String> {
        let force = |w: &ForceWords, who: &str| -> Result<Force, String> {
            let m: Vec<&str> = w.maseitai.iter().map(String::as_str).collect();
            let f = Force::from_words(&w.navia, &m, self.cat)
                .and_then(|f| validate(&f, self.opts.force_rule, self.cat).map(|()| f));
            f.map_err(|e| format!("position: bad force for the {who} player: {e}"))
        };
        let (first, second) = (force(&words[0], "first")?, force(&words[1], "second")?);
        start_position(&first, &second, self.cat).map_err(|e| format!("position: {e}"))
    }

    /// `go draft`: `info string` lines with every candidate's scores, best first, then `bestpick`.
    fn draft(&self, pool: &[String], picks: &[String]) {
        let kinds = |ws: &[String]| {
            ws.iter()
                .map(|w| find_piece(w, self.cat))
                .collect::<Result<Vec<_>, _>>()
        };
        let draft = kinds(pool)
            .and_then(|p| Ok((p, kinds(picks)?)))
            .and_then(|(p, k)| Draft::new(p, k, self.cat));
        let draft = match draft {
            Ok(d) => d,
            Err(e) => return self.error(&format!("go draft: {e}")),
        };
        let Some(side) = draft.to_pick() else {
            return self.out.lines([
                "info string draft complete: 14 picks".to_string(),
                "bestpick (none)".to_string(),
            ]);
        };
        let ranked = rank_picks(&draft, self.cat);
        let who = if side == Side::White { "p1" } else { "p2" };
        let mut lines: Vec<String> = ranked
            .iter()
            .map(|c| {
                let def = self.cat.get(c.kind);
                format!(
                    "info string pick {} score {} value {} cost {} side {who} name {}",
                    def.code, c.score, c.value, def.cost, def.name
                )
            })
            .collect();
        // A draft always leaves at least two pieces before the last pick, so `ranked` is not empty.
        let best = ranked
            .first()
            .map_or("(none)".to_string(), |c| self.cat.get(c.kind).code.to_string());
        lines.push(format!("bestpick {best}"));
        self.out.lines(lines);
    }

    fn query(&self, q: Query) {
        let r = self.game.result();
        let answer = match q {
            Query::GameOver => r.is_some().to_string(),
            Query::P1Turn => (self.game.position().side_to_move() == Side::White).to_string(),
            Query::Result => result_word(r).to_string(),
        };
        self.out.line(&format!("response {answer}"));
    }

    /// The game's legal actions as text, sorted: none once the game has a result (D14).
    fn legal_texts(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .game
            .legal_actions()
            .iter()
            .map(|a| action_text(a, self.game.position().catalogue()))
            .collect();
        v.sort();
        v
    }

    fn display(&self) {
        let pos = self.game.position();
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
        let mover = pos.side_to_move();
        match pos.navia_square(mover).filter(|_| pos.in_check(mover)) {
            Some(sq) => lines.push(format!("Check: {sq}")),
            None => lines.push("Check: none".to_string()),
        }
        let r = self.game.result();
        lines.push(match r {
            Some(res) => format!("Result: {} {}", result_word(r), res.reason.describe()),
            None => "Result: none".to_string(),
        });
        self.out.lines(lines);
    }

    /// `perft`: one line per root move, sorted, then the total; stops between root moves.
    fn perft(&self, depth: u32, full: bool, signals: &Signals) -> Vec<String> {
        let start = Instant::now();
        let pos = self.game.position();
        if depth == 0 {
            return vec!["Nodes searched: 1".to_string()];
        }
        let count = if full { perft::perft_full } else { perft::perft };
        let actions = self.game.legal_actions();
        let mut counts = Vec::with_capacity(actions.len());
        for a in &actions {
            if signals.stop.load(Ordering::SeqCst) {
                return vec![format!(
                    "info string perft stopped after {} of {} moves",
                    counts.len(),
                    actions.len()
                )];
            }
            counts.push((action_text(a, pos.catalogue()), count(&pos.play(a), depth - 1)));
        }
        let elapsed = start.elapsed();
        counts.sort();
        let total: u64 = counts.iter().map(|(_, n)| n).sum();
        let mut lines: Vec<String> = counts.iter().map(|(t, n)| format!("{t}: {n}")).collect();
        let nps = (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
        let mode = if full { "every leaf made" } else { "last ply counted" };
        lines.push(format!(
            "info string perft {depth}: {total} nodes in {} ms, {nps} nodes/s ({mode})",
            elapsed.as_millis()
        ));
        lines.push(format!("Nodes searched: {total}"));
        lines
    }

    /// `bench`: the search's progress as `info string`, then the totals.
    fn bench(&self, depth: u32) -> Vec<String> {
        let (nodes, time) = bench(depth, &mut |s| self.out.line(&format!("info string {s}")));
        vec![
            format!("Nodes searched: {nodes}"),
            format!("Nodes/second: {}", nodes as u128 * 1000 / time.as_millis().max(1)),
        ]
    }

    /// `go`: runs the search, printing its `info` lines; returns the final `info` and `bestmove`.
    fn go(&mut self, p: &GoParams, signals: &Signals) -> Vec<String> {
        let started = Instant::now();
        let root = *self.game.position();
        let cat = root.catalogue();
        let stopped = || signals.stop.load(Ordering::SeqCst);
        let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
        let mut limits = Limits {
            time: p.time.map(|t| t.map(ms)),
            inc: p.inc.map(|t| t.map(ms)),
            movestogo: p.movestogo,
            movetime: p.movetime.map(ms),
            depth: p.depth,
            nodes: p.nodes,
            mate: p.mate,
            infinite: p.infinite,
            ponder: p.ponder,
            searchmoves: Vec::new(),
        };
        // No limit at all means "until stop" (an empty `Limits` is infinite for the search too).
        limits.infinite |= p.has_no_limit() && !p.ponder;
        for m in &p.searchmoves {
            match parse_action(m, &root) {
                Ok(a) => limits.searchmoves.push(a),
                Err(e) => self.error(&format!("go searchmoves: {e}")),
            }
        }
        let wait_release = || {
            // Infinite and ponder searches answer only after `stop` (or `ponderhit`).
            while (limits.infinite || (limits.ponder && !signals.ponderhit.load(Ordering::SeqCst))) && !stopped() {
                std::thread::sleep(Duration::from_millis(1));
            }
        };
        if let Some(r) = self.game.result() {
            wait_release();
            let over = format!(
                "info string game over: {} {}",
                result_word(Some(r)),
                r.reason.describe()
            );
            let score = match r.winner {
                None => " score cp 0",
                Some(w) if w != root.side_to_move() => " score mate 0",
                Some(_) => "",
            };
            return vec![
                over,
                format!("info depth 0{score} nodes 0 time 0"),
                "bestmove (none)".to_string(),
            ];
        }
        self.searcher.prepare();
        let mut last_pv1: Option<(Info, Vec<Action>)> = None;
        let out = &self.out;
        let result = self.searcher.search(&self.game, &limits, signals, &mut |info: &Info| {
            let pv = legal_prefix(&root, &info.pv);
            out.line(&info_line(info, &pv, cat));
            if info.multipv == 1 {
                last_pv1 = Some((info.clone(), pv));
            }
        });
        wait_release();
        let best = match result.best {
            Some(b) if root.is_legal(&b) => b,
            other => {
                if let Some(b) = other {
                    log::error!("search returned an illegal move {b:?}; playing the first legal one");
                }
                root.legal_actions()[0]
            }
        };
        let after = root.play(&best);
        let ponder = result.ponder.filter(|p| after.is_legal(p));
        let elapsed = started.elapsed();
        let nps = (result.nodes as u128 * 1000 / elapsed.as_millis().max(1)) as u64;
        // The final info: none needed when the search's own last line already says it all;
        // else the last full line again with the final counts, or the move alone.
        let mut last = match last_pv1 {
            Some((info, pv)) if pv.first() == Some(&best) && info.nodes >= result.nodes => Vec::new(),
            Some((mut info, pv)) if pv.first() == Some(&best) => {
                info.nodes = result.nodes;
                info.time = elapsed;
                info.nps = nps;
                vec![info_line(&info, &pv, cat)]
            }
            _ => {
                let mut pv = vec![best];
                pv.extend(ponder);
                let pv: Vec<String> = pv.iter().map(|a| action_text(a, cat)).collect();
                vec![format!(
                    "info depth 0 nodes {} nps {nps} time {} pv {}",
                    result.nodes,
                    elapsed.as_millis(),
                    pv.join(" ")
                )]
            }
        };
        let mut line = format!("bestmove {}", action_text(&best, cat));
        if let (Dialect::Uci, Some(p)) = (self.dialect, ponder) {
            line.push_str(&format!(" ponder {}", action_text(&p, after.catalogue())));
        }
        last.push(line);
        last
    }
}

const MAX_HASH_MB: u64 = 65536;
const MAX_THREADS: u64 = 256;
const MAX_MULTIPV: u64 = 256;
const MAX_OVERHEAD_MS: u64 = 5000;

/// A spin option's value, in range.
/// Free memory in MiB as the kernel reports it (`MemAvailable`), where it does.
fn available_mb() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

fn spin(name: &str, value: Option<&str>, min: u64, max: u64) -> Result<u64, String> {
    let v = value.ok_or_else(|| format!("{name} needs a value"))?;
    match v.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!("{name} takes an integer from {min} to {max}, got '{v}'")),
    }
}

/// `p1win`, `p2win`, `draw` or `none`.
fn result_word(r: Option<GameResult>) -> &'static str {
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

/// A square's content in the diagram: NFEN letters and ids, `+` when dratped.
fn cell(pos: &Position, sq: Square) -> String {
    let Some(pl) = pos.piece_at(sq) else {
        return String::new();
    };
    let text = match pl.piece {
        Piece::BlackGulled => "B".to_string(),
        Piece::RedGulled => "R".to_string(),
        Piece::Navia(k) | Piece::Maseitai(k) => {
            format!("{}{}", if pl.dratped { "+" } else { "" }, pos.catalogue().get(k).code)
        }
    };
    match pl.side {
        Side::White => text,
        Side::Black => text.to_lowercase(),
    }
}

/// The longest prefix of `pv` that is legal move after move from `root`.
fn legal_prefix(root: &Position, pv: &[Action]) -> Vec<Action> {
    let mut pos = *root;
    let mut out = Vec::with_capacity(pv.len());
    for a in pv {
        if !pos.is_legal(a) {
            break;
        }
        out.push(*a);
        pos = pos.play(a);
    }
    out
}

/// One `info` line: integers only, score from the side to move, mate in moves.
fn info_line(i: &Info, pv: &[Action], cat: &Catalogue) -> String {
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
    if !pv.is_empty() {
        s.push_str(" pv");
        for a in pv {
            s.push(' ');
            s.push_str(&action_text(a, cat));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        arg_commands(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn command_line_arguments_become_commands() {
        assert_eq!(args(&["bench", "8"]), ["bench 8"]);
        assert_eq!(
            args(&["position startpos", "perft 4"]),
            ["position startpos", "perft 4"]
        );
        assert_eq!(
            args(&["position startpos moves c2c3; d"]),
            ["position startpos moves c2c3", " d"]
        );
        assert_eq!(args(&["position", "startpos", ";", "d"]), ["position startpos ", " d"]);
    }
}
