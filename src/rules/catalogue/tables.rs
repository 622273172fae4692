//! Per-square move tables derived from a compass, built once per catalogue and board, and the passives of each
//! kind, which no board changes.

use super::{MarkKind, Passive, PieceDef};
use crate::rules::geometry::{BySquare, Geometry, Team};
use crate::rules::square::{BitboardOf, SquareOf};

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

/// One compass face for one team of board `G`.
#[derive(Clone, Debug)]
pub struct FaceTables<G: Geometry> {
    /// Squares reached by step marks, per from-square (a step needs only its target square, F4).
    pub steps: BySquare<G, BitboardOf<G>>,
    /// Squares marked with a dot, per from-square.
    pub dots: BySquare<G, BitboardOf<G>>,
    /// Line marks.
    pub rays: Vec<Ray>,
}

impl<G: Geometry> FaceTables<G> {
    fn build(def: &PieceDef, dratped: bool, team: G::Team) -> FaceTables<G> {
        let mut steps = BySquare::new(BitboardOf::EMPTY);
        let mut dots = BySquare::new(BitboardOf::EMPTY);
        let mut rays = Vec::new();
        for m in &def.compass(dratped).marks {
            // R10, F3: the compass turned to the owner's seat.
            let (dx, dy) = G::turn(team, m.dx, m.dy);
            match m.kind {
                MarkKind::Step | MarkKind::Dot => {
                    for sq in SquareOf::<G>::all() {
                        if let Some(t) = sq.offset(dx, dy) {
                            let table = if m.kind == MarkKind::Step {
                                &mut steps
                            } else {
                                &mut dots
                            };
                            table[sq] |= t.bb();
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

/// Every compass face of one kind on board `G`: per dratp state, per team.
#[derive(Clone, Debug)]
pub struct Faces<G: Geometry> {
    /// `[dratped as usize * teams + team slot]`.
    faces: Vec<FaceTables<G>>,
}

impl<G: Geometry> Faces<G> {
    /// Build the faces of one entry for every team of the board.
    pub fn build(def: &PieceDef) -> Faces<G> {
        let teams = G::teams();
        let faces = [false, true]
            .into_iter()
            .flat_map(|d| teams.as_ref().iter().map(move |&t| FaceTables::build(def, d, t)))
            .collect();
        Faces { faces }
    }

    /// The face in use for a team and dratp state.
    #[inline]
    pub fn face(&self, dratped: bool, team: G::Team) -> &FaceTables<G> {
        &self.faces[dratped as usize * G::teams().as_ref().len() + team.slot()]
    }
}

/// What move generation needs about one kind's passives, precomputed.
#[derive(Clone, Debug)]
pub struct KindTables {
    /// Moves cannot take it while dratped (R20).
    pub immortal: bool,
    /// Paid to the owner when the opponent sends it, dratped, to the graveyard.
    pub bounty: u8,
    /// Paid to the owner for each move it makes while dratped.
    pub move_income: u8,
    /// Paid to the owner for each move of any of their battle pieces while it stands dratped.
    pub battle_move_income: u8,
    /// It cannot move once dratped.
    pub immobile: bool,
    /// Its capture rewards are doubled while dratped.
    pub double_rewards: bool,
    /// Protects the owner's battle pieces on its dot squares while dratped.
    pub protect_dots: bool,
    /// Its taker goes to the graveyard at the end of the turn while it is dratped.
    pub revenge: bool,
    /// Its empty dot squares are summon squares of its owner while dratped.
    pub summon_dots: bool,
    /// Immortal and bans summons onto its dots while dratped on an enemy summon square.
    pub outpost: bool,
    /// Dratped, it changes what other pieces may do (immortal or board-wide): positions track such pieces.
    pub aura: bool,
}

impl KindTables {
    /// Build the tables of one entry.
    pub fn build(def: &PieceDef) -> KindTables {
        let mut t = KindTables {
            immortal: false,
            bounty: 0,
            move_income: 0,
            battle_move_income: 0,
            immobile: false,
            double_rewards: false,
            protect_dots: false,
            revenge: false,
            summon_dots: false,
            outpost: false,
            aura: false,
        };
        for p in &def.effect.passives {
            match *p {
                Passive::Immortal => t.immortal = true,
                Passive::Bounty(n) => t.bounty = t.bounty.saturating_add(n),
                Passive::MoveIncome(n) => t.move_income = t.move_income.saturating_add(n),
                Passive::BattleMoveIncome(n) => t.battle_move_income = t.battle_move_income.saturating_add(n),
                Passive::Immobile => t.immobile = true,
                Passive::DoubleRewards => t.double_rewards = true,
                Passive::ProtectDots => t.protect_dots = true,
                Passive::Revenge => t.revenge = true,
                Passive::SummonDots => t.summon_dots = true,
                Passive::Outpost => t.outpost = true,
            }
        }
        t.aura = t.immortal || t.board_wide();
        t
    }

    /// Whether, dratped, it changes rules beyond its own moves (summon squares, protection, income, freezes).
    pub fn board_wide(&self) -> bool {
        self.battle_move_income > 0 || self.immobile || self.protect_dots || self.summon_dots || self.outpost
    }
}
