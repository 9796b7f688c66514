// The guard over wasm-bindgen's glue: `make build` writes this file as www/pkg/tilesearch.js,
// next to the generated glue (renamed tilesearch_glue.js), and appends the re-export of the
// glue's functions. Pages import `./pkg/tilesearch.js` as before: the same names, default init,
// initSync and tilesearch.d.ts.
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
// The exported classes wrap the glue's: each object holds its glue object, which no caller
// reaches, so the glue's own checks can never fire.
import * as glue from './tilesearch_glue.js';

/** The TileSearchError for `kind`, with the module's message. */
function guardError(kind, className, member, running = '') {
  try {
    return glue.__tilesearchGuardError(kind, className, member, running);
  } catch {
    // Only before init (no object exists yet, so only "wrong-this" gets here).
    const error = new Error(`${className}.prototype.${member} was called before the module was initialised`);
    error.name = 'TileSearchError';
    error.kind = kind;
    return error;
  }
}

/** The public members of a glue class: its own methods and getters but wasm-bindgen's `__…`. */
function publicMembers(Glue) {
  return Reflect.ownKeys(Glue.prototype).filter((key) =>
    typeof key === 'string' && key !== 'constructor' && !key.startsWith('__'));
}

function guardClass(Glue, className) {
  const inner = new WeakMap(); // a live object → its glue object
  const freed = new WeakSet();
  const running = new WeakMap(); // an object in a call → that call's name

  /** The glue object of `self`, or the error for a freed, busy or foreign `self`. */
  function target(self, member) {
    const object = typeof self === 'object' && self !== null ? inner.get(self) : undefined;
    if (object === undefined) {
      throw guardError(freed.has(self) ? 'freed' : 'wrong-this', className, member);
    }
    const busy = running.get(self);
    if (busy !== undefined) throw guardError('busy', className, member, busy);
    return object;
  }

  function call(self, member, f, args) {
    const object = target(self, member);
    running.set(self, member);
    try {
      return Reflect.apply(f, object, args);
    } finally {
      running.delete(self);
    }
  }

  const Guarded = {
    [className]: class {
      constructor(...args) {
        inner.set(this, new Glue(...args));
      }

      free() {
        if (typeof this === 'object' && this !== null && freed.has(this)) return;
        const object = target(this, 'free');
        inner.delete(this);
        freed.add(this);
        object.free();
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
