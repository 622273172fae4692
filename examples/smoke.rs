use dratp::rules::{perft, Catalogue, Position};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let d: u32 = args[1].parse().unwrap();
    let full = args.len() > 2;
    let p = Position::startpos(Catalogue::builtin()).unwrap();
    let t = std::time::Instant::now();
    let n = if full {
        perft::perft_full(&p, d)
    } else {
        perft::perft(&p, d)
    };
    println!("{n} {:.1} Mnps", n as f64 / t.elapsed().as_secs_f64() / 1e6);
}
