//! Forces and team-building modes (R28–R31, F11) at the rules level: validation,
//! the start position they give, random forces, drafts and the pick policy.

use dratp::rules::forces::{
    random_draft_pool, random_force, start_position, validate, Draft, Force, ForceError, ForceRule, DRAFT_PICKS,
    DRAFT_POOL_SIZE, FORCE_SIZE,
};
use dratp::rules::{nfen, Catalogue, Kind, Position, Side, START_NFEN};
use dratp::search::draft::{best_pick, dearest_pick, rank_picks};

fn cat() -> &'static Catalogue {
    Catalogue::builtin()
}

fn k(word: &str) -> Kind {
    cat().find_by_name(word).unwrap_or_else(|| panic!("no piece {word}"))
}

fn force(navia: &str, maseitai: &[&str]) -> Force {
    Force::from_words(navia, maseitai, cat()).unwrap_or_else(|e| panic!("{navia} {maseitai:?}: {e}"))
}

fn starter1() -> Force {
    force("N01", &["M01", "M02", "M03", "M04", "M05", "M06", "M07"])
}

fn starter2() -> Force {
    force("N02", &["M08", "M09", "M10", "M11", "M12", "M13", "M14"])
}

#[test]
fn the_starter_sets_give_the_default_start() {
    // R31: the default match-up is Starter Set 1 against Starter Set 2, set up as R7.
    let p = start_position(&starter1(), &starter2(), cat()).unwrap();
    assert_eq!(nfen(&p), START_NFEN);
    assert_eq!(p, Position::startpos(cat()).unwrap());
}

/// The default start is built from the catalogue's Starter forces, so a catalogue without one of them gives a
/// force error naming the piece, not an NFEN error (issue 12.2).
#[test]
fn a_catalogue_without_a_starter_piece_has_no_default_start() {
    let text = dratp::rules::catalogue::BUILTIN_TEXT;
    let at = text.find("piece M14").unwrap();
    let end = at + text[at..].find("\nend").unwrap() + "\nend".len();
    let cut = format!("{}{}", &text[..at], &text[end..]);
    let small = Catalogue::parse(&cut).unwrap().intern();
    assert_eq!(
        Position::startpos(small).unwrap_err(),
        ForceError::Unknown("M14".into())
    );
    assert_eq!(nfen(&Position::startpos(cat()).unwrap()), START_NFEN);
}

#[test]
fn start_position_puts_the_forces_navias_and_keeps() {
    let a = force("Io", &["M15", "M16", "M17", "M18", "M19", "M20", "M20"]);
    let b = force("krra", &["Troll", "M44", "Hamulus Garuda", "M02", "M02", "M43", "M42"]);
    let p = start_position(&a, &b, cat()).unwrap();
    assert_eq!(
        nfen(&p),
        "1r1[n04]1r1/bbbbbbb/7/7/7/BBBBBBB/1R1[N03]1R1 w 0/0 \
         M15,M16,M17,M18,M19,M20,M20/M01,M02,M02,M03,M42,M43,M44 -/- - 1"
    );
    assert!(!p.legal_actions().is_empty());
    assert_eq!(a.text(cat()), "N03:M15,M16,M17,M18,M19,M20,M20");
    assert_eq!(b.text(cat()), "N04:M01,M02,M02,M03,M42,M43,M44");
}

#[test]
fn names_and_aliases_resolve_to_ids() {
    let by_name = force(
        "Navia Estelle",
        &[
            "troll",
            "Agunilyos",
            "HamulusGaruda",
            "Garrison",
            "Netol",
            "Gundrill",
            "Tiny Kiggoshi",
        ],
    );
    assert_eq!(by_name, starter1());
    assert_eq!(
        Force::from_words("N09", &["M01"], cat()),
        Err(ForceError::Unknown("N09".into()))
    );
    assert_eq!(
        Force::from_words("N01", &["M01", "Bogus"], cat()),
        Err(ForceError::Unknown("Bogus".into()))
    );
    assert_eq!(
        Force::from_words("M01", &["M02"], cat()),
        Err(ForceError::NotNavia("M01".into()))
    );
    assert_eq!(
        Force::from_words("N01", &["M02", "N02"], cat()),
        Err(ForceError::NotMaseitai("N02".into()))
    );
}

#[test]
fn a_force_has_exactly_seven_maseitai() {
    // R6.
    for n in [0, 1, 6, 8, 14] {
        let m: Vec<String> = (1..=n).map(|i| format!("M{:02}", i)).collect();
        let words: Vec<&str> = m.iter().map(String::as_str).collect();
        let f = Force::from_words("N01", &words, cat()).unwrap();
        for rule in ForceRule::ALL {
            assert_eq!(validate(&f, rule, cat()), Err(ForceError::Size(n)), "{n} Maseitai");
        }
    }
    let err = validate(&force("N01", &["M01"; 6]), ForceRule::Standard, cat()).unwrap_err();
    assert_eq!(err.to_string(), "6 Maseitai; a force has exactly 7 (R6)");
}

#[test]
fn standard_allows_two_copies_singleton_one() {
    let two = force("N01", &["M01", "M01", "M02", "M03", "M04", "M05", "M06"]);
    // R28: a Maseitai may appear twice.
    assert_eq!(validate(&two, ForceRule::Standard, cat()), Ok(()));
    // R29: every Maseitai at most once.
    let e = validate(&two, ForceRule::Singleton, cat()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "M01 appears 2 times; the singleton rule allows at most 1 (R29)"
    );
    let three = force("N01", &["M05", "M02", "M05", "M03", "M04", "M05", "M06"]);
    let e = validate(&three, ForceRule::Standard, cat()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "M05 appears 3 times; the standard rule allows at most 2 (R28)"
    );
    assert_eq!(validate(&starter1(), ForceRule::Singleton, cat()), Ok(()));
    // A force the standard rule refuses cannot start a game.
    assert!(matches!(
        start_position(&three, &starter2(), cat()),
        Err(ForceError::Copies { .. })
    ));
    assert_eq!(ForceRule::from_name("SINGLETON"), Some(ForceRule::Singleton));
    assert_eq!(ForceRule::from_name("draft"), None);
}

#[test]
fn random_forces_are_valid_and_reproducible() {
    for rule in ForceRule::ALL {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..200 {
            let f = random_force(rule, cat(), seed).unwrap();
            assert_eq!(validate(&f, rule, cat()), Ok(()), "seed {seed}: {}", f.text(cat()));
            assert_eq!(random_force(rule, cat(), seed).unwrap(), f, "seed {seed}");
            start_position(&f, &random_force(rule, cat(), seed + 1000).unwrap(), cat()).unwrap();
            seen.insert(f.text(cat()));
        }
        // The whole catalogue is drawn from, not a fixed few forces.
        assert!(seen.len() > 190, "{} distinct forces", seen.len());
    }
    // Stable across machines and versions: the match runner's seeds name these forces.
    assert_eq!(
        random_force(ForceRule::Standard, cat(), 1).unwrap().text(cat()),
        "N02:M06,M06,M20,M23,M32,M33,M36"
    );
    assert_eq!(
        random_force(ForceRule::Singleton, cat(), 1).unwrap().text(cat()),
        "N02:M09,M20,M31,M33,M36,M42,M44"
    );
    let singleton_dups = (0..500)
        .map(|s| random_force(ForceRule::Singleton, cat(), s).unwrap())
        .filter(|f| validate(f, ForceRule::Singleton, cat()).is_err())
        .count();
    assert_eq!(singleton_dups, 0);
    // Standard forces do repeat pieces sometimes (two copies in the supply).
    assert!((0..500).any(|s| validate(
        &random_force(ForceRule::Standard, cat(), s).unwrap(),
        ForceRule::Singleton,
        cat()
    )
    .is_err()));
}

#[test]
fn a_catalogue_too_small_for_a_rule_is_an_error() {
    let text = dratp::rules::catalogue::BUILTIN_TEXT;
    // Keep the Navias and the first three Maseitai only.
    let cut = text.find("piece M04").unwrap();
    let small = Catalogue::parse(&text[..cut]).unwrap().intern();
    assert!(matches!(
        random_force(ForceRule::Singleton, small, 1),
        Err(ForceError::Catalogue(..))
    ));
    // Standard: 3 pieces × 2 copies = 6 < 7.
    assert!(random_force(ForceRule::Standard, small, 1).is_err());
    assert!(random_draft_pool(small, 1).is_err());
}

fn pool_words() -> Vec<Kind> {
    (1..=15).map(|i| k(&format!("M{i:02}"))).collect()
}

#[test]
fn drafts_alternate_and_check_the_pool() {
    // R30: first player first, turn about, 14 picks, the 15th set aside.
    let mut d = Draft::new(pool_words(), vec![k("M02"), k("M07")], cat()).unwrap();
    assert_eq!(d.to_pick(), Some(Side::White));
    assert_eq!(d.picked(Side::White), vec![k("M02")]);
    assert_eq!(d.picked(Side::Black), vec![k("M07")]);
    assert_eq!(d.left().len(), 13);
    assert!(!d.pick(k("M02")), "M02 was picked already");
    assert!(!d.pick(k("M20")), "M20 is not in the pool");
    assert!(d.pick(k("M01")));
    assert_eq!(d.to_pick(), Some(Side::Black));
    while let Some(&next) = d.left().first() {
        if !d.pick(next) {
            break;
        }
    }
    assert_eq!(d.picks().len(), DRAFT_PICKS);
    assert_eq!(d.to_pick(), None);
    assert_eq!(d.left().len(), DRAFT_POOL_SIZE - DRAFT_PICKS);
    let [a, b] = d.forces([k("N01"), k("N02")]).unwrap();
    validate(&a, ForceRule::Standard, cat()).unwrap();
    validate(&b, ForceRule::Standard, cat()).unwrap();
    start_position(&a, &b, cat()).unwrap();

    let err = |pool: Vec<Kind>, picks: Vec<Kind>| Draft::new(pool, picks, cat()).unwrap_err().to_string();
    assert_eq!(
        err(pool_words()[..14].to_vec(), vec![]),
        "a draft pool holds 15 Maseitai, got 14 (R30)"
    );
    let mut triple = pool_words();
    triple[1] = k("M01");
    triple[2] = k("M01");
    assert_eq!(
        err(triple, vec![]),
        "M01 appears 3 times in the pool; at most 2, so every drafted force is standard (R28, R30)"
    );
    assert_eq!(
        err(pool_words(), vec![k("M01"), k("M01")]),
        "pick 1 (M01) is not left in the pool"
    );
    assert_eq!(
        err(pool_words(), vec![k("M20")]),
        "pick 0 (M20) is not left in the pool"
    );
    assert_eq!(err(pool_words(), pool_words()), "15 picks; a draft has 14 (R30)");
    let mut with_navia = pool_words();
    with_navia[0] = k("N01");
    assert_eq!(err(with_navia, vec![]), "N01 is a Navia, not a Maseitai");
    // Two copies may be drawn and both picked.
    let mut twice = pool_words();
    twice[1] = k("M01");
    let d = Draft::new(twice, vec![k("M01"), k("M01")], cat()).unwrap();
    assert_eq!(d.picked(Side::Black), vec![k("M01")]);
}

#[test]
fn random_draft_pools_are_valid_and_reproducible() {
    for seed in 0..100 {
        let p = random_draft_pool(cat(), seed).unwrap();
        assert_eq!(p.len(), DRAFT_POOL_SIZE);
        assert_eq!(random_draft_pool(cat(), seed).unwrap(), p);
        Draft::new(p, vec![], cat()).unwrap();
    }
    assert_ne!(
        random_draft_pool(cat(), 1).unwrap(),
        random_draft_pool(cat(), 2).unwrap()
    );
}

#[test]
fn the_policy_picks_a_legal_piece_for_the_side_to_pick() {
    let d = Draft::new(pool_words(), vec![k("M02"), k("M07"), k("M09")], cat()).unwrap();
    let ranked = rank_picks(&d, cat());
    let mut left = d.left();
    left.dedup();
    // Every distinct piece left is scored once, best first.
    assert_eq!(ranked.len(), left.len());
    assert!(ranked.windows(2).all(|w| w[0].score >= w[1].score));
    let best = best_pick(&d, cat()).unwrap();
    assert_eq!(best, ranked[0].kind);
    assert!(d.left().contains(&best));
    // The baseline takes the dearest piece left: Moses (10) once Agunilyos, Tiny Kiggoshi and Gilgame II are gone.
    assert_eq!(dearest_pick(&d, cat()), Some(k("M10")));
    let full = Draft::new(pool_words(), pool_words()[..14].to_vec(), cat()).unwrap();
    assert_eq!(best_pick(&full, cat()), None);
    assert_eq!(dearest_pick(&full, cat()), None);
    assert!(rank_picks(&full, cat()).is_empty());
}

#[test]
fn a_whole_draft_by_the_policy_gives_two_standard_forces() {
    let pool = random_draft_pool(cat(), 7).unwrap();
    let mut d = Draft::new(pool, vec![], cat()).unwrap();
    while let Some(p) = best_pick(&d, cat()) {
        assert!(d.pick(p));
    }
    let [a, b] = d.forces([k("N01"), k("N02")]).unwrap();
    assert_eq!(a.maseitai.len(), FORCE_SIZE);
    assert_eq!(b.maseitai.len(), FORCE_SIZE);
    start_position(&a, &b, cat()).unwrap();
}

#[test]
fn a_whole_four_seat_draft_by_the_policy_gives_four_standard_forces() {
    // F11: 29 drawn (two copies of each Maseitai at most), 28 picked in snake order, the last set aside.
    let pool: Vec<Kind> = (1..=29).map(|i| k(&format!("M{i:02}"))).collect();
    let mut d = dratp::rules::Draft4::new(pool, vec![], cat()).unwrap();
    let mut order = String::new();
    while let Some(seat) = d.to_pick() {
        let ranked = rank_picks(&d, cat());
        // The best pick leads the ranking, which scores every distinct piece left.
        let mut left = d.left();
        left.dedup();
        assert_eq!(ranked.len(), left.len());
        assert_eq!(best_pick(&d, cat()), Some(ranked[0].kind));
        assert!(d.pick(ranked[0].kind));
        order.push(seat.letter());
    }
    assert_eq!(order, "swneenwsswneenwsswneenwsswne");
    assert_eq!(d.left().len(), 1);
    let forces = d.forces([k("N01"), k("N03"), k("N02"), k("N04")]).unwrap();
    for f in &forces {
        validate(f, ForceRule::Standard, cat()).unwrap();
    }
    let game = dratp::rules::Game4::startpos(cat(), Some(&forces), 200).unwrap();
    assert_eq!(game.state().phase(), dratp::rules::Phase::Decision);
    // The policy spreads the dearest pieces: South's first pick is the dearest in the pool.
    let dearest = (1..=29)
        .map(|i| k(&format!("M{i:02}")))
        .max_by_key(|&m| (cat().get(m).cost, std::cmp::Reverse(m)));
    assert_eq!(Some(d.picks()[0]), dearest);
}
