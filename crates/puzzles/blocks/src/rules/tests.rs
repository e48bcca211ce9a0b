//! The exact search on the classic boards (the figures every solver agrees on).

use super::board::{from_grid, parse_drawing, parse_line, rush_hour};
use super::goal::{parse_goals, rush_hour_goal};
use super::search::{shortest, Found};
use super::*;

pub fn klotski(metric: Metric) -> BlocksPuzzle {
    let board = parse_drawing("BAAC / BAAC / DEEF / DGHF / I..J", &['.'], &['#']).unwrap();
    let goals = parse_goals(&board, "A@4,2").unwrap();
    BlocksPuzzle { board, goals, metric }
}

pub fn rush(line: &str) -> BlocksPuzzle {
    let grid = parse_line(line).unwrap();
    let mut board = from_grid(&grid, &['o', '.'], &['x'], &|r, c| format!("{r},{c}")).unwrap();
    rush_hour(&mut board, &|r, c| format!("{r},{c}")).unwrap();
    let goals = rush_hour_goal(&board);
    BlocksPuzzle { board, goals, metric: Metric::Slide }
}

fn optimum(p: &BlocksPuzzle) -> usize {
    match shortest(p, usize::MAX, None) {
        Found::Plan { plan, .. } => {
            replay(p, &plan).unwrap();
            plan.len()
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn klotski_in_the_three_metrics() {
    assert_eq!(optimum(&klotski(Metric::Step)), 116);
    assert_eq!(optimum(&klotski(Metric::Slide)), 90);
    assert_eq!(optimum(&klotski(Metric::Path)), 81);
}

#[test]
fn the_rush_hour_cards() {
    assert_eq!(optimum(&rush("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo")), 51);
    assert_eq!(optimum(&rush("BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN")), 58);
    assert_eq!(optimum(&rush("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM")), 60);
}
