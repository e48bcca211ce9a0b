//! Linear conflicts as constraints for `compact`, at every step: two tiles standing in their
//! goal row (or column) in the wrong order cannot pass each other inside it, so one of them
//! must leave the line later. Leaving is a move away from its goal, which the away count pays
//! for: this is the linear-conflict heuristic of IDA*, applied to every state the solver
//! considers rather than to the start only.

use puzzlec_core::slide::{Board, BLANK};
use puzzlec_ir::{ClauseSink, Lit};

/// Adds the conflict clauses for a plan ending at step `horizon`, each guarded by `guard`.
pub fn linear_conflicts(
    goal: &Board,
    horizon: usize,
    p: &[Vec<Vec<Option<Lit>>>],
    guard: Option<Lit>,
    sink: &mut impl ClauseSink,
) {
    let (rows, cols) = (goal.rows(), goal.cols());
    let with_guard = |clause: Vec<Lit>| -> Vec<Lit> { guard.map(|g| -g).into_iter().chain(clause).collect() };
    let mut lines: Vec<Vec<usize>> = (0..rows).map(|r| (0..cols).map(|c| r * cols + c).collect()).collect();
    lines.extend((0..cols).map(|c| (0..rows).map(|r| r * cols + c).collect::<Vec<_>>()));
    for line in &lines {
        // Tiles whose goal is on this line, in goal order.
        let owners: Vec<usize> = line
            .iter()
            .map(|&c| goal.cells()[c])
            .filter(|&t| t != BLANK)
            .map(|t| t as usize - 1)
            .collect();
        if owners.len() < 2 {
            continue;
        }
        // leaves[i][t]: tile owners[i] is off the line at some step in t..=horizon.
        let leaves: Vec<Vec<Lit>> = owners
            .iter()
            .map(|&ti| {
                let vars: Vec<Lit> = (0..=horizon).map(|_| sink.new_var(None)).collect();
                for t in 0..=horizon {
                    let mut clause = vec![-vars[t]];
                    clause.extend(
                        (0..goal.len())
                            .filter(|c| !line.contains(c))
                            .filter_map(|c| p[t][ti][c]),
                    );
                    if t < horizon {
                        clause.push(vars[t + 1]);
                    }
                    sink.add_clause(&with_guard(clause));
                }
                vars
            })
            .collect();
        for (i, &a) in owners.iter().enumerate() {
            for (j, &b) in owners.iter().enumerate().skip(i + 1) {
                // a belongs before b on the line; both on it with b before a is a conflict.
                for t in 0..=horizon {
                    for (pos_b, &cb) in line.iter().enumerate() {
                        for &ca in &line[pos_b + 1..] {
                            if let (Some(va), Some(vb)) = (p[t][a][ca], p[t][b][cb]) {
                                sink.add_clause(&with_guard(vec![-va, -vb, leaves[i][t], leaves[j][t]]));
                            }
                        }
                    }
                }
            }
        }
    }
}
