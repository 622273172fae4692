//! The session: the game, the catalogue, the options and the searcher, and
//! what each command does to them. The worker thread runs it; replies are
//! worded by [`format`](super::format). While the variant is `naviadratp4` the
//! commands that read or change the game go to [`four`].

mod four;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crossbeam_channel::Receiver;

use super::command::{Command, CommandError, Dialect, ForceWords, GoParams, Query, StartPos};
use super::engine::Job;
use super::format::{self, game_over_answer, info_line};
use super::options::{self, OptionDef, OptionId, OptionValue, TuneParam, OPTIONS};
use super::output::Output;
use crate::rules::forces::{find_piece, start_position, validate, DraftOf, Force, ForceRule, Picker};
use crate::rules::rng::Rng;
use crate::rules::{action_text, parse_action, parse_nfen, perft, Action, Catalogue, Game, Game4, MoveError, Position};
use crate::search::draft::rank_picks;
use crate::search::eval::Weights;
use crate::search::four::{bench4, eval_report, Weights4};
use crate::search::params::SearchParams;
use crate::search::{bench_until, level_for_elo, Info, Limits, SearchOptions, Searcher, Signals, BENCH_DEPTH, MIN_ELO};

/// Options that are not the search's.
struct Options {
    search: SearchOptions,
    ponder: bool,
    /// `Random Seed`: 0 draws a new seed at start and at every new game.
    random_seed: u64,
    force_rule: ForceRule,
    /// `Skill Level` as set; the search plays it unless `UCI_LimitStrength` is on.
    skill_level: u32,
    /// `UCI_LimitStrength`.
    limit_strength: bool,
    /// `UCI_Elo`.
    elo: u32,
    /// `Tune`: the `Tune_` options are listed and may be set.
    tune: bool,
    /// `Round Limit` (F31): games of `naviadratp4` set up from now on end after this round.
    round_limit: u16,
    /// The weights of the `Weights File` (the compiled ones without it).
    file_weights: Weights,
    /// The weights the search evaluates with: the file's, changed by `Tune_` options.
    weights: Weights,
    /// The four-player evaluation's own weights: the compiled ones, changed by `Tune_` options.
    weights4: Weights4,
    /// The search parameters: compiled, changed by `Tune_` options.
    params: SearchParams,
}

/// The worker's state: game, catalogue, options and the search.
pub(super) struct Session {
    out: Output,
    pending: Arc<AtomicUsize>,
    dialect: Dialect,
    debug: bool,
    cat: &'static Catalogue,
    /// The duel's game; the current one unless `four` is set.
    game: Game,
    /// The four-player game while `UCI_Variant` is `naviadratp4` (F39).
    four: Option<Box<Game4>>,
    opts: Options,
    searcher: Searcher,
}

impl Session {
    pub(super) fn new(out: Output, pending: Arc<AtomicUsize>) -> Session {
        let cat = Catalogue::builtin();
        let start = Position::startpos(cat).unwrap_or_else(|e| panic!("the built-in start position is broken: {e}"));
        let search = SearchOptions {
            seed: game_seed(0),
            ..SearchOptions::default()
        };
        Session {
            out,
            pending,
            dialect: Dialect::Uci,
            debug: false,
            cat,
            game: Game::new(start),
            four: None,
            searcher: Searcher::new(&search),
            opts: Options {
                search,
                ponder: false,
                random_seed: 0,
                force_rule: ForceRule::default(),
                round_limit: options::DEFAULT_ROUND_LIMIT,
                skill_level: SearchOptions::DEFAULT.skill_level,
                limit_strength: false,
                elo: MIN_ELO,
                tune: false,
                file_weights: Weights::DEFAULT,
                weights: Weights::DEFAULT,
                weights4: Weights4::DEFAULT,
                params: SearchParams::DEFAULT,
            },
        }
    }

    pub(super) fn serve(mut self, rx: Receiver<Job>) {
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
                    // The table outlives the search: a `go` without `isready` first makes it here.
                    if matches!(cmd, Command::Go(_)) {
                        self.searcher.prepare();
                    }
                    let run =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match (&cmd, self.four.as_deref()) {
                            (Command::Go(p), Some(g)) => self.go4(g, p, &signals),
                            (Command::Perft { depth, full }, Some(g)) => self.perft4(g, *depth, *full, &signals),
                            (Command::Go(p), None) => self.go(p, &signals),
                            (Command::Perft { depth, full }, None) => self.perft(*depth, *full, &signals),
                            (Command::Bench(d), _) => self.bench(*d, &signals),
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
                    self.out.line(format::READY);
                }
                Job::Quit => break,
            }
        }
    }

    /// The answer to a long job whose code panicked: an error line, and for `go`
    /// the first legal move (or `(none)`), so the GUI still gets its `bestmove`.
    fn after_panic(&self, cmd: &Command) -> Vec<String> {
        let go = matches!(cmd, Command::Go(_));
        if let Some(g) = self.four.as_deref().filter(|_| go) {
            return format::internal_error4(g.state());
        }
        let first = go.then(|| self.game.legal_actions().first().copied());
        format::internal_error(first, self.game.position().catalogue())
    }

    fn error(&self, msg: &str) {
        self.out.line(&format::error(msg));
    }

    fn command(&mut self, cmd: Command) {
        match cmd {
            Command::Hello(d) => self.hello(d),
            Command::Debug(on) => self.debug = on,
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => {
                self.opts.search.seed = game_seed(self.opts.random_seed);
                self.searcher.set_options(&self.opts.search);
                self.searcher.new_game();
                // F39: back to the start of the variant being played.
                if self.four.is_some() {
                    if let Ok(g) = self.start4(self.cat) {
                        self.four = Some(Box::new(g));
                    }
                } else if let Ok(p) = Position::startpos(self.cat) {
                    self.game = Game::new(p);
                }
            }
            Command::Position { start, moves } if self.four.is_some() => self.position4(&start, &moves),
            Command::Position { start, moves } => self.position(&start, &moves),
            Command::Query(q) => match self.four.as_deref() {
                Some(g) => self.query4(g, q),
                None => self.query(q),
            },
            Command::Display => match self.four.as_deref() {
                Some(g) => self.display4(g),
                None => self.display(),
            },
            Command::Legal(seat) => match (self.four.as_deref(), seat) {
                (Some(g), seat) => self.legal4(g, seat),
                (None, None) => self.out.line(&format::legal(&self.legal_texts())),
                (None, Some(_)) => self.error(&format::four_player_word("legal", "seat")),
            },
            Command::Eval => match self.four.as_deref() {
                Some(g) => self
                    .out
                    .lines(eval_report(g, &self.opts.weights, &self.opts.weights4).lines()),
                None => self
                    .out
                    .lines(Searcher::eval_report_with(&self.game, &self.opts.weights).lines()),
            },
            Command::Catalogue => self.out.lines(self.cat.to_text().lines()),
            Command::Draft { pool, picks } if self.four.is_some() => self.draft(&pool, &picks, format::draft_seat),
            Command::Draft { pool, picks } => self.draft(&pool, &picks, format::draft_side),
            // Handled by the reader; nothing reaches here.
            Command::IsReady | Command::Stop | Command::PonderHit | Command::Quit => {}
            Command::Go(_) | Command::Perft { .. } | Command::Bench(_) => {}
        }
    }

    fn hello(&mut self, d: Dialect) {
        self.dialect = d;
        let mut options: Vec<String> = OPTIONS.iter().map(OptionDef::uci_line).collect();
        if self.opts.tune {
            options.extend(TuneParam::all().map(|t| t.uci_line()));
        }
        self.out.lines(format::hello(d, options.into_iter()));
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let res = match (options::find(name), TuneParam::find(name)) {
            (Some(def), _) => def.parse(value).and_then(|v| self.apply_option(def.id, v)),
            // Tuning options exist only while `Tune` is on, as they are listed only then.
            (None, Some(t)) if !self.opts.tune => Err(format!(
                "{} is a tuning option: set Tune to true first",
                t.option_name()
            )),
            (None, Some(t)) => t.parse(value).map(|v| {
                let o = &mut self.opts;
                t.put(v, &mut o.params, &mut o.weights, &mut o.weights4);
            }),
            (None, None) => Err(format!("unknown option '{name}'")),
        };
        match res {
            Ok(()) => self.sync_searcher(),
            Err(e) => self.error(&format!("setoption: {e}")),
        }
    }

    /// Hand the options to the searcher: the skill level `UCI_Elo` maps to when
    /// `UCI_LimitStrength` is on, else `Skill Level`; the parameters and weights.
    fn sync_searcher(&mut self) {
        let o = &mut self.opts;
        o.search.skill_level = if o.limit_strength {
            level_for_elo(o.elo)
        } else {
            o.skill_level
        };
        self.searcher.set_options(&o.search);
        self.searcher.set_params(o.params);
        self.searcher.set_weights(o.weights);
    }

    /// Apply a value its declaration has checked.
    fn apply_option(&mut self, id: OptionId, v: OptionValue) -> Result<(), String> {
        let s = &mut self.opts.search;
        match (id, v) {
            (OptionId::Hash, OptionValue::Int(v)) => match available_mb() {
                // A table larger than the free memory would get the process killed when it is filled.
                Some(free) if v > free * 3 / 4 => {
                    return Err(format!(
                        "Hash {v} MB is more than this machine can give ({free} MB free)"
                    ))
                }
                _ => s.hash_mb = v as usize,
            },
            (OptionId::Threads, OptionValue::Int(v)) => s.threads = v as usize,
            (OptionId::MultiPv, OptionValue::Int(v)) => s.multipv = v as usize,
            (OptionId::MoveOverhead, OptionValue::Int(v)) => s.move_overhead = Duration::from_millis(v),
            (OptionId::SkillLevel, OptionValue::Int(v)) => self.opts.skill_level = v as u32,
            (OptionId::UciLimitStrength, OptionValue::Bool(b)) => self.opts.limit_strength = b,
            (OptionId::UciElo, OptionValue::Int(v)) => self.opts.elo = v as u32,
            (OptionId::Tune, OptionValue::Bool(b)) => {
                self.opts.tune = b;
                if !b {
                    self.opts.params = SearchParams::DEFAULT;
                    self.opts.weights = self.opts.file_weights;
                    self.opts.weights4 = Weights4::DEFAULT;
                }
            }
            (OptionId::WeightsFile, OptionValue::Text(path)) => self.set_weights_file(&path)?,
            (OptionId::RandomSeed, OptionValue::Int(v)) => {
                self.opts.random_seed = v;
                s.seed = game_seed(v);
            }
            (OptionId::Ponder, OptionValue::Bool(b)) => self.opts.ponder = b,
            (OptionId::UciVariant, OptionValue::Text(name)) => self.set_variant(&name)?,
            (OptionId::RoundLimit, OptionValue::Int(v)) => self.opts.round_limit = v as u16,
            (OptionId::CatalogueFile, OptionValue::Text(path)) => self.set_catalogue(&path)?,
            (OptionId::ForceRule, OptionValue::Text(name)) => {
                self.opts.force_rule = ForceRule::from_name(&name).expect("the declared names are the rules' names")
            }
            (OptionId::DebugLogFile, OptionValue::Text(path)) => self
                .out
                .set_log_file(&path)
                .map_err(|e| format!("Debug Log File: cannot open '{path}': {e}"))?,
            (id, v) => unreachable!("{id:?} declared with another type than {v:?}"),
        }
        Ok(())
    }

    /// `UCI_Variant` (F39): a change of variant resets the game to that variant's start; the variant the
    /// engine already plays changes nothing.
    fn set_variant(&mut self, name: &str) -> Result<(), String> {
        let four = name == options::VARIANT4;
        if four == self.four.is_some() {
            return Ok(());
        }
        if four {
            let g = self
                .start4(self.cat)
                .map_err(|e| format!("UCI_Variant: {name} cannot start with this catalogue: {e}"))?;
            self.four = Some(Box::new(g));
        } else {
            let p = Position::startpos(self.cat)
                .map_err(|e| format!("UCI_Variant: {name} cannot start with this catalogue: {e}"))?;
            self.game = Game::new(p);
            self.four = None;
        }
        Ok(())
    }

    /// `Weights File`: a bad file is refused whole and the previous weights stay; a
    /// loaded one replaces every weight, `Tune_` changes included.
    fn set_weights_file(&mut self, path: &str) -> Result<(), String> {
        let weights = if path.is_empty() {
            Weights::DEFAULT
        } else {
            let text = crate::catalogue_file::read_text(std::path::Path::new(path))
                .map_err(|e| file_error("Weights File", path, e))?;
            Weights::from_text(&text).map_err(|e| format!("Weights File: '{path}' refused: {e}"))?
        };
        self.opts.file_weights = weights;
        self.opts.weights = weights;
        Ok(())
    }

    /// `Catalogue File`: a bad file is refused whole and the previous catalogue stays.
    fn set_catalogue(&mut self, path: &str) -> Result<(), String> {
        let cat = if path.is_empty() {
            Catalogue::builtin()
        } else {
            crate::catalogue_file::load(std::path::Path::new(path))
                .map_err(|e| file_error("Catalogue File", path, e))?
                .intern()
        };
        if let Some(g) = self.four.as_deref() {
            let g = self.replay4_on(g, cat, path)?;
            self.four = Some(Box::new(g));
            self.cat = cat;
            return Ok(());
        }
        // Replay the game on the new catalogue; failing that, its start position.
        if let Some(g) = self.game.replay_on(cat) {
            self.game = g;
        } else {
            let start = Position::startpos(cat).map_err(|e| {
                format!("Catalogue File: '{path}' refused: the current game and the start position do not fit it ({e})")
            })?;
            self.game = Game::new(start);
            self.out.line(&format::info_string(
                "the current position does not fit the new catalogue; reset to startpos",
            ));
        }
        self.cat = cat;
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

    /// One force of `position startpos forces`, resolved and checked under the `Force Rule` (R28, R29); `who`
    /// names its player or seat in the error.
    fn force(&self, w: &ForceWords, who: &str) -> Result<Force, String> {
        let m: Vec<&str> = w.maseitai.iter().map(String::as_str).collect();
        let f = Force::from_words(&w.navia, &m, self.cat)
            .and_then(|f| validate(&f, self.opts.force_rule, self.cat).map(|()| f));
        f.map_err(|e| format!("position: bad force for {who}: {e}"))
    }

    /// `startpos forces`: each force resolved and checked under the `Force Rule` (R28, R29), then the setup (R7).
    fn forces_start(&self, words: &[ForceWords]) -> Result<Position, String> {
        let [first, second] = words else {
            return Err(format!(
                "position: forces takes two forces, first player first (<navia>:<maseitai>,…), got {}",
                words.len()
            ));
        };
        let (first, second) = (
            self.force(first, "the first player")?,
            self.force(second, "the second player")?,
        );
        start_position(&first, &second, self.cat).map_err(|e| format!("position: {e}"))
    }

    /// `go draft`: `info string` lines with every candidate's scores, best first, then `bestpick` for the one
    /// whose pick it is: a player of the duel (R30) or a seat in snake order (F11); `who` names it.
    fn draft<P: Picker>(&self, pool: &[String], picks: &[String], who: impl Fn(P) -> String) {
        let kinds = |ws: &[String]| {
            ws.iter()
                .map(|w| find_piece(w, self.cat))
                .collect::<Result<Vec<_>, _>>()
        };
        let draft = kinds(pool)
            .and_then(|p| Ok((p, kinds(picks)?)))
            .and_then(|(p, k)| DraftOf::<P>::new(p, k, self.cat));
        let draft = match draft {
            Ok(d) => d,
            Err(e) => return self.error(&format!("go draft: {e}")),
        };
        let Some(picker) = draft.to_pick() else {
            return self.out.lines(format::draft_complete(draft.picks().len()));
        };
        let ranked = rank_picks(&draft, self.cat);
        // A draft always leaves at least two pieces before the last pick, so `ranked` is not empty.
        // Skill Level 0 picks at random, drawn from the session's seed and the draft so far.
        let at = if self.opts.search.skill_level == 0 && !ranked.is_empty() {
            let seed = self.opts.search.seed ^ (picks.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            Rng::new(seed).below(ranked.len())
        } else {
            0
        };
        self.out
            .lines(format::draft_answer(&ranked, ranked.get(at), &who(picker), self.cat));
    }

    fn query(&self, q: Query) {
        let to_move = self.game.position().side_to_move();
        match format::query_answer(q, self.game.result(), to_move) {
            Some(answer) => self.out.line(&answer),
            None => self.error(&format::four_player_word("query", q.word())),
        }
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
        self.out.lines(format::diagram(&self.game));
    }

    /// `perft`: one line per root move, sorted, then the total; `stop` ends it at any depth.
    fn perft(&self, depth: u32, full: bool, signals: &Signals) -> Vec<String> {
        let start = Instant::now();
        let pos = self.game.position();
        if depth == 0 {
            return vec![format::nodes_searched(1)];
        }
        let actions = self.game.legal_actions();
        let mut counts = Vec::with_capacity(actions.len());
        for a in &actions {
            match perft::perft_until(&pos.play(a), depth - 1, !full, &signals.stop) {
                Some(n) => counts.push((action_text(a, pos.catalogue()), n)),
                None => return vec![format::perft_stopped(counts.len(), actions.len())],
            }
        }
        let elapsed = start.elapsed();
        counts.sort();
        let mode = if full {
            format::PERFT_FULL
        } else {
            format::PERFT_COUNTED
        };
        format::perft_answer(depth, mode, &counts, elapsed)
    }

    /// `bench [depth]`, the duel's or in `naviadratp4` the four-seat player's: its progress as `info string`, then
    /// the totals (of the positions done, after `stop`).
    fn bench(&self, depth: Option<u32>, signals: &Signals) -> Vec<String> {
        let mut info = |s: &str| self.out.line(&format::info_string(s));
        let (nodes, time) = if self.four.is_some() {
            bench4(depth, &signals.stop, &mut info)
        } else {
            bench_until(depth.unwrap_or(BENCH_DEPTH), signals, &mut info)
        };
        format::bench_totals(nodes, time)
    }

    /// The search's limits for `go` in `root`; a `searchmoves` move that is not legal gets an error line.
    fn go_limits(&self, p: &GoParams, root: &Position) -> Limits {
        let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
        let mut searchmoves = Vec::new();
        for m in &p.searchmoves {
            match parse_action(m, root) {
                Ok(a) => searchmoves.push(a),
                Err(e) => self.error(&format!("go searchmoves: {e}")),
            }
        }
        let (time, inc) = p.duel_clock();
        Limits {
            time: time.map(|t| t.map(ms)),
            inc: inc.map(|t| t.map(ms)),
            movestogo: p.movestogo,
            movetime: p.movetime.map(ms),
            depth: p.depth,
            nodes: p.nodes,
            mate: p.mate,
            infinite: p.until_stop(),
            ponder: p.ponder,
            searchmoves,
        }
    }

    /// `go`: runs the search, printing its `info` lines; returns the final `info` and `bestmove`.
    /// The search's contract (a legal `best` while the game goes on, a legal PV and
    /// ponder move) is trusted and checked in debug builds.
    fn go(&mut self, p: &GoParams, signals: &Signals) -> Vec<String> {
        let started = Instant::now();
        // The duel does not know naviadratp4's words: a bad `go`, answered as `go depth 1` (protocol.md).
        let depth_1 = GoParams {
            depth: Some(1),
            ..GoParams::default()
        };
        let p = match p.four_player_word() {
            Some(w) => {
                self.error(&format::four_player_word("go", w));
                &depth_1
            }
            None => p,
        };
        let root = *self.game.position();
        let cat = root.catalogue();
        let limits = self.go_limits(p, &root);
        if let Some(r) = self.game.result() {
            signals.wait_release(&limits);
            return game_over_answer(r, root.side_to_move());
        }
        self.searcher.prepare();
        let mut last_pv1: Option<Info> = None;
        let out = &self.out;
        let result = self.searcher.search(&self.game, &limits, signals, &mut |info: &Info| {
            debug_assert!(legal_line(&root, &info.pv), "the search's PV is legal");
            out.line(&info_line(info, cat));
            if info.multipv == 1 {
                last_pv1 = Some(info.clone());
            }
        });
        let best = result.best.expect("the search returns a move while the game goes on");
        debug_assert!(root.is_legal(&best), "the search's move is legal");
        let after = root.play(&best);
        debug_assert!(
            result.ponder.is_none_or(|p| legal_line(&after, &[p])),
            "the ponder move is legal"
        );
        let elapsed = started.elapsed();
        let nps = (result.nodes as u128 * 1000 / elapsed.as_millis().max(1)) as u64;
        // The final info: none needed when the search's own last line already says it all;
        // else the last full line again with the final counts, or the move alone.
        let mut last = match last_pv1 {
            Some(info) if info.pv.first() == Some(&best) && info.nodes >= result.nodes => Vec::new(),
            Some(mut info) if info.pv.first() == Some(&best) => {
                info.nodes = result.nodes;
                info.time = elapsed;
                info.nps = nps;
                vec![info_line(&info, cat)]
            }
            _ => {
                let mut pv = vec![best];
                pv.extend(result.ponder);
                vec![format::move_info(result.nodes, nps, elapsed, &pv, cat)]
            }
        };
        // Only the UCI dialect names a ponder move after `bestmove`.
        let ponder = result.ponder.filter(|_| self.dialect == Dialect::Uci);
        last.push(format::bestmove(
            &best,
            cat,
            ponder.as_ref().map(|p| (p, after.catalogue())),
        ));
        last
    }
}

/// The seed of the weak skill levels for a new game: `Random Seed` when it is
/// set, else drawn from the clock and the process, so games differ.
fn game_seed(fixed: u64) -> u64 {
    if fixed != 0 {
        return fixed;
    }
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}

/// The error line's text for a file option whose file was not loaded.
fn file_error(option: &str, path: &str, e: crate::catalogue_file::LoadError) -> String {
    match e {
        crate::catalogue_file::LoadError::Unreadable(why) => format!("{option}: cannot read '{path}': {why}"),
        other => format!("{option}: '{path}' refused: {other}"),
    }
}

/// Free memory in MiB as the kernel reports it (`MemAvailable`), where it does.
fn available_mb() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// Whether `line` is legal move after move from `root` (the search's promise for its PV).
fn legal_line(root: &Position, line: &[Action]) -> bool {
    let mut pos = *root;
    for a in line {
        if !pos.is_legal(a) {
            return false;
        }
        pos = pos.play(a);
    }
    true
}
