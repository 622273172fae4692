//! The page's files, embedded in the binary so that it runs from anywhere.

const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/board.js"),
    ),
    (
        "compass.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/compass.js"),
    ),
    (
        "engine.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/engine.js"),
    ),
    (
        "game.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/game.js"),
    ),
    (
        "entry.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/entry.js"),
    ),
    (
        "nfen.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/nfen.js"),
    ),
    (
        "pgn.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/pgn.js"),
    ),
    (
        "app4.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app4.js"),
    ),
    (
        "nfen4.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/nfen4.js"),
    ),
    (
        "cross.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/cross.js"),
    ),
    (
        "round4.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/round4.js"),
    ),
];

/// The MIME type and contents of an embedded file, by name.
pub fn find(name: &str) -> Option<(&'static str, &'static str)> {
    FILES
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, mime, body)| (*mime, *body))
}
