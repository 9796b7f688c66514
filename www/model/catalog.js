// The core's catalog (the wasm `catalog()`): the names the options take, their display names,
// and which algorithms find a shortest solution. Read here, parsed once, so that no view keeps
// a list of its own. Call once the page's core is ready (platform/page-core.js coreReady()).
import { catalog } from '../pkg/tilesearch.js';

/** @type {import('../pkg/tilesearch.js').Catalog | null} */
let parsed = null;

/** The core's catalog, parsed once. Callers must not change it (the element hands out copies). */
export const coreCatalog = () => (parsed ??= /** @type {import('../pkg/tilesearch.js').Catalog} */ (JSON.parse(catalog())));

/**
 * An option's display name, as its menu shows it: `labelOf('heuristics', 'pdb')`; the name
 * itself for one the core does not list.
 * @param {'heuristics' | 'algorithms' | 'goals' | 'orders'} list
 * @param {string} name
 */
export const labelOf = (list, name) => coreCatalog()[list].find((entry) => entry.name === name)?.label ?? name;

/**
 * Whether `algorithm` finds a shortest solution (the core's word: IDA*, A* and BFS), so that
 * its solution's length is the board's true distance h*. False for a name the core does not list.
 * @param {string} algorithm
 */
export const findsShortest = (algorithm) => coreCatalog().algorithms.some((entry) => entry.name === algorithm && entry.shortest);
