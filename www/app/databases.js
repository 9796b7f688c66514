// The pattern databases a pdb search on the 4×4 board needs: loaded from IndexedDB or built in
// the workers (never on the page's thread: a build takes seconds), then handed to the page's
// core, and the search configured again.
import { parseBoard, patternDatabasesReady, loadPatternDatabases } from '../pkg/tilesearch.js';
import { snapshotOf } from '../model/snapshot.js';

/**
 * pdb on a 4×4 board whose databases this page has not loaded yet: the worker loads them from
 * IndexedDB or builds them (never this thread: a build takes seconds) and hands over a copy;
 * then the search is configured again. True while they are on their way.
 * @param {import('./search.js').Search} search
 * @param {import('./search.js').Widget} w
 * @param {{board: string, heuristic: string, goal: import('../pkg/tilesearch.js').GoalConvention}} options
 */
export function awaitDatabases(search, w, { board, heuristic, goal }) {
  if (heuristic !== 'pdb') { search.databases = null; return false; }
  if (search.databases?.goal !== goal) search.databases = null;
  if (patternDatabasesReady(goal)) { search.databases ??= { goal, status: 'ready', source: 'memory', progress: 1 }; return false; }
  let cells;
  try { cells = parseBoard(board).length; } catch { return false; } // the Solver names the problem
  if (cells !== 16) return false; // the Solver's error says pdb is for the 4×4 board
  if (search.databases?.status === 'preparing' || search.databases?.status === 'building') return true;
  search.databases = { goal, status: 'preparing', progress: 0 };
  const client = search.client;
  if (!client.databases) {
    search.databases = { goal, status: 'error', progress: 0, message: 'they are made in a Web Worker, and this page cannot start one' };
    return false;
  }
  const current = () => search.databases?.goal === goal;
  client.databases(goal, (progress, workers) => {
    // A report that comes after them (a worker's last one) must not bring the bar back.
    if (!current() || search.databases.status === 'ready') return;
    Object.assign(search.databases, { status: 'building', progress, workers });
    w.render();
  }, (notKept) => {
    // Built, but IndexedDB refused them: the reader learns why the next visit builds again.
    if (!notKept || !current()) return;
    search.databases.notKept = notKept;
    w.render();
  }).then(({ source, seconds, bytes, notKept = null }) => {
    const start = performance.now();
    if (!patternDatabasesReady(goal)) loadPatternDatabases(goal, bytes);
    const made = { goal, status: 'ready', progress: 1, source, seconds, notKept, loadSeconds: (performance.now() - start) / 1000 };
    if (!current()) return;
    search.databases = made;
    if (w.host.heuristic !== 'pdb' || w.host.goal !== goal) return;
    if (w.store.state.phase === 'solving' && !search.solver) {
      // Solve now waited for the same databases: the widget's own Solver now, Solve now goes on.
      try {
        ({ solver: search.solver } = search.newSolver(search.options()));
        search.solverAt = 0;
        search.view.snapshot = snapshotOf(search.solver);
      } catch (error) {
        w.store.apply('failed', error.message);
      }
    } else {
      search.configure();
    }
    // Their arrival is drawn at once, as their progress was: the bar goes as the Solver comes.
    w.render();
  }, (error) => {
    if (!current()) return;
    search.databases = { goal, status: 'error', progress: 0, message: error.message };
    w.render();
  });
  return true;
}
