//! `dratp-match`: run engine-vs-engine matches for Navia Dratp (see `docs/match.md`).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = dratp::matchrun::main_with_args(&args, &mut std::io::stdout());
    std::process::exit(code);
}
