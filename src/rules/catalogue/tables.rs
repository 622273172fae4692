//! Per-square move tables derived from a compass, built once per catalogue.

use super::{board_offset, MarkKind, Passive, PieceDef};
use crate::rules::square::{Bitboard, Side, Square};

/// A line mark turned to board directions for one side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Ray {
    /// File step on the board.
    pub dx: i8,
    /// Rank step on the board.
    pub dy: i8,
    /// Slide, Jump or Bounce.
    pub kind: MarkKind,
}

/// One compass face for one side.
#[derive(Clone, Debug)]
pub struct FaceTables {
    /// Squares reached by step marks, per from-square.
    pub steps: [Bitboard; Square::COUNT],
    /// Squares marked with a dot, per from-square.
    pub dots: [Bitboard; Square::COUNT],
    /// Line marks.
    pub rays: Vec<Ray>,
}

impl FaceTables {
    fn build(def: &PieceDef, dratped: bool, side: Side) -> FaceTables {
        let mut steps = [Bitboard::EMPTY; Square::COUNT];
        let mut dots = [Bitboard::EMPTY; Square::COUNT];
        let mut rays = Vec::new();
        for m in &def.compass(dratped).marks {
            let (dx, dy) = board_offset(side, m.dx, m.dy);
            match m.kind {
                MarkKind::Step | MarkKind::Dot => {
                    for sq in Square::all() {
                        if let Some(t) = sq.offset(dx, dy) {
                            let table = if m.kind == MarkKind::Step {
                                &mut steps
                            } else {
                                &mut dots
                            };
                            table[sq.index()] |= t.bb();
                        }
                    }
                }
                kind => {
                    let ray = Ray { dx, dy, kind };
                    if !rays.contains(&ray) {
                        rays.push(ray);
                    }
                }
            }
        }
        FaceTables { steps, dots, rays }
    }
}

/// Everything move generation needs about one kind, precomputed.
#[derive(Clone, Debug)]
pub struct KindTables {
    faces: [[FaceTables; 2]; 2],
    /// Moves cannot take it while dratped (R20).
    pub immortal: bool,
    /// Paid to the owner when the opponent sends it, dratped, to the graveyard.
    pub bounty: u8,
    /// Paid to the owner for each move it makes while dratped.
    pub move_income: u8,
}

impl KindTables {
    /// Build the tables of one entry.
    pub fn build(def: &PieceDef) -> KindTables {
        let face = |d: bool| {
            [
                FaceTables::build(def, d, Side::White),
                FaceTables::build(def, d, Side::Black),
            ]
        };
        let mut t = KindTables {
            faces: [face(false), face(true)],
            immortal: false,
            bounty: 0,
            move_income: 0,
        };
        for p in &def.effect.passives {
            match *p {
                Passive::Immortal => t.immortal = true,
                Passive::Bounty(n) => t.bounty = t.bounty.saturating_add(n),
                Passive::MoveIncome(n) => t.move_income = t.move_income.saturating_add(n),
            }
        }
        t
    }

    /// The face in use for a side and dratp state.
    #[inline]
    pub fn face(&self, dratped: bool, side: Side) -> &FaceTables {
        &self.faces[dratped as usize][side.index()]
    }
}
