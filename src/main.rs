//! `dratp`: the engine process. Without arguments it speaks the protocol on
//! stdin/stdout; with arguments it runs them as commands and exits, except
//! `dratp check-catalogue FILE`, which validates a catalogue file.

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("check-catalogue") {
        // Validate a catalogue file, as Fairy-Stockfish's `check` validates variants.ini.
        let code = match &args[1..] {
            [file] => dratp::catalogue_file::check(std::path::Path::new(file), &mut std::io::stdout()),
            _ => {
                eprintln!("usage: dratp check-catalogue FILE");
                2
            }
        };
        std::process::exit(code);
    }
    dratp::protocol::run(&args);
}
