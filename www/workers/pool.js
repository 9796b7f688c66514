// The page's one pool of solver workers (worker-pool.js) with its jobs, and what the rest of the
// page asks of it: a widget's client (worker-client.js), a parallel search's team, a comparison.
import { WorkerPool, POOL_LIMIT } from './worker-pool.js';
import { StreamJob } from './pool-streams.js';
import { DatabaseJob } from './pool-databases.js';
import { CheckJob } from './pool-checks.js';
import { TeamJob } from './pool-teams.js';
import { CompareJob } from './pool-compare.js';
import { WholeJob } from './pool-whole.js';

export { POOL_LIMIT, POOL_SIZE } from './worker-pool.js';

/** Makes the pool's jobs (WorkerPool's constructor calls it with the pool). */
export const makeJobs = (pool) => {
  const streams = new StreamJob(pool);
  const databases = new DatabaseJob(pool);
  return { streams, databases, checks: new CheckJob(pool, streams), teams: new TeamJob(pool, databases), compare: new CompareJob(pool, databases),
    whole: new WholeJob(pool, databases) };
};

/** The page's pool: every widget, parallel search and comparison shares it. */
export const pool = new WorkerPool(makeJobs);

/** @type {ReturnType<typeof makeJobs>} */
export const jobs = pool.jobs;

/**
 * A team of `workers` of the page's pool for one parallel search (at most POOL_LIMIT, one per
 * core); `module` is the page's compiled core, for workers started now. Throws (with
 * `refused: true`) where the page cannot start workers.
 * @returns {import('./pool-teams.js').Team}
 */
export const openTeam = (module, workers) => jobs.teams.team(workers, module);

/**
 * Keeps the page's workers (and the pattern databases they hold) between parallel searches
 * until the returned function is called: for a run of many searches, as the benchmark page
 * makes (a widget's own client keeps them while it lives). Starts one per core, and resolves
 * once each has its core up, so that the first search's team finds every worker ready (a
 * worker still loading takes none of a short search's packets). Throws where workers are
 * refused.
 * @returns {Promise<() => void>}
 */
export async function keepWorkers(module) {
  const id = pool.join(module);
  pool.grow(POOL_LIMIT);
  await Promise.all(pool.slots.map((slot) => slot.up));
  return () => pool.leave(id);
}

/**
 * Compare: `algorithms` run one after another on `options` in a worker of the pool
 * (pool-compare.js CompareJob.compare): {done, stop}.
 * @type {import('./pool-compare.js').CompareJob['compare']}
 */
export const compareAlgorithms = (module, options, algorithms, listeners) => jobs.compare.compare(module, options, algorithms, listeners);

/**
 * The whole run: IDA* to the end on `options`, counted per iteration and depth, then A*, in a
 * worker of the pool (pool-whole.js WholeJob.profile): {done, stop}.
 * @type {import('./pool-whole.js').WholeJob['profile']}
 */
export const profileRun = (module, options, listeners) => jobs.whole.profile(module, options, listeners);

/**
 * A heuristic's h against h* (the core's heuristicQuality) in a worker of the pool.
 * @type {import('./pool-whole.js').WholeJob['quality']}
 */
export const measureQuality = (module, options) => jobs.whole.quality(module, options);

/** Workers the page's pool runs now (tests and the benchmark page read it). */
export const poolWorkers = () => pool.size;
