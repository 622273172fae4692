//! `dratp`: the engine process. Without arguments it speaks the protocol on
//! stdin/stdout; with arguments it runs them as commands and exits.

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    dratp::protocol::run(&args);
}
