// The packed trace-record layout of `Solver.stepMany`, generated from src/trace.rs (`layout_js`);
// tests/layout.rs keeps this file equal to it and `make golden` rewrites it. Do not edit.
export const RECORD_WORDS = 8;
export const NONE32 = 0xffffffff;
export const KIND = Object.freeze({ iteration: 0, node: 1, prune: 2, backtrack: 3, raise: 4, solved: 5, expand: 6, generate: 7, skip: 8, gaveup: 9 });
export const WORD = Object.freeze({ kind: 0, id: 1, parent: 3, frontier: 4, g: 5, h: 6, move: 7, iteration: 1, threshold: 2, from: 1, to: 2, length: 1, expanded: 3, generated: 5, reached: 1, limit: 2 });
export const NARROW_PARENT = Object.freeze([6, 7, 8]);
export const MOVE_BITS = Object.freeze({ noTile: 0xff, blankShift: 8, thresholdShift: 16 });
