//! Tuning the evaluation: the weights by name and the weights file
//! (`weights_file`), self-play games and their quiet positions labelled by
//! result (`selfplay`), and Texel's method: the scale K, then gradient descent
//! on the mean squared error of predicted against actual results (`texel`,
//! `tuner`). No I/O: `dratp-tune` reads and writes the files.

pub mod selfplay;
pub mod texel;
pub mod tuner;
pub mod weights_file;

#[cfg(test)]
mod tests;

pub use selfplay::{play_game, quiet_samples, random_start, result_for, PlayConfig, Played};
pub use texel::{expected, fit_k, gradient, mean_error, sample_line, Dataset, TuneError};
pub use tuner::{Step, Tuner};
pub use weights_file::{weight_index, WeightsFileError, WEIGHTS};
