// The guard over wasm-bindgen's glue: `make build` writes this file as www/pkg/tilesearch.js,
// next to the generated glue (renamed tilesearch_glue.js), and appends a guarded export of each
// of the glue's functions. Pages import `./pkg/tilesearch.js` as before: the same names,
// default init, initSync and tilesearch.d.ts.
//
// Why: the generated Rust side of every method checks that the object is alive and not in use
// (wasm-bindgen's "null pointer passed to rust", "recursive use of an object detected…",
// "attempted to take ownership…") and throws from inside wasm. A JS exception that unwinds
// through wasm frames never restores the shadow stack pointer and leaves the object borrowed:
// after a few thousand, every object of the instance traps. So those calls are stopped here,
// before they enter wasm, with a TileSearchError whose message comes from the module
// (`Error::Freed`, `Error::Busy`, `Error::WrongThis` in src/error.rs):
// - a method or getter of a freed object: kind "freed" (`free()` twice stays harmless);
// - a call on an object while another call on it has not returned (from its own `onEvent` or
//   an option getter): kind "busy";
// - a method called on something that is not such an object: kind "wrong-this".
//
// One unwinding cannot be stopped before it starts: a JS exception raised after a call entered
// wasm, when the JS stack runs out inside one of the module's imports or inside the glue's own
// error handling. The module exports its shadow-stack pointer (.cargo/config.toml), so:
// - every call notes the pointer; when it throws with the pointer moved, the guard puts it back,
//   retires the object in the call (its Rust side may be half-changed and stays borrowed) and
//   throws kind "interrupted" (`Error::Interrupted`);
// - that repair itself runs near the end of the stack and may fail, so it is also done lazily:
//   whenever no call is inside the module, the pointer must be where init left it, and the next
//   outermost call puts it back and retires what the failed repair could not. The bookkeeping
//   before a repair uses plain property stores only, which cannot run out of stack.
//
// The exported classes wrap the glue's: each object holds its glue object, which no caller
// reaches, so the glue's own checks can never fire.
import * as glue from './tilesearch_glue.js';

/** The module's `__stack_pointer` global and its value while no call is inside the module. */
let stackPointer;
let restingStackPointer;
/** Guarded calls in progress (nested ones come from `onEvent` and option getters). */
let depth = 0;
/** The newest object whose call threw since the last outermost call: a list through `.next`. */
let suspects = null;

/** Initialises the module (as the glue's default export does) and notes its stack pointer. */
export default async function init(moduleOrPath) {
  const options = withMemory(moduleOrPath, 'module_or_path');
  try {
    return noteExports(await glue.default(options));
  } catch (error) {
    throw unlinked(error, options);
  }
}

/** Initialises the module synchronously (as the glue's `initSync` does). */
export function initSync(module) {
  const options = withMemory(module, 'module');
  try {
    return noteExports(glue.initSync(options));
  } catch (error) {
    throw unlinked(error, options);
  }
}

/** The stand-in memories withMemory gave. */
const standIns = new WeakSet();

/**
 * The glue's options for `input` (its options object, or the module alone). The glue is the
 * shared-memory module's (tilesearch_shared_bg.wasm, for cross-origin isolated pages), and
 * drives tilesearch_bg.wasm, which has a memory of its own, as well. Given no memory, the glue
 * would make a shared one, which a page that is not isolated may refuse: so a call without one
 * gives a stand-in, which tilesearch_bg.wasm ignores and tilesearch_shared_bg.wasm refuses (it
 * must be given its shared memory: www/platform/shared-memory.js).
 */
function withMemory(input, key) {
  const options = input != null && Object.getPrototypeOf(input) === Object.prototype ? { ...input } : { [key]: input };
  if (options.memory === undefined) {
    options.memory = new WebAssembly.Memory({ initial: 0 });
    standIns.add(options.memory);
  }
  return options;
}

/** `error`, said plainly where the module refused the stand-in: it is the build that must be given its memory. */
function unlinked(error, options) {
  if (!(error instanceof WebAssembly.LinkError) || !standIns.has(options.memory)) return error;
  return new TypeError('this is the core built with shared memory (tilesearch_shared_bg.wasm): init needs its memory, ' +
    '{module_or_path, memory} with a shared WebAssembly.Memory (coreMemory in www/platform/shared-memory.js)', { cause: error });
}

function noteExports(exports) {
  if (stackPointer === undefined && exports.__stack_pointer !== undefined) {
    stackPointer = exports.__stack_pointer;
    restingStackPointer = stackPointer.value;
  }
  return exports;
}

/** The thrown value as a short text for a message; never throws. */
function describe(thrown) {
  try {
    return String(thrown).slice(0, 100);
  } catch {
    return 'a value that cannot be shown';
  }
}

/** The TileSearchError for `kind`, with the module's message. */
function guardError(kind, className, member, detail = '') {
  try {
    return glue.__tilesearchGuardError(kind, className, member, detail);
  } catch {
    // Before init (so only "wrong-this" gets here), or with the JS stack run out.
    const error = new Error(stackPointer === undefined
      ? `${className}.prototype.${member} was called before the module was initialised`
      : `${member}: ${kind} (${detail})`);
    error.name = 'TileSearchError';
    error.kind = kind;
    return error;
  }
}

/** Takes an object out of use for good (idempotent; safe to repeat after a failed try). */
function retire(record) {
  record.retired = true;
  if (!record.destroyed) {
    // Off the glue's FinalizationRegistry, whose free would throw inside wasm on the borrowed
    // object; its memory is left to the module.
    record.glue.__destroy_into_raw();
    record.destroyed = true;
  }
}

/** At an outermost call: puts back a stack pointer a failed repair left moved. */
function settle() {
  if (stackPointer === undefined) return;
  const moved = stackPointer.value !== restingStackPointer;
  if (moved) stackPointer.value = restingStackPointer;
  while (suspects !== null) {
    const record = suspects;
    if (record.unwound || (moved && record.threw)) retire(record);
    suspects = record.next;
    record.listed = false;
  }
}

/**
 * Runs `f`, a call into the glue, for `member` of `record`'s object (no record: a function or
 * a constructor). When it throws with the stack pointer moved, repairs the module and throws
 * kind "interrupted".
 */
function entered(className, member, f, record) {
  if (depth === 0) settle();
  const before = stackPointer?.value;
  depth += 1;
  try {
    return f();
  } catch (thrown) {
    if (record !== undefined) {
      record.threw = true;
      record.cause = thrown;
      if (!record.listed) {
        record.listed = true;
        record.next = suspects;
        suspects = record;
      }
    }
    if (before === undefined || stackPointer.value === before) {
      if (record !== undefined) record.threw = false;
      throw thrown;
    }
    if (record !== undefined) record.unwound = true;
    stackPointer.value = before;
    if (record !== undefined) retire(record);
    const error = guardError('interrupted', record === undefined ? '' : className, member, describe(thrown));
    // The error's own making may have unwound too; put the pointer back once more.
    stackPointer.value = before;
    error.cause = thrown;
    throw error;
  } finally {
    depth -= 1;
  }
}

/** A guarded module function (the exports patch-pkg.mjs appends use it). */
// eslint-disable-next-line no-unused-vars
function guardFunction(f, name) {
  return { [name](...args) { return entered('', name, () => Reflect.apply(f, undefined, args)); } }[name];
}

/** The public members of a glue class: its own methods and getters but wasm-bindgen's `__…`. */
function publicMembers(Glue) {
  return Reflect.ownKeys(Glue.prototype).filter((key) =>
    typeof key === 'string' && key !== 'constructor' && !key.startsWith('__'));
}

/**
 * A guarded object → the `target` of its class: a method that takes another object of the
 * module (ParallelSearch.searchWhole(searcher)) is handed its glue object, checked as `this` is.
 */
const owners = new WeakMap();

function guardClass(Glue, className) {
  // A live object → its record: the glue object, the call running on it ('' when none) and
  // what `entered` notes when a call throws.
  const records = new WeakMap();
  const freed = new WeakSet();

  /** The record of `self`, or the error for a freed, retired, busy or foreign `self`. */
  function target(self, member) {
    if (depth === 0) settle();
    const record = typeof self === 'object' && self !== null ? records.get(self) : undefined;
    if (record === undefined) {
      throw guardError(freed.has(self) ? 'freed' : 'wrong-this', className, member);
    }
    if (record.retired) {
      const error = guardError('interrupted', className, member, describe(record.cause));
      error.cause = record.cause;
      throw error;
    }
    if (record.running !== '') throw guardError('busy', className, member, record.running);
    return record;
  }

  function call(self, member, f, args) {
    const record = target(self, member);
    // Objects of the module among the arguments: their glue objects, alive and not in use
    // (a freed or busy one is refused here, before the call enters wasm).
    const held = [];
    try {
      const plain = args.map((arg) => {
        const of = typeof arg === 'object' && arg !== null ? owners.get(arg) : undefined;
        if (of === undefined) return arg;
        const argument = of(arg, member);
        argument.running = member;
        held.push(argument);
        return argument.glue;
      });
      record.running = member;
      return entered(className, member, () => Reflect.apply(f, record.glue, plain), record);
    } catch (error) {
      // The glue refuses an argument that is not an object of the class it takes before it
      // enters wasm ("expected instance of PacketSearcher"): the same error, with a kind. The
      // build checks that the glue still words it so (patch-pkg.mjs).
      const expected = /^expected instance of (\w+)$/.exec(error?.message ?? '');
      if (!expected || error?.name !== 'Error') throw error;
      const culprit = args.find((arg) => arg?.constructor?.name !== expected[1] || !owners.has(arg));
      const got = owners.has(culprit) ? `a ${culprit.constructor.name}` : describe(culprit);
      const wrong = new Error(`${className}.${member} takes a ${expected[1]} of this module, got ${got}`);
      wrong.name = 'TileSearchError';
      /** @type {any} */ (wrong).kind = 'invalid-option';
      throw wrong;
    } finally {
      record.running = '';
      for (const argument of held) argument.running = '';
    }
  }

  const Guarded = {
    [className]: class {
      constructor(...args) {
        const object = entered(className, className, () => new Glue(...args));
        records.set(this, { glue: object, running: '', threw: false, unwound: false, retired: false,
          destroyed: false, cause: undefined, listed: false, next: null });
        owners.set(this, target);
      }

      free() {
        if (typeof this === 'object' && this !== null && freed.has(this)) return;
        const record = typeof this === 'object' && this !== null ? records.get(this) : undefined;
        if (record?.retired) {
          retire(record);
          records.delete(this);
          freed.add(this);
          return;
        }
        target(this, 'free');
        records.delete(this);
        freed.add(this);
        entered(className, 'free', () => record.glue.free());
      }
    },
  }[className];
  for (const key of publicMembers(Glue)) {
    if (key === 'free') continue;
    const { value, get, set } = Object.getOwnPropertyDescriptor(Glue.prototype, key);
    if (typeof value === 'function') {
      Object.defineProperty(Guarded.prototype, key, {
        value: { [key](...args) { return call(this, key, value, args); } }[key],
        writable: true, configurable: true,
      });
    } else if (get !== undefined && set === undefined) {
      Object.defineProperty(Guarded.prototype, key, {
        get() { return call(this, key, get, []); },
        configurable: true,
      });
    } else {
      throw new Error(`tilesearch guard: ${className}.${key} is neither a method nor a getter`);
    }
  }
  if (typeof Symbol.dispose === 'symbol') Guarded.prototype[Symbol.dispose] = Guarded.prototype.free;
  return Guarded;
}

export const Solver = guardClass(glue.Solver, 'Solver');
export const PatternDatabaseBuilder = guardClass(glue.PatternDatabaseBuilder, 'PatternDatabaseBuilder');
export const ParallelSearch = guardClass(glue.ParallelSearch, 'ParallelSearch');
export const PacketSearcher = guardClass(glue.PacketSearcher, 'PacketSearcher');
export const RunProfiler = guardClass(glue.RunProfiler, 'RunProfiler');
