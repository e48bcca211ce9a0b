#!/usr/bin/env node
// Plays inputs on a level with the reference engine and prints the level after each one,
// as the reference's test suite prints it: `node trace.js GAME.txt INDEX INPUTS`, where
// INDEX counts messages (the reference's level index) and INPUTS is a string of
// u l d r x (action), t (tick), z (undo), R (restart).
'use strict';

const fs = require('fs');
const engine = require('./engine.js').load();

const [file, index, inputs = ''] = process.argv.slice(2);
engine.unitTesting = true;
engine.lazyFunctionGeneration = false;
compile(['loadLevel', Number(index || 0)], fs.readFileSync(file, 'utf8') + '\n');
const settle = () => { while (engine.againing) { engine.againing = false; processInput(-1); } };
settle();
console.log('start\n' + convertLevelToString());
const codes = { u: 0, l: 1, d: 2, r: 3, x: 4 };
for (const c of inputs) {
    if (c === 'z') DoUndo(false, true);
    else if (c === 'R') DoRestart();
    else if (c === 't') processInput(-1);
    else processInput(codes[c]);
    settle();
    console.log(c + ' (level ' + engine.curlevel + ')\n' + convertLevelToString());
}
