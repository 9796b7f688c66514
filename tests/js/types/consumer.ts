// A small consumer of the package's TypeScript declarations, type-checked by
// tests/js/types.test.mjs with tsc: what a page's script writes must check, and the mistakes
// marked @ts-expect-error must not.
import init, {
  Solver, describeBoard, boardAfter, parseBoard, randomBoard, PatternDatabaseBuilder,
  patternDatabasesReady, exportPatternDatabases, loadPatternDatabases, ParallelSearch, PacketSearcher,
  type TraceEvent, type RunSummary, type SolverOptions, type BoardDescription, type FrontierEntry,
  type ParallelIteration, type PacketResult, type PacketTask,
} from '../../../www/pkg/tilesearch.js';

export async function consume(): Promise<string[]> {
  await init();
  const options: SolverOptions = { board: '6 4 5 / 8 2 7 / 1 0 3', heuristic: 'linear-conflict', goal: 'blank-last', algorithm: 'ida' };
  const solver = new Solver(options);
  const lines: string[] = [];
  for (let event: TraceEvent | undefined; (event = solver.step()) !== undefined;) {
    switch (event.type) {
      case 'iteration': lines.push(`iteration ${event.iteration}, threshold ${event.threshold}`); break;
      case 'node': lines.push(`node ${event.id} g ${event.g} h ${event.h} f ${event.f} tile ${event.tile ?? '–'} parent ${event.parent ?? 'root'}`); break;
      case 'prune': lines.push(`prune ${event.id}: ${event.f} > ${event.threshold}, tile ${event.tile}`); break;
      case 'backtrack': lines.push(`back from ${event.id}`); break;
      case 'raise': lines.push(`raise ${event.from} → ${event.to}`); break;
      case 'solved': lines.push(`solved in ${event.length}: ${event.moves.join(' ')}`); break;
      case 'expand': case 'generate': lines.push(`${event.type} ${event.id}, frontier ${event.frontier}`); break;
      case 'skip': lines.push(`skip ${event.id}`); break;
      case 'gaveup': lines.push(`gave up at ${event.reached} of ${event.limit}`); break;
      default: { const never: never = event; lines.push(String(never)); }
    }
  }
  const summary: RunSummary = solver.run({ maxNodes: 100, onEvent: (e) => { lines.push(e.type); } });
  const status: 'solved' | 'running' | 'gaveup' | 'exhausted' = summary.status;
  const exhausted: RunSummary['status'] = 'exhausted'; // a search space that ran out
  lines.push(exhausted);
  lines.push(status, String(summary.length ?? 'none'), String(summary.iterations[0]?.nextThreshold ?? 'none'));
  const timed: RunSummary = solver.runFor(16);
  const words: Uint32Array = solver.stepManyFor(8, 10_000);
  lines.push(String(timed.nodes + words.length + solver.stepMany(100).length + solver.recordWords));
  const frontier: FrontierEntry[] = new Solver({ board: [1, 2, 3, 4, 0, 6, 7, 5, 8], algorithm: 'bfs', maxReached: 1000 }).frontier(5);
  lines.push(...frontier.map((e) => `${e.id} ${e.f}`));
  const description: BoardDescription = describeBoard('1 2 3 4 0 6 7 5 8', 'blank-first');
  lines.push(description.grid, String(description.h['linear-conflict']), String(description.unsolvable ?? 'solvable'));
  const tiles: number[] = boardAfter(parseBoard('1 2 3 4 0 6 7 5 8'), [5, 8]).concat(randomBoard(4, 'blank-last', 7));
  lines.push(tiles.join(' '), String(solver.solution?.length ?? 0), solver.status, solver.heuristic, solver.goal);
  const builder = new PatternDatabaseBuilder('blank-last');
  if (builder.work(1000) && !patternDatabasesReady('blank-last')) builder.install();
  loadPatternDatabases('blank-last', exportPatternDatabases('blank-last'));
  solver.free();

  // A pool's coordinator and one worker's searcher, in one place.
  const run = new ParallelSearch({ board: '8 6 7 2 5 4 3 0 1', order: 'udlr', workers: 2 });
  const searcher = new PacketSearcher({ board: '8 6 7 2 5 4 3 0 1', order: 'udlr' });
  for (let it: ParallelIteration | null; (it = run.iteration()) !== null;) {
    for (const packet of it.packets) {
      if (!run.needed(packet.index)) continue;
      const task: PacketTask = { iteration: it.iteration, threshold: it.threshold, packet };
      const result: PacketResult = searcher.search(task);
      lines.push(`${result.index}: ${result.visited} ${result.nextThreshold ?? 'solved'} ${result.solution?.length ?? '-'}`);
      if (run.accept(result)) break;
    }
  }
  const parallel: RunSummary = run.summary;
  lines.push(String(parallel.length));
  run.free();
  searcher.free();
  // @ts-expect-error: the searcher takes the coordinator's options without workers
  new PacketSearcher({ board: '8 6 7 2 5 4 3 0 1', workers: 2 });

  // @ts-expect-error: not a heuristic
  new Solver({ board: '1 2 3 4 0 6 7 5 8', heuristic: 'euclid' });
  // @ts-expect-error: not a goal convention
  describeBoard('1 2 3 4 0 6 7 5 8', 'blank-middle');
  const first = new Solver(options).step();
  // @ts-expect-error: only some events have a threshold; narrow by type first
  lines.push(String(first?.threshold));
  return lines;
}
