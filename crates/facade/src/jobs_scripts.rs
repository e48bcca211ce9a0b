//! The files of a job directory besides the jobs: `manifest.json`, `run-one.sh K` (one job
//! with the registry's solver, answer in `out/K.txt`), `slurm.sbatch` (an array over the
//! same script) and a README for whoever finds the folder.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use crate::jobs::Manifest;
use crate::{Error, Result};

/// Writes every file but the jobs; `command` holds `@IN@`, `@RESULT@`, `@PROOF@` tokens.
pub fn write_all(dir: &Path, manifest: &Manifest, command: &[String]) -> Result<()> {
    let io = |e: std::io::Error, p: &Path| Error::bad_input(format!("writing {}: {e}", p.display()));
    let abs = std::fs::canonicalize(dir).map_err(|e| io(e, dir))?;
    let n = manifest.jobs.len();
    let json = serde_json::to_string_pretty(manifest).expect("a manifest serialises");
    let files = [
        ("manifest.json", json + "\n", false),
        ("run-one.sh", run_one(manifest, command, n), true),
        ("slurm.sbatch", slurm(&abs, n), true),
        ("README.txt", readme(manifest, &abs, n), false),
    ];
    for (name, text, executable) in files {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| io(e, &path))?;
        if executable {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).map_err(|e| io(e, &path))?;
        }
    }
    Ok(())
}

/// One shell word in double quotes, with the tokens turned into the script's variables.
fn word(arg: &str) -> String {
    let escaped = arg.replace('\\', "\\\\").replace('"', "\\\"").replace('$', "\\$").replace('`', "\\`");
    format!("\"{}\"", escaped.replace("@IN@", "$IN").replace("@RESULT@", "$RESULT").replace("@PROOF@", "$PROOF"))
}

fn run_one(m: &Manifest, command: &[String], n: usize) -> String {
    let cmd: Vec<String> = command.iter().map(|a| word(a)).collect();
    format!(
        r#"#!/bin/sh
# Runs job K (0..{last}) of this folder with {solver} and writes its answer to out/K.txt
# (and out/K.drat, its proof, when the jobs were written with --certify). Written by
# `puzzlec jobs`; read the answers back with `puzzlec collect DIR`.
set -u
K="${{1:?usage: run-one.sh K   (K from 0 to {last})}}"
DIR="$(cd "$(dirname "$0")" && pwd)"
IN="$DIR/jobs/$K.cnf"
OUT="$DIR/out/$K.txt"
RESULT="$DIR/out/$K.result"
PROOF="$DIR/out/$K.drat"
[ -f "$IN" ] || {{ echo "run-one.sh: no job $K in $DIR" >&2; exit 2; }}
mkdir -p "$DIR/out"
rm -f "$OUT" "$RESULT"
{cmd} > "$OUT.part" 2> "$DIR/out/$K.err"
code=$?
{take_result}mv "$OUT.part" "$OUT"
case $code in
  0|10|20) exit 0 ;;
  *) echo "job $K: {solver} exited with $code (see out/$K.err)" >&2; exit "$code" ;;
esac
"#,
        last = n.saturating_sub(1),
        solver = m.solver,
        take_result = match m.answers {
            Some(puzzlec_ir::Answers::ResultFile) => "# This solver answers in a result file (answer = \"result-file\").\n[ -s \"$RESULT\" ] && mv \"$RESULT\" \"$OUT.part\"\n",
            _ => "",
        },
        cmd = cmd.join(" ")
    )
}

fn slurm(abs: &Path, n: usize) -> String {
    let dir = abs.display();
    format!(
        "#!/bin/bash\n\
# A Slurm array over the jobs of this folder: sbatch {dir}/slurm.sbatch\n\
#SBATCH --job-name=puzzlec-jobs\n\
#SBATCH --array=0-{last}\n\
#SBATCH --cpus-per-task=1\n\
#SBATCH --chdir={dir}\n\
#SBATCH --output={dir}/out/slurm-%a.log\n\
mkdir -p \"{dir}/out\"\n\
exec \"{dir}/run-one.sh\" \"$SLURM_ARRAY_TASK_ID\"\n",
        last = n.saturating_sub(1)
    )
}

fn readme(m: &Manifest, abs: &Path, n: usize) -> String {
    let dir = abs.display();
    let horizons: std::collections::BTreeSet<usize> = m.jobs.iter().map(|j| j.horizon).collect();
    let horizons: Vec<String> = horizons.iter().map(usize::to_string).collect();
    format!(
        "puzzlec jobs: {n} jobs for horizons {h} ({enc} encoding), solver {solver}.\n\n\
Each jobs/K.cnf is a complete DIMACS file: the horizon's CNF plus unit clauses fixing the\n\
plan's first moves. Together a horizon's jobs cover every plan of that length.\n\n\
Run them all, on this machine or over ssh with GNU parallel:\n  \
parallel -j 8 {dir}/run-one.sh ::: $(seq 0 {last})\n\
or as a Slurm array (the folder must be on a file system the nodes share):\n  \
sbatch {dir}/slurm.sbatch\n\n\
Then read the answers back (plans are decoded and replayed; a horizon is UNSAT only when\n\
every one of its jobs answered UNSAT{proofs}):\n  \
puzzlec collect {dir}\n",
        h = horizons.join(", "),
        enc = m.encoding,
        solver = m.solver,
        last = n.saturating_sub(1),
        proofs = match (m.certify, m.jobs.iter().any(|j| j.lemmas.is_some())) {
            (true, true) => ", each with a DRAT proof that rate checks; a job with lemmas (jobs/K.lemmas) has\nthem checked against the tables in this folder first, by the puzzle's own checker",
            (true, false) => ", each with a DRAT proof that rate checks",
            (false, true) => "; jobs/K.lemmas are the lemmas some jobs carry, trusted unless the jobs\nwere written with --certify",
            (false, false) => "",
        }
    )
}
