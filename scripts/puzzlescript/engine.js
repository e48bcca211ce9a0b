// Loads PuzzleScript's reference engine (the JavaScript of the upstream repository) into
// this node process, with the few browser globals it expects stubbed out, so that scripts
// beside this one can compile games and play turns exactly as the reference does.
//
// The reference folder is PUZZLESCRIPT_REFERENCE, else ../shared/puzzlescript above the
// working directory, else /work/shared/puzzlescript.
'use strict';

const fs = require('fs');
const path = require('path');
const vm = require('vm');

function referenceDir() {
    if (process.env.PUZZLESCRIPT_REFERENCE) return process.env.PUZZLESCRIPT_REFERENCE;
    let dir = process.cwd();
    for (;;) {
        const candidate = path.join(dir, 'shared', 'puzzlescript');
        if (fs.existsSync(path.join(candidate, 'src', 'js', 'engine.js'))) return candidate;
        const up = path.dirname(dir);
        if (up === dir) return '/work/shared/puzzlescript';
        dir = up;
    }
}

function stubBrowser() {
    const store = {};
    global.localStorage = {
        getItem: (k) => (k in store ? store[k] : null),
        setItem: (k, v) => { store[k] = String(v); },
        removeItem: (k) => { delete store[k]; },
    };
    const element = () => ({ style: {}, innerHTML: '', textContent: '', getContext: () => null });
    global.document = {
        URL: 'puzzlec://',
        body: { classList: { contains: () => false }, addEventListener() {}, removeEventListener() {} },
        createElement: element,
        getElementById: () => null,
    };
    global.window = global;
    global.lastDownTarget = null;
    global.canvas = null;
    global.input = element();
    for (const name of ['canvasResize', 'redraw', 'forceRegenImages', 'consolePrintFromRule', 'consolePrint',
        'consoleError', 'consoleCacheDump', 'addToDebugTimeline', 'killAudioButton', 'showAudioButton',
        'regenSpriteImages', 'jumpToLine', 'printLevel', 'playSound']) {
        global[name] = function () {};
    }
    global.levelString = '';
    global.editor = { getValue: () => global.levelString };
    global.UnitTestingThrow = (e) => { throw e; };
}

/// Loads the engine once; afterwards `compile`, `processInput`, `level`, ... are globals.
function load() {
    stubBrowser();
    const src = path.join(referenceDir(), 'src');
    const files = ['storagewrapper', 'bitvec', 'level', 'languageConstants', 'globalVariables', 'debug', 'font',
        'rng', 'riffwave', 'sfxr', 'codemirror/stringstream', 'colorhelpers', 'colors', 'engine', 'parser',
        'compiler', 'soundbar'];
    let code = files.map((f) => fs.readFileSync(path.join(src, 'js', f + '.js'), 'utf8')).join('\n');
    code += '\nglobal.__engine = { get level() { return level; }, set level(v) { level = v; },'
        + ' get state() { return state; }, clearBackups() { backups = []; }, set curlevel(v) { curlevel = v; },'
        + ' set textMode(v) { textMode = v; },'
        + ' get againing() { return againing; }, set againing(v) { againing = v; },'
        + ' get curlevel() { return curlevel; }, get textMode() { return textMode; },'
        + ' get titleScreen() { return titleScreen; }, set titleScreen(v) { titleScreen = v; },'
        + ' set unitTesting(v) { unitTesting = v; }, set lazyFunctionGeneration(v) { lazyFunctionGeneration = v; } };';
    vm.runInThisContext(code, { filename: 'puzzlescript-reference.js' });
    global.stripHTMLTags = (html) => html.replace(/<\/?[a-zA-Z][^>]*>/g, '').trim();
    return global.__engine;
}

module.exports = { load, referenceDir };
