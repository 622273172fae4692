//! `dratp-gui [--engine <cmd>]… [--host <ip>] [--port <n>] [--no-open]`: serve the GUI and print its address.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use dratp_gui::engine::EngineSpec;
use dratp_gui::{router, AppState};

const USAGE: &str =
    "usage: dratp-gui [--engine <cmd>]... [--host <ip>] [--port <n>] [--no-open] [--four | --watch-four]
  --engine <cmd>  an engine program with its arguments (repeatable); default: the dratp binary beside this one
  --host <ip>     address to serve on (default 127.0.0.1; anything else exposes the engines to the network)
  --port <n>      port (default 8080; 0 picks a free one)
  --no-open       do not open a browser
  --four          open a four-player game (naviadratp4): you at South, engines at the other three seats
  --watch-four    open a four-player game of four engines";

struct Options {
    engines: Vec<EngineSpec>,
    host: IpAddr,
    port: u16,
    open: bool,
    /// The page address's fragment that starts a game at once (`#four`, `#four-watch`), or empty.
    start: &'static str,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        engines: Vec::new(),
        host: IpAddr::V4(Ipv4Addr::LOCALHOST),
        port: 8080,
        open: true,
        start: "",
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |what: &str| it.next().cloned().ok_or_else(|| format!("{arg} needs {what}"));
        match arg.as_str() {
            "--engine" => {
                let cmd = value("a command")?;
                options
                    .engines
                    .push(EngineSpec::parse(&cmd).ok_or("--engine needs a command")?);
            }
            "--host" => options.host = value("an address")?.parse().map_err(|e| format!("--host: {e}"))?,
            "--port" => options.port = value("a number")?.parse().map_err(|e| format!("--port: {e}"))?,
            "--no-open" => options.open = false,
            "--four" => options.start = "#four",
            "--watch-four" => options.start = "#four-watch",
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    if options.engines.is_empty() {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find this program's directory: {e}"))?;
        let beside = exe.with_file_name(format!("dratp{}", std::env::consts::EXE_SUFFIX));
        // `cargo run --bin dratp-gui` builds only this binary; without a `dratp` beside it, this
        // binary starts itself as the engine process (the same engine, still spoken to over pipes).
        let argv = if beside.is_file() {
            vec![beside.to_string_lossy().into_owned()]
        } else {
            vec![exe.to_string_lossy().into_owned(), ENGINE_PROCESS.to_string()]
        };
        options.engines.push(EngineSpec {
            name: "dratp".into(),
            argv,
        });
    }
    Ok(options)
}

/// Opens the address in the desktop's browser where there is one; failure is not an error.
fn open_browser(url: &str) {
    let program = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let _ = std::process::Command::new(program)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}

/// The hidden first argument that makes this binary the `dratp` engine process.
const ENGINE_PROCESS: &str = "--engine-process";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some(ENGINE_PROCESS) {
        // The engine's diagnostics go to stderr, as `dratp`'s do; stdout is the protocol.
        env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
            .target(env_logger::Target::Stderr)
            .init();
        dratp::protocol::run(&args[1..]);
        return;
    }
    env_logger::init();
    let runtime = tokio::runtime::Runtime::new().unwrap_or_else(|e| {
        eprintln!("dratp-gui: cannot start the async runtime: {e}");
        std::process::exit(1);
    });
    runtime.block_on(serve(args));
}

/// Serve the GUI until Ctrl-C.
async fn serve(args: Vec<String>) {
    let options = match parse_args(&args) {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("dratp-gui: {e}");
            }
            eprintln!("{USAGE}");
            std::process::exit(if e.is_empty() { 0 } else { 2 });
        }
    };
    let listener = match tokio::net::TcpListener::bind(SocketAddr::new(options.host, options.port)).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("dratp-gui: cannot listen on {}:{}: {e}", options.host, options.port);
            std::process::exit(1);
        }
    };
    let addr = listener.local_addr().expect("a bound socket has an address");
    let url = format!("http://{addr}/{}", options.start);
    for e in &options.engines {
        println!("engine: {}", e.argv.join(" "));
    }
    println!("dratp-gui: open {url}");
    if options.open {
        open_browser(&url);
    }
    let app = router(AppState::new(options.engines, addr));
    if let Err(e) = axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
    {
        eprintln!("dratp-gui: {e}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn four_and_watch_four_open_the_page_on_a_four_player_game() {
        assert_eq!(parse_args(&args(&["--no-open"])).unwrap().start, "");
        assert_eq!(parse_args(&args(&["--four"])).unwrap().start, "#four");
        assert_eq!(
            parse_args(&args(&["--watch-four", "--port", "0"])).unwrap().start,
            "#four-watch"
        );
        assert!(parse_args(&args(&["--five"])).is_err());
    }
}
