//! `stop` and `movetime` on the bench and wide positions (issue 11). A
//! measurement, not an assertion (machines are shared and noisy): run with
//! `cargo test --release --test latency -- --ignored --nocapture`.

use std::time::Duration;

use dratp::search::{latency, WIDE_POSITIONS};

#[test]
#[ignore]
fn measure_stop_latency_and_movetime_overrun() {
    for threads in [1, 2] {
        let worst = latency(threads, Duration::from_millis(5), 5, &mut |line| println!("{line}"));
        println!(
            "Threads={threads}: worst stop {} us, worst movetime overrun {} us (bench + {} wide positions)",
            worst.stop.as_micros(),
            worst.overrun.as_micros(),
            WIDE_POSITIONS.len()
        );
    }
}
