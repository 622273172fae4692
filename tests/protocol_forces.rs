//! Forces and draft over the protocol, through pipes (R28–R31): `position
//! startpos forces`, the `Force Rule` option and `go draft` → `bestpick`.

mod engine_pipe;

use engine_pipe::Engine;

use dratp::rules::forces::Draft;
use dratp::rules::{Catalogue, Kind};

const TWO_FORCES: &str = "N03:M15,M16,M17,M18,M19,M20,M20 Krra:Troll,M44,HamulusGaruda,M02,M02,M43,M42";

#[test]
fn position_with_forces_sets_navias_and_keeps() {
    let mut e = Engine::start();
    e.send(&format!("position startpos forces {TWO_FORCES}"));
    assert_eq!(
        e.d_line("Keeps: "),
        "M15,M16,M17,M18,M19,M20,M20/M01,M02,M02,M03,M42,M43,M44"
    );
    assert_eq!(
        e.d_line("Fen: "),
        "1r1[n04]1r1/bbbbbbb/7/7/7/BBBBBBB/1R1[N03]1R1 w 0/0 \
         M15,M16,M17,M18,M19,M20,M20/M01,M02,M02,M03,M42,M43,M44 -/- - 1"
    );
    // Moves follow the forces as after startpos; a summon takes a piece from the new keep.
    e.send(&format!("position startpos forces {TWO_FORCES} moves M17@a1 c6c5"));
    assert_eq!(
        e.d_line("Keeps: "),
        "M15,M16,M18,M19,M20,M20/M01,M02,M02,M03,M42,M43,M44"
    );
    e.send("go depth 1");
    let answer = e.until(|l| l.starts_with("bestmove"));
    assert!(!answer.last().unwrap().contains("(none)"), "{answer:?}");
    assert!(e.sync().is_empty());
    e.quit();
}

#[test]
fn bad_forces_are_refused_and_the_position_kept() {
    let mut e = Engine::start();
    e.send("position startpos moves c2c3");
    let before = e.d_line("Fen: ");
    for (cmd, error) in [
        (
            "position startpos forces N01:M01,M01,M01,M02,M03,M04,M05 N02:M08,M09,M10,M11,M12,M13,M14",
            "info string error: position: bad force for the first player: M01 appears 3 times; the standard rule allows at most 2 (R28)",
        ),
        (
            "position startpos forces N01:M01,M02,M03,M04,M05,M06,M07 N02:M08,M09",
            "info string error: position: bad force for the second player: 2 Maseitai; a force has exactly 7 (R6)",
        ),
        (
            "position startpos forces N01:M01,M02,M03,M04,M05,M06,M99 N02:M08,M09,M10,M11,M12,M13,M14",
            "info string error: position: bad force for the first player: unknown piece 'M99': not an id, name or alias in the catalogue",
        ),
        (
            "position startpos forces M01:M02,M03,M04,M05,M06,M07,M08 N02:M08,M09,M10,M11,M12,M13,M14",
            "info string error: position: bad force for the first player: M01 is a Maseitai, not a Navia",
        ),
        (
            "position startpos forces N01:M01,M02,M03,M04,M05,M06,M07",
            "info string error: position: forces takes two forces, first player first (<navia>:<maseitai>,…), got 1",
        ),
        (
            "position startpos forces N01:M01,,M03 N02:M08",
            "info string error: position: bad force 'N01:M01,,M03': expected <navia>:<maseitai>,<maseitai>,… (ids or names, no empty item)",
        ),
        (
            "position startpos forces N01:M01,M02,M03,M04,M05,M06,M07 N02:M08,M09,M10,M11,M12,M13,M14 moves c2c4",
            "info string error: illegal move 'c2c4' at index 0: not a legal action here",
        ),
    ] {
        e.send(cmd);
        assert_eq!(e.sync(), vec![error.to_string()], "{cmd}");
        assert_eq!(e.d_line("Fen: "), before, "{cmd}");
    }
    e.quit();
}

#[test]
fn force_rule_option_switches_to_singleton() {
    let mut e = Engine::start();
    e.send("uci");
    let l = e.until(|l| l == "uciok");
    assert!(
        l.contains(&"option name Force Rule type combo default standard var standard var singleton".to_string()),
        "{l:?}"
    );
    let doubled = "position startpos forces N01:M01,M01,M02,M03,M04,M05,M06 N02:M08,M09,M10,M11,M12,M13,M14";
    e.send(doubled);
    assert!(e.sync().is_empty());
    assert_eq!(
        e.d_line("Keeps: "),
        "M01,M01,M02,M03,M04,M05,M06/M08,M09,M10,M11,M12,M13,M14"
    );
    e.send("setoption name Force Rule value Singleton");
    e.send("position startpos");
    e.send(doubled);
    assert_eq!(
        e.sync(),
        vec![
            "info string error: position: bad force for the first player: M01 appears 2 times; the singleton rule allows at most 1 (R29)"
                .to_string()
        ]
    );
    assert_eq!(
        e.d_line("Keeps: "),
        "M01,M02,M03,M04,M05,M06,M07/M08,M09,M10,M11,M12,M13,M14"
    );
    e.send("setoption name Force Rule value draft");
    assert_eq!(
        e.sync(),
        vec!["info string error: setoption: Force Rule takes standard or singleton".to_string()]
    );
    e.quit();
}

fn k(cat: &Catalogue, id: &str) -> Kind {
    cat.find_by_name(id).unwrap()
}

#[test]
fn go_draft_answers_a_legal_pick_for_the_side_to_pick() {
    let cat = Catalogue::builtin();
    let pool: Vec<String> = (16..=30).map(|i| format!("M{i:02}")).collect();
    let mut e = Engine::start();
    let mut picks: Vec<String> = Vec::new();
    // A whole draft, the engine picking for both sides in turn (R30).
    for n in 0..14 {
        e.send(&format!("go draft pool {} picks {}", pool.join(" "), picks.join(" ")));
        let lines = e.until(|l| l.starts_with("bestpick"));
        let best = lines.last().unwrap().strip_prefix("bestpick ").unwrap().to_string();
        let kinds = |v: &[String]| v.iter().map(|w| k(cat, w)).collect::<Vec<_>>();
        let d = Draft::new(kinds(&pool), kinds(&picks), cat).unwrap();
        assert!(
            d.left().contains(&k(cat, &best)),
            "pick {n}: {best} not left: {lines:?}"
        );
        let side = if n % 2 == 0 { "p1" } else { "p2" };
        let mut left = d.left();
        left.dedup();
        // One `info string pick` line per distinct piece left, the best first.
        let scored: Vec<&String> = lines.iter().filter(|l| l.starts_with("info string pick ")).collect();
        assert_eq!(scored.len(), left.len(), "{lines:?}");
        assert!(
            scored[0].starts_with(&format!("info string pick {best} score ")),
            "{lines:?}"
        );
        assert!(
            scored.iter().all(|l| l.contains(&format!(" side {side} "))),
            "{lines:?}"
        );
        picks.push(best);
    }
    e.send(&format!("go draft pool {} picks {}", pool.join(" "), picks.join(" ")));
    assert_eq!(
        e.until(|l| l.starts_with("bestpick")).last().unwrap(),
        "bestpick (none)"
    );
    // Names work as ids do.
    e.send("go draft pool Troll M02 M03 M04 M05 M06 M07 M08 M09 M10 M11 M12 M13 M14 M15 picks Agunilyos TinyKiggoshi");
    let l = e.until(|l| l.starts_with("bestpick"));
    assert!(
        !["bestpick M02", "bestpick M07"].contains(&l.last().unwrap().as_str()),
        "{l:?}"
    );
    e.quit();
}

#[test]
fn bad_drafts_get_one_error_line_and_no_search() {
    let mut e = Engine::start();
    let pool = "M01 M02 M03 M04 M05 M06 M07 M08 M09 M10 M11 M12 M13 M14 M15";
    for (cmd, error) in [
        ("go draft", "go draft: expected 'pool <15 pieces> [picks <pieces>]'"),
        (
            "go draft pool M01 M02",
            "go draft: a draft pool holds 15 Maseitai, got 2 (R30)",
        ),
        (
            &format!("go draft pool {pool} picks M20") as &str,
            "go draft: pick 0 (M20) is not left in the pool",
        ),
        (
            &format!("go draft pool {pool} picks M01 M01"),
            "go draft: pick 1 (M01) is not left in the pool",
        ),
        (
            &format!("go draft pool {pool} picks Bogus"),
            "go draft: unknown piece 'Bogus': not an id, name or alias in the catalogue",
        ),
        (
            "go draft pool M01 M01 M01 M04 M05 M06 M07 M08 M09 M10 M11 M12 M13 M14 M15",
            "go draft: M01 appears 3 times in the pool; at most 2, so every drafted force is standard (R28, R30)",
        ),
        (
            &format!("go draft pool {pool} picks M01 pool M02"),
            "go draft: 'pool' given twice",
        ),
    ] {
        e.send(cmd);
        assert_eq!(e.sync(), vec![format!("info string error: {error}")], "{cmd}");
    }
    e.quit();
}
