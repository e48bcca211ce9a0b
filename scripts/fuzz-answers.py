#!/usr/bin/env python3
"""Feeds every reader of solver answers with hostile outputs, under a memory cap.

Readers: a DIMACS solver's s/v lines on stdout (`solve cross --solver F`), a minisat-style
result file (`answer = "result-file"`), an SMT solver's model on stdout (`solve hex --solver
F`), and `decode` of an emitted DIMACS or SMT-LIB2 file with the answer in a file or
through a pipe (`--model -`). Outputs: nesting a hundred thousand deep (open and closed),
tokens of tens of megabytes, literals past 32 bits, binary noise, NUL bytes and broken
UTF-8, answers cut short, a line of 100 MB, and endless streams (gigabytes through a pipe).
Every run must end in exit 3 with exactly one JSON object on stdout, under the cap.

Usage: fuzz-answers.py PUZZLEC [--cap-gib N]
"""

import json
import os
import random
import resource
import subprocess
import sys
import tempfile

MiB = 1 << 20


def payloads(kind, real):
    """(name, bytes) pairs for an answer of `kind` ('dimacs' or 'smt'); `real` is an honest
    answer of the same formula, for truncation."""
    rng = random.Random(53)
    noise = bytes(rng.randrange(256) for _ in range(1 * MiB))
    sat = b"s SATISFIABLE\nv " if kind == "dimacs" else b"sat\n(("
    deep = 200_000
    cases = [
        ("deep-open", b"sat\n" + b"(" * deep),
        ("deep-closed", b"sat\n" + b"(" * deep + b")" * deep),
        ("deep-after-status", sat + b"(" * deep),
        ("huge-token", sat + b"7" * (40 * MiB) + (b" 0\n" if kind == "dimacs" else b" 1))\n")),
        ("huge-symbol", b"sat\n((|" + b"x" * (40 * MiB) + b"| 1))\n"),
        ("literal-2^31-1", b"s SATISFIABLE\nv 2147483647 0\n"),
        ("literal-min", b"s SATISFIABLE\nv -2147483648 0\n"),
        ("literal-overflow", b"s SATISFIABLE\nv 99999999999999999999 0\n"),
        ("value-overflow", b"sat\n((x 99999999999999999999999))\n"),
        ("binary", noise),
        ("binary-after-status", sat + noise),
        ("nul-bytes", sat + b"1\x00 2\x00\x00 0\n"),
        ("broken-utf8", sat + b"\xff\xfe\xfd 1 0\n" + b"((\xc3\x28 1))\n"),
        ("long-line", b"c " + b"x" * (100 * MiB)),
        ("no-values", b"s SATISFIABLE\n" if kind == "dimacs" else b"sat\n"),
        ("two-statuses", b"s SATISFIABLE\ns UNSATISFIABLE\n" if kind == "dimacs" else b"sat\nsat\n"),
        ("unknown-status", b"s MAYBE\n" if kind == "dimacs" else b"perhaps\n"),
        ("error", b'(error "out of cheese")\n'),
        ("empty", b""),
        ("many-values", b"sat\n(" + b"(x 1)" * (8 * MiB) + b")\n"),
    ]
    if real:
        for fraction in (0.1, 0.3, 0.5):
            cases.append((f"cut-at-{int(fraction * 100)}%", real[: int(len(real) * fraction)]))
    return cases


# Endless outputs, produced by the fake solver itself (a shell command).
STREAMS = [
    ("endless-values", "yes 'v 1 -2 3 -4 5 -6 7 -8 9 0'"),
    ("endless-parens", "yes '((((((((((((((((((((((((((((((((((((((((((((((((((('"),
    ("endless-noise", "cat /dev/urandom"),
]


def run(cmd, cap, env=None, stdin=None):
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    p = subprocess.run(cmd, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                       preexec_fn=limit, timeout=600)
    return p.returncode, p.stdout, p.stderr


def one_json(out):
    try:
        value = json.loads(out)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    puzzlec = os.path.abspath(sys.argv[1])
    cap = int(float(sys.argv[sys.argv.index("--cap-gib") + 1]) * (1 << 30)) if "--cap-gib" in sys.argv else 4 << 30
    work = tempfile.mkdtemp(prefix="fuzz-answers-")
    payload = os.path.join(work, "payload")
    fake = os.path.join(work, "fake.sh")
    with open(fake, "w") as f:
        f.write('#!/bin/sh\n# Prints the payload (or runs the stream), as stdout or into the result file $2.\n'
                'if [ -n "$FUZZ_STREAM" ]; then out=/dev/stdout; [ -n "$FUZZ_RESULT" ] && out="$2"\n'
                '  sh -c "$FUZZ_STREAM" > "$out"; exit 0; fi\n'
                'if [ -n "$FUZZ_RESULT" ]; then cp "$FUZZ_PAYLOAD" "$2"; else cat "$FUZZ_PAYLOAD"; fi\nexit 10\n')
    os.chmod(fake, 0o755)
    registry = os.path.join(work, "solvers.toml")
    with open(registry, "w") as f:
        f.write(f'[[solver]]\nid = "sv"\ninput = "dimacs"\ncommand = ["{fake}"]\n\n'
                f'[[solver]]\nid = "result"\ninput = "dimacs"\nanswer = "result-file"\ncommand = ["{fake}", "{{input}}", "{{output}}"]\n\n'
                f'[[solver]]\nid = "smt"\ninput = "smt2"\ncommand = ["{fake}"]\n')
    cnf, smt = os.path.join(work, "f.cnf"), os.path.join(work, "f.smt2")
    run([puzzlec, "emit", "cross", "--size", "3x3", "--horizon", "15", "--format", "dimacs", "-o", cnf], cap)
    run([puzzlec, "emit", "hex", "--format", "smt2", "-o", smt], cap)
    real_dimacs = subprocess.run(["cadical", "-q", cnf], stdout=subprocess.PIPE).stdout
    real_smt = subprocess.run(["z3", smt], stdout=subprocess.PIPE).stdout
    readers = [
        # (name, kind, command, environment, through a pipe)
        ("solve s/v lines", "dimacs", [puzzlec, "--solvers", registry, "solve", "cross", "--size", "3x3", "--solver", "sv"], {}, False),
        ("solve result file", "dimacs", [puzzlec, "--solvers", registry, "solve", "cross", "--size", "3x3", "--solver", "result"], {"FUZZ_RESULT": "1"}, False),
        ("solve SMT model", "smt", [puzzlec, "--solvers", registry, "solve", "hex", "--solver", "smt"], {}, False),
        ("decode DIMACS file", "dimacs", [puzzlec, "decode", "cross", "--size", "3x3", "--formula", cnf, "--model", payload], {}, False),
        ("decode SMT file", "smt", [puzzlec, "decode", "hex", "--formula", smt, "--model", payload], {}, False),
        ("decode through a pipe", "dimacs", [puzzlec, "decode", "cross", "--size", "3x3", "--formula", cnf, "--model", "-"], {}, True),
    ]
    count, failures = 0, []
    for name, kind, cmd, extra, piped in readers:
        real = real_dimacs if kind == "dimacs" else real_smt
        cases = [(n, data, None) for n, data in payloads(kind, real)]
        cases += [(n, None, stream) for n, stream in STREAMS]
        for case, data, stream in cases:
            env = dict(os.environ, FUZZ_PAYLOAD=payload, **extra)
            stdin = None
            if stream and piped:
                # Gigabytes through a pipe: the stream cut at 2 GiB, fed to --model -.
                feeder = subprocess.Popen(["sh", "-c", f"{stream} | head -c {2 << 30}"], stdout=subprocess.PIPE)
                stdin = feeder.stdout
            elif stream:
                env["FUZZ_STREAM"] = stream
            else:
                with open(payload, "wb") as f:
                    f.write(data)
                if piped:
                    stdin = open(payload, "rb")
            code, out, err = run(cmd + ["--json", "-q"], cap, env, stdin)
            if stdin is not None:
                stdin.close()
            if stream and piped:
                feeder.kill()
                feeder.wait()
            count += 1
            obj = one_json(out)
            if code != 3 or obj is None:
                failures.append(f"{name} / {case}: exit {code}, stdout {out[:200]!r}, stderr {err[-300:]!r}")
            print(f"{'ok  ' if code == 3 and obj is not None else 'FAIL'} {name:24} {case:22} exit {code}", flush=True)
    print(f"\n{count} runs under a {cap >> 30} GiB cap: {count - len(failures)} ended in exit 3 with one JSON object")
    for f in failures:
        print("FAILED:", f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
