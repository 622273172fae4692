//! The server over real sockets: the page, the Host/Origin check, and engines (the project's scripted fake engine,
//! a real process over pipes) started, relayed, restarted, stopped, crashing and hanging.

use std::net::SocketAddr;
use std::time::Duration;

use dratp_gui::engine::EngineSpec;
use dratp_gui::{router, AppState, MAX_LINE, MAX_MESSAGE};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

fn fake(args: &str) -> EngineSpec {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/fake_engine.py");
    EngineSpec::parse(&format!("python3 {script} {args}")).unwrap()
}

/// Serves the app on a free loopback port with engines 0: a good fake, 1: one crashing at `go`, 2: one hanging.
async fn serve() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let engines = vec![fake(""), fake("--fail crash"), fake("--fail hang")];
    let app = router(AppState::new(engines, addr));
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    addr
}

/// One raw HTTP/1.1 GET with the given headers; returns the status code and the body.
async fn get(addr: SocketAddr, path: &str, headers: &[(&str, String)]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut req = format!("GET {path} HTTP/1.1\r\nConnection: close\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    stream.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    stream.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).into_owned();
    let status = text.split_whitespace().nth(1).unwrap().parse().unwrap();
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

async fn connect(addr: SocketAddr, origin: Option<&str>) -> Result<Ws, String> {
    let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
    if let Some(o) = origin {
        request.headers_mut().insert("Origin", o.parse().unwrap());
    }
    tokio_tungstenite::connect_async(request)
        .await
        .map(|(ws, _)| ws)
        .map_err(|e| e.to_string())
}

async fn send(ws: &mut Ws, value: Value) {
    ws.send(Message::Text(value.to_string().into())).await.unwrap();
}

/// Reads events until one satisfies `pred` (within 20 s); returns it.
async fn wait_for(ws: &mut Ws, pred: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let msg = tokio::time::timeout_at(deadline, ws.next())
            .await
            .expect("no such event in time");
        match msg {
            Some(Ok(Message::Text(t))) => {
                let v: Value = serde_json::from_str(&t).unwrap();
                if pred(&v) {
                    return v;
                }
            }
            Some(Ok(_)) => {}
            other => panic!("socket ended: {other:?}"),
        }
    }
}

fn line_is(v: &Value, slot: &str, line: &str) -> bool {
    v["ev"] == "line" && v["slot"] == slot && v["line"] == line
}

async fn start(ws: &mut Ws, slot: &str, engine: usize) {
    send(ws, json!({"op": "start", "slot": slot, "engine": engine})).await;
    wait_for(ws, |v| v["ev"] == "started" && v["slot"] == slot).await;
    send(ws, json!({"op": "send", "slot": slot, "line": "uci"})).await;
    wait_for(ws, |v| line_is(v, slot, "uciok")).await;
}

#[tokio::test]
async fn serves_the_page_and_its_modules() {
    let addr = serve().await;
    let host = [("Host", addr.to_string())];
    let (status, body) = get(addr, "/", &host).await;
    assert_eq!(status, 200);
    assert!(body.contains(r#"<script type="module" src="/assets/app.js">"#));
    let (status, body) = get(addr, "/assets/entry.js", &host).await;
    assert_eq!(status, 200);
    assert!(body.contains("export function buildEntry"));
    let (status, body) = get(addr, "/assets/game.js", &host).await;
    assert_eq!(status, 200);
    assert!(body.contains("export function timeForfeit"));
    assert_eq!(get(addr, "/assets/nothing.js", &host).await.0, 404);
    let (status, body) = get(addr, "/api/engines", &host).await;
    assert_eq!(status, 200);
    assert!(body.contains(r#""name":"python3""#), "{body}");
    let localhost = [("Host", format!("localhost:{}", addr.port()))];
    assert_eq!(get(addr, "/", &localhost).await.0, 200);
}

#[tokio::test]
async fn refuses_foreign_hosts_and_origins() {
    let addr = serve().await;
    let rebound = [("Host", format!("evil.example:{}", addr.port()))];
    assert_eq!(get(addr, "/", &rebound).await.0, 403);
    assert_eq!(get(addr, "/", &[]).await.0, 403, "no Host at all");
    let foreign = [("Host", addr.to_string()), ("Origin", "http://evil.example".to_owned())];
    assert_eq!(get(addr, "/", &foreign).await.0, 403);
    assert!(
        connect(addr, Some("http://evil.example")).await.is_err(),
        "a foreign page cannot open the socket"
    );
    assert!(connect(addr, Some(&format!("http://{addr}"))).await.is_ok());
}

#[tokio::test]
async fn relays_lines_both_ways_and_starts_restarts_stops() {
    let addr = serve().await;
    let mut ws = connect(addr, None).await.unwrap();
    start(&mut ws, "board", 0).await;
    send(&mut ws, json!({"op": "send", "slot": "board", "line": "isready"})).await;
    wait_for(&mut ws, |v| line_is(v, "board", "readyok")).await;
    send(
        &mut ws,
        json!({"op": "send", "slot": "board", "line": "position startpos"}),
    )
    .await;
    send(
        &mut ws,
        json!({"op": "send", "slot": "board", "line": "go movetime 10"}),
    )
    .await;
    wait_for(&mut ws, |v| line_is(v, "board", "bestmove a2a3")).await;

    // Restart: the same slot gets a fresh process, with no report of a crash for the old one.
    send(&mut ws, json!({"op": "start", "slot": "board", "engine": 0})).await;
    let v = wait_for(&mut ws, |v| v["slot"] == "board" && v["ev"] != "line").await;
    assert_eq!(v["ev"], "started", "{v}");
    send(&mut ws, json!({"op": "send", "slot": "board", "line": "uci"})).await;
    wait_for(&mut ws, |v| line_is(v, "board", "uciok")).await;

    send(&mut ws, json!({"op": "stop", "slot": "board"})).await;
    let v = wait_for(&mut ws, |v| v["slot"] == "board" && v["ev"] != "line").await;
    assert_eq!(v["ev"], "stopped", "{v}");
    send(&mut ws, json!({"op": "send", "slot": "board", "line": "isready"})).await;
    let v = wait_for(&mut ws, |v| v["ev"] == "error").await;
    assert!(v["message"].as_str().unwrap().contains("no engine runs"), "{v}");

    // Engines come only from the command line's list.
    send(&mut ws, json!({"op": "start", "slot": "x", "engine": 7})).await;
    let v = wait_for(&mut ws, |v| v["ev"] == "error").await;
    assert!(v["message"].as_str().unwrap().contains("no engine 7"), "{v}");
    send(&mut ws, json!({"op": "start", "slot": "x", "engine": "/bin/sh"})).await;
    wait_for(&mut ws, |v| v["ev"] == "error").await;
}

#[tokio::test]
async fn refuses_multi_line_injections_and_oversized_lines() {
    let addr = serve().await;
    let mut ws = connect(addr, None).await.unwrap();
    start(&mut ws, "p1", 0).await;
    for line in ["isready\nquit", "isready\rquit", "go\u{0}", "uci\u{85}quit"] {
        send(&mut ws, json!({"op": "send", "slot": "p1", "line": line})).await;
        let v = wait_for(&mut ws, |v| v["ev"] == "error").await;
        assert!(v["message"].as_str().unwrap().contains("control character"), "{v}");
    }
    let long = format!("position startpos moves {}", "a2a3 ".repeat(MAX_LINE / 5));
    send(&mut ws, json!({"op": "send", "slot": "p1", "line": long})).await;
    let v = wait_for(&mut ws, |v| v["ev"] == "error").await;
    assert!(v["message"].as_str().unwrap().contains("at most"), "{v}");
    // The engine got none of it and still answers.
    send(&mut ws, json!({"op": "send", "slot": "p1", "line": "isready"})).await;
    wait_for(&mut ws, |v| line_is(v, "p1", "readyok")).await;
}

#[tokio::test]
async fn closes_the_socket_on_an_oversized_message() {
    let addr = serve().await;
    let mut ws = connect(addr, None).await.unwrap();
    let huge = json!({"op": "send", "slot": "p1", "line": "x".repeat(MAX_MESSAGE + 10)});
    let _ = ws.send(Message::Text(huge.to_string().into())).await;
    let end = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match ws.next().await {
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(
        end.is_ok(),
        "the server must drop a connection that sends an oversized message"
    );
}

#[tokio::test]
async fn reports_a_crashed_engine_and_restarts_it() {
    let addr = serve().await;
    let mut ws = connect(addr, None).await.unwrap();
    start(&mut ws, "p2", 1).await;
    send(
        &mut ws,
        json!({"op": "send", "slot": "p2", "line": "position startpos"}),
    )
    .await;
    send(
        &mut ws,
        json!({"op": "send", "slot": "p2", "line": "go movetime 50", "expect": "bestmove", "timeout_ms": 300}),
    )
    .await;
    let v = wait_for(&mut ws, |v| v["ev"] != "line").await;
    assert_eq!(v["ev"], "exited", "{v}");
    assert!(v["message"].as_str().unwrap().contains("crashed"), "{v}");
    start(&mut ws, "p2", 1).await;
    send(&mut ws, json!({"op": "send", "slot": "p2", "line": "isready"})).await;
    wait_for(&mut ws, |v| line_is(v, "p2", "readyok")).await;
    // The crashed process's unanswered `go` is not reported as a hang of the restarted one.
    let quiet = tokio::time::timeout(Duration::from_millis(800), wait_for(&mut ws, |v| v["ev"] == "trouble")).await;
    assert!(quiet.is_err(), "no hang reported for a crashed engine");
}

#[tokio::test]
async fn reports_a_hanging_engine() {
    let addr = serve().await;
    let mut ws = connect(addr, None).await.unwrap();
    start(&mut ws, "p1", 2).await;
    send(
        &mut ws,
        json!({"op": "send", "slot": "p1", "line": "position startpos"}),
    )
    .await;
    send(
        &mut ws,
        json!({"op": "send", "slot": "p1", "line": "go movetime 50", "expect": "bestmove", "timeout_ms": 300}),
    )
    .await;
    let v = wait_for(&mut ws, |v| v["ev"] != "line").await;
    assert_eq!(v["ev"], "trouble", "{v}");
    assert_eq!(v["kind"], "hang");
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains("did not answer 'bestmove' within 300 ms"),
        "{v}"
    );
    // A reply in time clears the watch: no hang is reported for an engine that answers.
    start(&mut ws, "p1", 0).await;
    send(
        &mut ws,
        json!({"op": "send", "slot": "p1", "line": "isready", "expect": "readyok", "timeout_ms": 400}),
    )
    .await;
    wait_for(&mut ws, |v| line_is(v, "p1", "readyok")).await;
    let quiet = tokio::time::timeout(Duration::from_millis(800), wait_for(&mut ws, |v| v["ev"] == "trouble")).await;
    assert!(quiet.is_err(), "no hang for an engine that answered");
}

/// Without a `dratp` beside it, the GUI starts itself as the engine process: that process must
/// speak the protocol like `dratp` (what `cargo run --bin dratp-gui` on a fresh clone relies on).
#[test]
fn the_gui_binary_runs_as_the_engine_process() {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dratp-gui"))
        .arg("--engine-process")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("dratp-gui starts");
    let mut stdin = child.stdin.take().expect("piped stdin");
    stdin
        .write_all(b"uci\nisready\nposition startpos\ngo depth 2\nquit\n")
        .expect("the engine reads its input");
    drop(stdin);
    let out = child.wait_with_output().expect("the engine ends after quit");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().any(|l| l == "uciok"), "{text}");
    assert!(text.lines().any(|l| l == "readyok"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("bestmove ")), "{text}");
}
