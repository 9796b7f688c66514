// The solver worker's protocol: every message between the page's pool (worker-pool.js and its
// jobs) and the worker (solver-worker.js), in one table. Both ends check what they receive with
// checkMessage, so a malformed message becomes a ProtocolError naming the message and the field,
// never a silent drop or an exception inside onmessage. protocol-types.d.ts (the senders'
// types, checked by tsc) is generated from this table by scripts/protocol-types.mjs, and
// tests/js/protocol.test.mjs fails when it is stale or when a handler is missing.
//
// A field's type: 'goal' (a goal convention's name), 'options' (a Solver's or a check's
// options: an object), 'id' (a whole number ≥ 1), 'count' (a whole number ≥ 0), 'part' (0, 1 or 2:
// a pattern), 'number', 'string', 'boolean', 'object' (a plain object), 'bytes' (a Uint8Array),
// 'words' (a Uint32Array of trace records), 'module' (a WebAssembly.Module), 'memory' (a shared
// WebAssembly.Memory: the workers' one memory), 'trace' (a string
// or a Blob), 'port' (a MessagePort: a parallel search's line between two workers), 'flag' (an
// Int32Array of one element over a SharedArrayBuffer: a flag both ends see), 'any'; `T|null` also takes null, a trailing '?' makes the field optional; [T] is
// an array of T, and {…} an object with these fields.

const GOAL = 'goal';
const PACKET = { iteration: 'count', threshold: 'count', packet: { index: 'count', path: ['count'] } };

/** What the page sends to the worker, by type. */
export const TO_WORKER = {
  init: { module: 'module', memory: 'memory?' },
  start: { client: 'id', session: 'id', options: 'options', from: 'count', untilRaise: 'boolean', credits: 'count', batchEvents: 'id' },
  credit: { client: 'id', session: 'id' },
  stop: { client: 'id', session: 'id' },
  release: { client: 'id' },
  check: { client: 'id', request: 'id', options: 'options', trace: 'trace' },
  databases: { goal: GOAL, cacheOnly: 'boolean?' },
  'databases-part': { goal: GOAL, part: 'part' },
  'databases-parts': { goal: GOAL, parts: ['bytes'], store: 'boolean' },
  'databases-load': { goal: GOAL, bytes: 'bytes' },
  packets: { items: [{ search: 'id', options: 'options?', job: 'id', work: PACKET }] },
  'packets-drop': { search: 'id', jobs: ['id'] },
  'packets-close': { search: 'id' },
  // A parallel search led by this worker (lead-search.js): its coordinator runs here, and
  // `peers` name the ports (peer messages) to the team's other workers.
  // Where the workers share one memory, `stop` is the page's flag (set to 1 when it closes the
  // search): the team's search runs there in one call (the core's teamLead), which no message
  // reaches until it ends.
  lead: { search: 'id', options: 'options', workers: 'id', splitAbove: 'count', peers: ['id'], stop: 'flag?' },
  // Sent by a leader on one memory to each other worker of its team, on their line: help
  // team `team` (the core's number) as its worker `worker` until its search is over.
  'team-help': { search: 'id', team: 'id', worker: 'id' },
  // A line to another worker of the pool, kept while both live: packets and their replies
  // travel there, each way (pool-teams.js sends each end once per pair of workers).
  peer: { peer: 'id', port: 'port' },
  compare: { job: 'id', options: 'options', algorithms: ['string'] },
  'compare-stop': { job: 'id' },
  profile: { job: 'id', options: 'options' },
  'profile-stop': { job: 'id' },
  quality: { job: 'id', options: 'options' },
};

const PACKET_REPLY = {
  type: 'string', search: 'id', job: 'id', result: 'object?', ms: 'number?', memory: 'count?', name: 'string?', message: 'string?',
};

/** What the worker sends to the page, by type. */
export const FROM_WORKER = {
  // The core is instantiated (answer to init), or could not be: `error` says why.
  ready: { error: 'string|null' },
  batch: { client: 'id', session: 'id', records: 'words', snapshot: 'object', finished: 'boolean' },
  error: { client: 'id', session: 'id', message: 'string' },
  checked: { client: 'id', request: 'id', verdict: 'object' },
  'check-error': { client: 'id', request: 'id', name: 'string', message: 'string' },
  databases: { goal: GOAL, source: 'string', seconds: 'number', notKept: 'string|null', bytes: 'bytes' },
  'databases-missing': { goal: GOAL },
  'databases-progress': { goal: GOAL, progress: 'number' },
  'databases-error': { goal: GOAL, message: 'string' },
  'databases-part': { goal: GOAL, part: 'part', bytes: 'bytes', seconds: 'number' },
  'databases-part-progress': { goal: GOAL, part: 'part', progress: 'number' },
  'databases-part-error': { goal: GOAL, part: 'part', message: 'string' },
  'databases-loaded': { goal: GOAL },
  'databases-load-error': { goal: GOAL, message: 'string' },
  'databases-kept': { goal: GOAL, notKept: 'string|null' },
  'packet-replies': { items: [PACKET_REPLY] },
  'lead-progress': { search: 'id', progress: 'object' },
  'lead-result': { search: 'id', summary: 'object', balance: ['object'], packets: 'object', seconds: 'number' },
  'lead-error': { search: 'id', name: 'string', message: 'string', kind: 'string?' },
  'compare-progress': { job: 'id', algorithm: 'string', nodes: 'count', seconds: 'number' },
  'compare-result': {
    job: 'id', algorithm: 'string', status: 'string', length: 'count|null', expanded: 'count', generated: 'count',
    maxFrontier: 'count|null', reached: 'count|null', seconds: 'number',
  },
  'compare-done': { job: 'id' },
  'compare-error': { job: 'id', name: 'string', message: 'string' },
  'profile-progress': { job: 'id', profile: 'object', nodes: 'count', seconds: 'number' },
  'profile-result': { job: 'id', profile: 'object', seconds: 'number' },
  'profile-astar': { job: 'id', status: 'string', expanded: 'count', reached: 'count|null', length: 'count|null' },
  'profile-error': { job: 'id', name: 'string', message: 'string' },
  'quality-result': { job: 'id', quality: 'object' },
  'quality-error': { job: 'id', name: 'string', message: 'string' },
  // The worker's answer to a message it could not take (checkMessage's reason), with the
  // fields that say whose it was, so the pool can fail that request and no other.
  'protocol-error': { received: 'string', message: 'string', client: 'id?', session: 'id?', request: 'id?', goal: 'string?', job: 'id?' },
};

/** The table for each direction: 'to-worker' or 'from-worker'. */
export const PROTOCOL = { 'to-worker': TO_WORKER, 'from-worker': FROM_WORKER };

/** A message that breaks the protocol: `type` the message's type (or what stood there), `field` the field at fault (null: the message itself). */
export class ProtocolError extends Error {
  constructor(direction, type, field, message) {
    super(message);
    this.name = 'ProtocolError';
    this.direction = direction;
    this.type = type;
    this.field = field;
  }
}

const describe = (value) => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  if (typeof value === 'string') return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  if (typeof value === 'object') return `a ${value.constructor?.name ?? 'null-prototype object'}`;
  return typeof value === 'number' ? String(value) : typeof value;
};

/** @type {Record<string, [(value: any) => boolean, string]>} */
const SCALARS = {
  goal: [(v) => typeof v === 'string', 'a goal convention (a string)'],
  options: [(v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v), 'an object of options'],
  id: [(v) => Number.isSafeInteger(v) && v >= 1, 'a whole number from 1'],
  count: [(v) => Number.isSafeInteger(v) && v >= 0, 'a whole number from 0'],
  part: [(v) => v === 0 || v === 1 || v === 2, 'a pattern: 0, 1 or 2'],
  number: [(v) => typeof v === 'number' && !Number.isNaN(v), 'a number'],
  string: [(v) => typeof v === 'string', 'a string'],
  boolean: [(v) => typeof v === 'boolean', 'true or false'],
  object: [(v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v), 'an object'],
  bytes: [(v) => v instanceof Uint8Array, 'a Uint8Array'],
  words: [(v) => v instanceof Uint32Array, 'a Uint32Array'],
  module: [(v) => typeof WebAssembly !== 'undefined' && v instanceof WebAssembly.Module, 'a WebAssembly.Module'],
  memory: [(v) => typeof WebAssembly !== 'undefined' && v instanceof WebAssembly.Memory, 'a WebAssembly.Memory'],
  trace: [(v) => typeof v === 'string' || (typeof Blob !== 'undefined' && v instanceof Blob), 'a string or a Blob'],
  port: [(v) => typeof MessagePort !== 'undefined' && v instanceof MessagePort, 'a MessagePort'],
  flag: [(v) => v instanceof Int32Array && v.length === 1 && typeof SharedArrayBuffer !== 'undefined' && v.buffer instanceof SharedArrayBuffer,
    'an Int32Array of one element over a SharedArrayBuffer'],
  any: [() => true, 'anything'],
};

/** Why `value` is not of `type` (the table's notation), or null when it is. */
function fault(type, value, path) {
  if (Array.isArray(type)) {
    if (!Array.isArray(value)) return `${path} must be an array, not ${describe(value)}`;
    for (let i = 0; i < value.length; i += 1) {
      const inner = fault(type[0], value[i], `${path}[${i}]`);
      if (inner) return inner;
    }
    return null;
  }
  if (typeof type === 'object') {
    if (!SCALARS.object[0](value)) return `${path} must be an object, not ${describe(value)}`;
    for (const [field, fieldType] of Object.entries(type)) {
      const inner = fieldFault(fieldType, value, field, `${path}.${field}`);
      if (inner) return inner;
    }
    return null;
  }
  const alternatives = type.split('|');
  if (alternatives.some((t) => (t === 'null' ? value === null : SCALARS[t][0](value)))) return null;
  return `${path} must be ${alternatives.map((t) => (t === 'null' ? 'null' : SCALARS[t][1])).join(' or ')}, not ${describe(value)}`;
}

function fieldFault(fieldType, holder, field, path) {
  const optional = typeof fieldType === 'string' && fieldType.endsWith('?');
  if (!(field in holder) || holder[field] === undefined) return optional ? null : `${path} is missing`;
  return fault(optional ? fieldType.slice(0, -1) : fieldType, holder[field], path);
}

/**
 * Checks a message against the protocol: null when `data` is a message of the table for
 * `direction` ('to-worker' or 'from-worker') with every field of the right type, else a
 * ProtocolError that names the message type and the field. Pure; never throws.
 * @param {'to-worker' | 'from-worker'} direction
 * @param {unknown} data
 * @returns {ProtocolError | null}
 */
export function checkMessage(direction, data) {
  const table = PROTOCOL[direction];
  if (!table) return new ProtocolError(direction, null, null, `unknown direction ${describe(direction)}: 'to-worker' or 'from-worker'`);
  const to = direction === 'to-worker' ? 'the solver worker' : 'the page';
  if (!SCALARS.object[0](data)) return new ProtocolError(direction, null, null, `a message to ${to} must be an object with a type, not ${describe(data)}`);
  const { type } = /** @type {{type?: unknown}} */ (data);
  if (typeof type !== 'string' || !Object.hasOwn(table, type)) {
    return new ProtocolError(direction, typeof type === 'string' ? type : null, 'type',
      `${to} takes no message of type ${describe(type)} (it takes ${Object.keys(table).join(', ')})`);
  }
  for (const [field, fieldType] of Object.entries(table[type])) {
    const problem = fieldFault(fieldType, data, field, field);
    if (problem) return new ProtocolError(direction, type, field, `${type} message to ${to}: ${problem}`);
  }
  return null;
}

/**
 * Throws unless `handlers` has one handler for every message type of `direction` and no other:
 * each end calls it on its handler table when it loads, so a message type without a handler
 * fails at once, not when the message first comes.
 * @param {'to-worker' | 'from-worker'} direction
 * @param {object} handlers
 */
export function checkHandlers(direction, handlers) {
  const types = Object.keys(PROTOCOL[direction]);
  const missing = types.filter((type) => typeof handlers[type] !== 'function');
  const extra = Object.keys(handlers).filter((type) => !types.includes(type));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(`the ${direction} handlers do not match the protocol: ${missing.length ? `missing ${missing.join(', ')}` : ''}` +
      `${missing.length && extra.length ? '; ' : ''}${extra.length ? `not in the protocol ${extra.join(', ')}` : ''}`);
  }
}

/**
 * The fields of a malformed message that still say whose it was (those of the right type), for
 * the worker's protocol-error reply.
 * @param {any} data
 */
export function addressOf(data) {
  const address = {};
  if (!SCALARS.object[0](data)) return address;
  for (const [field, type] of Object.entries(FROM_WORKER['protocol-error'])) {
    if (field === 'received' || field === 'message') continue;
    if (data[field] !== undefined && !fault(type.slice(0, -1), data[field], field)) address[field] = data[field];
  }
  return address;
}
