//! `dratp-gui`: serves the page (embedded assets) and relays protocol lines between the browser and engine
//! processes over one WebSocket. The server holds no rules: it only starts the engines named on the command line,
//! passes single lines to them and reports what they print and how they end.

pub mod assets;
pub mod engine;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use tokio::sync::mpsc;

use engine::{check_line, EngineEvent, EngineProc, EngineSpec};

/// Largest WebSocket message the server reads from the browser.
pub const MAX_MESSAGE: usize = 128 * 1024;
/// Longest protocol line passed to an engine (a long game's `position … moves …`).
pub const MAX_LINE: usize = 64 * 1024;
/// Engines one page may run at once: the board keeper, then two players, analysis and a spare, or four seats.
pub const MAX_SLOTS: usize = 6;
/// Longest wait the browser may ask for before a missing reply counts as a hang.
const MAX_EXPECT_MS: u64 = 24 * 3600 * 1000;

/// What the server needs to answer: the engines and the addresses it answers to.
#[derive(Clone)]
pub struct AppState {
    engines: Arc<Vec<EngineSpec>>,
    hosts: Arc<Vec<String>>,
}

impl AppState {
    /// The state for a server listening on `addr`: requests must name that address (or `localhost` for loopback).
    pub fn new(engines: Vec<EngineSpec>, addr: SocketAddr) -> AppState {
        let port = addr.port();
        let mut hosts = vec![format!("{}:{port}", host_text(addr))];
        if addr.ip().is_loopback() {
            hosts.push(format!("localhost:{port}"));
            hosts.push(format!("127.0.0.1:{port}"));
            hosts.push(format!("[::1]:{port}"));
        }
        hosts.dedup();
        AppState {
            engines: Arc::new(engines),
            hosts: Arc::new(hosts),
        }
    }
}

fn host_text(addr: SocketAddr) -> String {
    match addr {
        SocketAddr::V4(a) => a.ip().to_string(),
        SocketAddr::V6(a) => format!("[{}]", a.ip()),
    }
}

/// The application: page, assets, engine list and the WebSocket, behind the Host/Origin check.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/", get(|| async { asset_response("index.html") }))
        .route(
            "/assets/{name}",
            get(|Path(name): Path<String>| async move { asset_response(&name) }),
        )
        .route("/api/engines", get(list_engines))
        .route("/ws", get(ws_upgrade))
        .layer(middleware::from_fn_with_state(state.clone(), same_origin_only))
        .with_state(state)
}

fn asset_response(name: &str) -> Response {
    match assets::find(name) {
        Some((mime, body)) => (
            [(header::CONTENT_TYPE, mime), (header::CACHE_CONTROL, "no-cache")],
            body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

/// Refuses requests whose `Host` is not the server's own address, or whose `Origin` is another site: a page from
/// elsewhere (or a DNS-rebound name) must not reach the engines.
async fn same_origin_only(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if let Err(why) = check_origin(&state, request.headers()) {
        return (StatusCode::FORBIDDEN, why).into_response();
    }
    next.run(request).await
}

fn check_origin(state: &AppState, headers: &HeaderMap) -> Result<(), String> {
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    if !state.hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
        return Err(format!("refused: Host '{host}' is not this server's address"));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("");
        let ok = origin
            .strip_prefix("http://")
            .is_some_and(|o| state.hosts.iter().any(|h| h.eq_ignore_ascii_case(o)));
        if !ok {
            return Err(format!("refused: Origin '{origin}' is not this server"));
        }
    }
    Ok(())
}

async fn list_engines(State(state): State<AppState>) -> Json<serde_json::Value> {
    let list: Vec<_> = state
        .engines
        .iter()
        .enumerate()
        .map(|(i, e)| json!({"id": i, "name": e.name}))
        .collect();
    Json(json!(list))
}

async fn ws_upgrade(State(state): State<AppState>, ws: WebSocketUpgrade) -> Response {
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| session(socket, state))
}

/// One request from the page.
#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "lowercase")]
enum ClientRequest {
    /// Start (or restart) engine `engine` of the list in `slot`.
    Start { slot: String, engine: usize },
    /// Send one line; with `expect` the first word of the awaited reply and `timeout_ms` the wait.
    Send {
        slot: String,
        line: String,
        expect: Option<String>,
        timeout_ms: Option<u64>,
    },
    /// End the engine in `slot`.
    Stop { slot: String },
}

/// Runs one page's engines until the socket closes; every engine of the page ends with it.
async fn session(mut socket: WebSocket, state: AppState) {
    let (tx, mut rx) = mpsc::unbounded_channel::<serde_json::Value>();
    let mut slots: HashMap<String, EngineProc> = HashMap::new();
    loop {
        tokio::select! {
            out = rx.recv() => {
                let Some(value) = out else { break };
                if socket.send(Message::Text(value.to_string().into())).await.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t.to_string(),
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Binary(_))) => {
                        let _ = tx.send(json!({"ev": "error", "message": "binary messages are not read"}));
                        continue;
                    }
                    _ => break,
                };
                if let Err(message) = handle(&text, &state, &mut slots, &tx).await {
                    let _ = tx.send(json!({"ev": "error", "message": message}));
                }
            }
        }
    }
    for (_, proc_) in slots.drain() {
        proc_.stop().await;
    }
}

async fn handle(
    text: &str,
    state: &AppState,
    slots: &mut HashMap<String, EngineProc>,
    tx: &mpsc::UnboundedSender<serde_json::Value>,
) -> Result<(), String> {
    let request: ClientRequest = serde_json::from_str(text).map_err(|e| format!("unreadable request: {e}"))?;
    match request {
        ClientRequest::Start { slot, engine } => {
            check_slot(&slot)?;
            let spec = state
                .engines
                .get(engine)
                .ok_or_else(|| format!("there is no engine {engine}"))?;
            if let Some(old) = slots.remove(&slot) {
                old.stop().await;
            }
            if slots.len() >= MAX_SLOTS {
                return Err(format!("at most {MAX_SLOTS} engines run at once"));
            }
            let (etx, erx) = mpsc::unbounded_channel();
            match EngineProc::start(spec, etx) {
                Ok(p) => {
                    slots.insert(slot.clone(), p);
                    tokio::spawn(forward(slot.clone(), erx, tx.clone()));
                    let _ = tx.send(json!({"ev": "started", "slot": slot, "name": spec.name}));
                }
                Err(e) => {
                    let message = format!("could not start the engine '{}': {e}", spec.argv.join(" "));
                    let _ = tx.send(json!({"ev": "exited", "slot": slot, "message": message}));
                }
            }
        }
        ClientRequest::Send {
            slot,
            line,
            expect,
            timeout_ms,
        } => {
            check_line(&line, MAX_LINE)?;
            let proc_ = slots
                .get_mut(&slot)
                .ok_or_else(|| format!("no engine runs in slot '{slot}'"))?;
            let expect = match (expect, timeout_ms) {
                (Some(word), Some(ms)) => Some((word, Duration::from_millis(ms.min(MAX_EXPECT_MS)))),
                _ => None,
            };
            if let Err(e) = proc_.send(&line, expect).await {
                let message = format!("could not write to the engine: {e}");
                let _ = tx.send(json!({"ev": "trouble", "slot": slot, "kind": "crash", "message": message}));
            }
        }
        ClientRequest::Stop { slot } => {
            if let Some(p) = slots.remove(&slot) {
                p.stop().await;
                let _ = tx.send(json!({"ev": "stopped", "slot": slot}));
            }
        }
    }
    Ok(())
}

fn check_slot(slot: &str) -> Result<(), String> {
    let ok = !slot.is_empty() && slot.len() <= 16 && slot.bytes().all(|b| b.is_ascii_alphanumeric());
    if ok {
        Ok(())
    } else {
        Err(format!(
            "bad slot name '{}': 1 to 16 letters or digits",
            slot.chars().take(20).collect::<String>()
        ))
    }
}

async fn forward(
    slot: String,
    mut events: mpsc::UnboundedReceiver<EngineEvent>,
    tx: mpsc::UnboundedSender<serde_json::Value>,
) {
    while let Some(event) = events.recv().await {
        let value = match event {
            EngineEvent::Line(line) => json!({"ev": "line", "slot": slot, "line": line}),
            EngineEvent::Exited(message) => json!({"ev": "exited", "slot": slot, "message": message}),
            EngineEvent::Trouble { kind, message } => {
                json!({"ev": "trouble", "slot": slot, "kind": kind, "message": message})
            }
        };
        if tx.send(value).is_err() {
            break;
        }
    }
}
