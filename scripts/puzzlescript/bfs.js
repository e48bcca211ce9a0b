#!/usr/bin/env node
// The peer of puzzlec's breadth-first search: the same search run on PuzzleScript's reference
// engine. `node bfs.js GAME.txt INDEX [SECONDS]` prints one JSON line: the shortest plan's
// length and inputs (u l d r x), or that none exists, or that the time ran out, with the
// states stored and the seconds taken. INDEX counts messages (the reference's level index).
// A state is the level's objects after an input and its `again` turns.
'use strict';

const fs = require('fs');
const engine = require('./engine.js').load();

const [file, indexText, secondsText] = process.argv.slice(2);
const index = Number(indexText);
const deadline = Date.now() + 1000 * Number(secondsText || 60);
const started = Date.now();
engine.unitTesting = true;
engine.lazyFunctionGeneration = false;
compile(['loadLevel', index], fs.readFileSync(file, 'utf8') + '\n');
const settle = () => { while (engine.againing) { engine.againing = false; processInput(-1); } };
settle();
// A win moves to the next level, or, after the last, to the title screen (and level 0).
const started_won = engine.curlevel !== index || engine.titleScreen;
const home = engine.level;
const inputs = engine.state.metadata.noaction !== undefined ? [0, 1, 2, 3] : [0, 1, 2, 3, 4];
const letters = 'uldrx';
const keyOf = (objects) => Buffer.from(objects.buffer, objects.byteOffset, objects.byteLength).toString('latin1');

const start = new Int32Array(home.objects);
const seen = new Map([[keyOf(start), null]]);
let layer = [start];
let depth = 0;
const report = (o) => { console.log(JSON.stringify({ ...o, states: seen.size, seconds: (Date.now() - started) / 1000 })); process.exit(0); };
// A level that wins itself as it loads (its start's again turns) needs no input.
if (started_won) report({ length: 0, plan: '' });
while (layer.length > 0) {
    const next = [];
    for (const objects of layer) {
        if (Date.now() > deadline) report({ gaveup: true, depth });
        for (const input of inputs) {
            engine.level = home;
            engine.curlevel = index;
            engine.textMode = false;
            engine.titleScreen = false;
            home.objects.set(objects);
            processInput(input);
            settle();
            engine.clearBackups();
            if (engine.level !== home || engine.curlevel !== index || engine.titleScreen) {
                let plan = letters[input];
                for (let k = keyOf(objects); seen.get(k) !== null; k = seen.get(k)[0]) plan = seen.get(k)[1] + plan;
                report({ length: plan.length, plan });
            }
            const key = keyOf(home.objects);
            if (!seen.has(key)) {
                seen.set(key, [keyOf(objects), letters[input]]);
                next.push(new Int32Array(home.objects));
            }
        }
    }
    layer = next;
    depth += 1;
}
report({ none: true });
