//! `dratp-match`: engine-vs-engine matches and tournaments for Navia Dratp, refereed
//! by the rules core; the manual is `MATCH.md`, the code `dratp::matchrun`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = dratp::matchrun::main_with_args(&args, &mut std::io::stdout());
    std::process::exit(code);
}
